import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import type { RequestHandler } from 'express';
import { AppError, badRequest, notFound } from '@neuralbeat/common';

const FETCH_TIMEOUT_MS = 8000;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_CACHED_IMAGE_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;
/** Raster formats only: an SVG is a document that can run script when opened from our origin. */
const IMAGE_SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'image/avif': (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' && /avi[fs]/.test(b.subarray(8, 12).toString('latin1')),
  'image/x-icon': (b) => b.readUInt32BE(0) === 0x00000100,
  'image/vnd.microsoft.icon': (b) => b.readUInt32BE(0) === 0x00000100,
};

interface ProxiedImage {
  type: string;
  body: Buffer;
}

const cannotFetch = (why: string) => new AppError(502, 'image_unavailable', `The image could not be fetched: ${why}`);

/** True for an address on the public internet (not loopback, private, link-local, reserved, multicast...). */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

export interface ImageProxyOptions {
  /** The content service, which says whether an address is an image the site shows. */
  contentUrl: string;
  /** Fetch from loopback and private addresses too (an intranet, tests); off on the public internet. */
  allowPrivateAddresses: boolean;
}

/**
 * `GET /media/image?url=…`: remote images served from our own origin, so the
 * CSP can keep `img-src 'self'`. It fetches only addresses the site itself
 * shows (asked of the content service, which knows every stored image), only
 * from public addresses (each DNS answer and redirect checked, so a feed cannot
 * point us at the internal network), only raster images whose bytes match their
 * type, at most 5 MB; answers are cached briefly here and for a day in browsers.
 */
export class ImageProxy {
  private readonly options: ImageProxyOptions;
  private readonly known = new LRUCache<string, boolean>({ max: 10_000, ttl: 5 * 60_000 });
  private readonly images = new LRUCache<string, ProxiedImage>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (i) => i.body.length + 64,
    ttl: 60 * 60_000,
  });
  private readonly inFlight = new Map<string, Promise<ProxiedImage>>();
  private readonly lookup: LookupFunction;

  constructor(options: ImageProxyOptions) {
    this.options = options;
    // The connection goes to the address checked here, so a second DNS answer cannot swap in a private one.
    this.lookup = (hostname, lookupOptions, callback) => {
      dns.lookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 4);
        const allowed = addresses.filter((a) => this.allowed(a.address));
        if (!allowed.length)
          return callback(Object.assign(new Error(`${hostname} is not a public address`), { code: 'ENOTPUBLIC' }), '', 4);
        if (lookupOptions.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
        callback(null, allowed[0]!.address, allowed[0]!.family);
      });
    };
  }

  handler(): RequestHandler {
    return async (req, res) => {
      const url = typeof req.query.url === 'string' ? req.query.url : '';
      if (!/^https?:\/\/[^/]/i.test(url) || url.length > 4096) throw badRequest('url must be an http(s) image address', 'url');
      if (!(await this.isKnown(url))) throw notFound('No such image');
      const image = await this.image(url);
      res.set({
        'content-type': image.type,
        'content-length': String(image.body.length),
        'cache-control': 'public, max-age=86400',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'inline',
      });
      res.end(image.body);
    };
  }

  private allowed(address: string): boolean {
    return this.options.allowPrivateAddresses || isPublicAddress(address);
  }

  private async isKnown(url: string): Promise<boolean> {
    const cached = this.known.get(url);
    if (cached !== undefined) return cached;
    const res = await fetch(`${this.options.contentUrl}/internal/images/known?url=${encodeURIComponent(url)}`, {
      signal: AbortSignal.timeout(2000),
    });
    if (!res.ok) throw new AppError(503, 'service_unavailable', 'The content service is unavailable');
    const { known } = (await res.json()) as { known: boolean };
    this.known.set(url, known);
    return known;
  }

  /** One fetch per address at a time, however many visitors ask for it at once. */
  private image(url: string): Promise<ProxiedImage> {
    const cached = this.images.get(url);
    if (cached) return Promise.resolve(cached);
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.fetch(url, MAX_REDIRECTS).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    return pending.then((image) => {
      if (image.body.length <= MAX_CACHED_IMAGE_BYTES) this.images.set(url, image);
      return image;
    });
  }

  private fetch(url: string, redirectsLeft: number): Promise<ProxiedImage> {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.reject(cannotFetch('not an http(s) address'));
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !this.allowed(host)) return Promise.reject(cannotFetch('not a public address'));
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<ProxiedImage>((resolve, reject) => {
      const request = client.get(
        target,
        {
          lookup: this.lookup,
          timeout: FETCH_TIMEOUT_MS,
          headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9', 'user-agent': 'NeuralBeat-ImageProxy/1.0' },
        },
        (upstream) => {
          const status = upstream.statusCode ?? 0;
          if (status >= 300 && status < 400 && upstream.headers.location) {
            upstream.resume();
            if (!redirectsLeft) return reject(cannotFetch('too many redirects'));
            return resolve(this.fetch(new URL(upstream.headers.location, target).href, redirectsLeft - 1));
          }
          const type = (upstream.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          const declared = Number(upstream.headers['content-length']);
          const refuse = (why: string) => {
            upstream.destroy();
            reject(cannotFetch(why));
          };
          if (status !== 200) return refuse(`the image host answered ${status}`);
          if (!IMAGE_SIGNATURES[type]) return refuse(`${type || 'no type'} is not an image type served here`);
          if (declared > MAX_IMAGE_BYTES) return refuse('the image is too large');
          const chunks: Buffer[] = [];
          let size = 0;
          upstream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_IMAGE_BYTES) return refuse('the image is too large');
            chunks.push(chunk);
          });
          upstream.on('end', () => {
            const body = Buffer.concat(chunks);
            if (body.length < 12 || !IMAGE_SIGNATURES[type]!(body)) return reject(cannotFetch(`the content is not a ${type}`));
            resolve({ type, body });
          });
          upstream.on('error', (err) => reject(cannotFetch(err.message)));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', (err) =>
        reject(cannotFetch((err as NodeJS.ErrnoException).code === 'ENOTPUBLIC' ? 'not a public address' : err.message)),
      );
    });
  }
}
