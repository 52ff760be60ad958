import fs from 'node:fs';
import http from 'node:http';

// The baseline: node:http answering the same JSON bodies (read once from BARE_BODIES_FILE, keyed by URL), with nothing in between.
const bodies = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.env.BARE_BODIES_FILE!, 'utf8')) as Record<string, string>).map(([url, body]) => [
    url,
    Buffer.from(body),
  ]),
);
const fallback = Buffer.from('{"ok":true}');
http
  .createServer((req, res) => {
    const body = bodies.get(req.url ?? '') ?? fallback;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
