import { hash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

export type Coding = 'br' | 'gzip';

/** Below this, compressing saves a few hundred bytes at most and costs more than it saves. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Brotli first when the browser takes it (browsers list gzip first at the same weight), else gzip. */
const negotiator = new Negotiator<Coding>({ supportedValues: ['br', 'gzip'], cache: new LRUCache<string, string>({ max: 256 }) });

export const codingFor = (acceptEncoding: string | string[] | undefined): Coding | null =>
  typeof acceptEncoding === 'string' && acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;

/**
 * Levels. A kept answer is compressed once and replayed thousands of times: Brotli 5 is within a few
 * percent of 9 at a twentieth of its time (11 takes over 100 ms for a 19 KB news page). An answer
 * compressed for one visitor only takes the fastest levels that still shrink JSON about threefold,
 * with a 64 KB Brotli window (setting up the default 4 MB one costs more than compressing a page).
 */
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT, BROTLI_PARAM_LGWIN } = zlib.constants;
const LEVELS: Record<'kept' | 'once', Record<Coding, zlib.BrotliOptions & zlib.ZlibOptions>> = {
  kept: {
    br: { params: { [BROTLI_PARAM_QUALITY]: 5, [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT } },
    gzip: { level: 6 },
  },
  once: {
    br: { params: { [BROTLI_PARAM_QUALITY]: 2, [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_LGWIN]: 16 } },
    gzip: { level: 1 },
  },
};

/**
 * A kept answer's variant is made on libuv's thread pool, so the event loop keeps answering meanwhile.
 * An answer sent once is compressed on the event loop: handing a page to the pool and back costs four
 * times the CPU of compressing it there (about 140 µs for 19 KB at these levels).
 */
const compressKept = (coding: Coding, body: Buffer) =>
  new Promise<Buffer>((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (coding === 'br') zlib.brotliCompress(body, LEVELS.kept.br, done);
    else zlib.gzip(body, LEVELS.kept.gzip, done);
  });
const compressOnce = (coding: Coding, body: Buffer) =>
  coding === 'br' ? zlib.brotliCompressSync(body, LEVELS.once.br) : zlib.gzipSync(body, LEVELS.once.gzip);

/** How many bodies were compressed, by coding (what tests observe to see a kept answer compressed once). */
export const compressions: Record<Coding, number> = { br: 0, gzip: 0 };

/**
 * One answer's body and its encoded variants. Its strong ETag is a hash of the identity bytes; each
 * content coding is a representation of its own (RFC 9110 §8.8.3: a strong validator changes with the
 * bytes), so its ETag carries the coding as a suffix. A variant is made on first ask, once, whoever asks
 * while it is being made waits for the same work.
 */
export class ApiBody {
  readonly identity: Buffer;
  private readonly digest: string;
  private readonly level: 'kept' | 'once';
  private readonly made: Partial<Record<Coding, Buffer>> = {};
  private readonly making: Partial<Record<Coding, Promise<Buffer>>> = {};

  constructor(identity: Buffer, level: 'kept' | 'once') {
    this.identity = identity;
    this.level = level;
    this.digest = hash('sha1', identity, 'base64url');
  }

  etag(coding: Coding | null): string {
    return coding ? `"${this.digest}-${coding === 'br' ? 'br' : 'gz'}"` : `"${this.digest}"`;
  }

  /** The variant's bytes, or (while a kept answer's is made) a promise of them. */
  encode(coding: Coding): Buffer | Promise<Buffer> {
    const made = this.made[coding];
    if (made) return made;
    if (this.level === 'once') return (this.made[coding] = this.count(coding, compressOnce(coding, this.identity)));
    return (this.making[coding] ??= compressKept(coding, this.identity).then((out) => (this.made[coding] = this.count(coding, out))));
  }

  private count(coding: Coding, out: Buffer): Buffer {
    compressions[coding]++;
    return out;
  }
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and `*` matches any current representation. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export const withVary = (vary: OutgoingHttpHeaders[string]) => {
  const text = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  return /\baccept-encoding\b/i.test(text) ? text : text ? `${text}, Accept-Encoding` : 'Accept-Encoding';
};

/**
 * Sends a whole answer as the visitor asked for it: in the best coding they accept (bodies of
 * MIN_COMPRESSED_BYTES and more), with its strong ETag, or `304 Not Modified` when their
 * If-None-Match names it. `headers` are the answer's own; HEAD gets them without the body.
 */
export function sendBody(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: ApiBody): void {
  const coding =
    body.identity.length >= MIN_COMPRESSED_BYTES && compressibleType(headers['content-type'])
      ? codingFor(req.headers['accept-encoding'])
      : null;
  const etag = body.etag(coding);
  const common = { ...headers, vary: withVary(headers.vary), etag };
  delete common['content-length'];
  delete common['content-encoding'];
  if (status === 200 && matches(req.headers['if-none-match'], etag)) {
    delete common['content-type'];
    res.writeHead(304, common);
    return void res.end();
  }
  const write = (bytes: Buffer, used: Coding | null) => {
    if (res.destroyed) return;
    res.writeHead(status, {
      ...common,
      ...(used ? { 'content-encoding': used } : { etag: body.etag(null) }),
      'content-length': bytes.length,
    });
    res.end(bytes);
  };
  if (!coding) return write(body.identity, null);
  const encoded = body.encode(coding);
  if (Buffer.isBuffer(encoded)) return write(encoded, coding);
  encoded.then(
    (bytes) => write(bytes, coding),
    () => write(body.identity, null),
  );
}

/** Whether an answer's type is text that compresses (JSON, text, XML, scripts), not an image or an archive. */
export const compressibleType = (contentType: OutgoingHttpHeaders[string]) =>
  typeof contentType === 'string' && /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript))/i.test(contentType);

/** An encoder for an answer streamed through (no known length, or too long to hold): the fast levels. */
export function streamEncoder(coding: Coding): zlib.BrotliCompress | zlib.Gzip {
  return coding === 'br'
    ? zlib.createBrotliCompress({ params: { ...LEVELS.once.br.params, [BROTLI_PARAM_LGWIN]: 22 } })
    : zlib.createGzip(LEVELS.once.gzip);
}
