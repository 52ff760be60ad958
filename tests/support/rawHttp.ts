import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given over a fresh TCP connection (what fetch will not
 * send: malformed request lines, bodies shorter than their Content-Length, raw
 * invalid UTF-8) and reads one response until the connection closes or `waitMs`.
 */
export function rawRequest(origin: string, request: string | Buffer, waitMs = 5000): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      if (!status) return reject(new Error(`No HTTP response within ${waitMs} ms (got ${JSON.stringify(text.slice(0, 200))})`));
      const headers = Object.fromEntries(
        headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      // One full response with a Content-Length is enough; do not wait for keep-alive to end.
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(text.slice(0, split))?.[1];
      if (split >= 0 && length !== undefined && Buffer.byteLength(text.slice(split + 4)) >= Number(length)) finish();
    });
    socket.on('end', finish);
    socket.on('error', () => finish());
    socket.write(request);
  });
}
