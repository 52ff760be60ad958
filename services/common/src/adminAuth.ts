import { createHash, randomBytes } from 'node:crypto';
import { parseCookie } from 'cookie';
import type { CookieOptions, Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { AppError } from './errors';
import type { Config } from './config';
import type { SessionUser } from './contracts/admin';

/** The operator session cookie: an opaque random token; the session itself lives in Redis. */
export const SESSION_COOKIE = 'nb_session';

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Sign in as an operator to continue');
export const forbidden = (message = 'This account is not an operator account') => new AppError(403, 'forbidden', message);
export const crossSiteRequest = () => new AppError(403, 'cross_site_request', 'Cross-site requests may not change anything here');

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in operator, set by `requireAdmin`. */
    adminUser?: SessionUser;
  }
}

interface StoredSession extends SessionUser {
  createdAt: string;
}

/**
 * Sessions in Redis under `{prefix}:session:{sha256(token)}`, so every service
 * reads the same sessions and a copy of Redis holds no usable token. A session
 * expires after `ttlSeconds` without use; each use starts the clock again.
 */
export class SessionStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  readonly ttlSeconds: number;
  constructor(redis: Redis, prefix: string, ttlSeconds: number) {
    this.redis = redis;
    this.prefix = prefix;
    this.ttlSeconds = Math.max(1, Math.round(ttlSeconds));
  }

  private key(token: string): string {
    return `${this.prefix}:session:${createHash('sha256').update(token).digest('hex')}`;
  }

  /** The keys of a user's sessions, so they can all be ended (a changed password). */
  private userKey(userId: number): string {
    return `${this.prefix}:user-sessions:${userId}`;
  }

  /** Starts a session for the user and returns its token (the cookie value). */
  async create(user: SessionUser): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const session: StoredSession = { id: user.id, username: user.username, isAdmin: user.isAdmin, createdAt: new Date().toISOString() };
    const key = this.key(token);
    // The user's list outlives its sessions: renewed on each sign-in and use, it goes only after a long idle spell.
    await this.redis
      .multi()
      .set(key, JSON.stringify(session), 'EX', this.ttlSeconds)
      .sadd(this.userKey(user.id), key)
      .expire(this.userKey(user.id), this.ttlSeconds * 30)
      .exec();
    return token;
  }

  /** Ends every session of the user (its password changed); returns how many were live. */
  async destroyAllOf(userId: number): Promise<number> {
    const keys = await this.redis.smembers(this.userKey(userId));
    const live = keys.length ? await this.redis.del(...keys) : 0;
    await this.redis.del(this.userKey(userId));
    return live;
  }

  /** The session's user, refreshing its expiry, or null when it does not exist or has expired. */
  async get(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 200) return null;
    const raw = await this.redis.getex(this.key(token), 'EX', this.ttlSeconds);
    if (!raw) return null;
    try {
      const s = JSON.parse(raw) as StoredSession;
      void this.redis.expire(this.userKey(s.id), this.ttlSeconds * 30).catch(() => {});
      return { id: s.id, username: s.username, isAdmin: s.isAdmin };
    } catch {
      return null;
    }
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.redis.del(this.key(token));
  }
}

/** The system's session store, as every service that serves admin calls builds it. */
export function sessionStoreFor(redis: Redis, cfg: Pick<Config, 'REDIS_PREFIX' | 'ADMIN_SESSION_HOURS'>): SessionStore {
  return new SessionStore(redis, cfg.REDIS_PREFIX, cfg.ADMIN_SESSION_HOURS * 3600);
}

export function sessionTokenFrom(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[SESSION_COOKIE] || undefined;
}

/** httpOnly, SameSite=Lax, Secure when the site is served over https (directly or behind a trusted proxy). */
export function sessionCookieOptions(req: Request, siteUrl: string): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure || siteUrl.startsWith('https:'), path: '/' };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from our own pages. Browsers send Sec-Fetch-Site on
 * every fetch (and Origin on every cross-origin or POST request), so a request
 * another site makes a browser send is recognised by either header; a request
 * with neither comes from a non-browser client, which cannot ride on a
 * visitor's cookie. Together with SameSite=Lax this is the CSRF defence.
 */
export function isSameOriginRequest(req: Request, siteUrl: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  const allowed = new Set([new URL(siteUrl).origin]);
  const host = req.get('x-forwarded-host') ?? req.get('host');
  if (host) allowed.add(`${req.protocol}://${host}`);
  return allowed.has(origin);
}

/** Refuses state-changing requests that another site made a browser send. */
export function requireSameOrigin(siteUrl: string): RequestHandler {
  return (req, _res, next) => {
    if (!SAFE_METHODS.has(req.method) && !isSameOriginRequest(req, siteUrl)) return next(crossSiteRequest());
    next();
  };
}

export interface RequireAdminOptions {
  sessions: SessionStore;
  siteUrl: string;
}

/**
 * The one gate of every admin call, in every service that serves one (so a
 * service's own port is guarded too): no session → 401, a signed-in
 * non-operator → 403, a cross-site state change → 403. Admin answers are never
 * cached by anyone.
 */
export function requireAdmin({ sessions, siteUrl }: RequireAdminOptions): RequestHandler {
  const sameOrigin = requireSameOrigin(siteUrl);
  return async (req, res, next) => {
    res.setHeader('cache-control', 'private, no-store');
    const user = await sessions.get(sessionTokenFrom(req));
    if (!user) return next(unauthenticated());
    if (!user.isAdmin) return next(forbidden());
    req.adminUser = user;
    sameOrigin(req, res, next);
  };
}
