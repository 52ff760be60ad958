import http from 'node:http';

// The baseline: node:http answering a fixed JSON body, with nothing in between.
const bodies = JSON.parse(process.env.BARE_BODIES ?? '{}') as Record<string, string>;
http
  .createServer((req, res) => {
    const body = bodies[req.url ?? ''] ?? '{"ok":true}';
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
