import { Router, type Request } from 'express';
import {
  AppError,
  parseRequest,
  redisRateLimit,
  requireSameOrigin,
  sessionCookieOptions,
  sessionStoreFor,
  sessionTokenFrom,
  SESSION_COOKIE,
  unauthenticated,
} from '@neuralbeat/common';
import { signInSchema } from '@neuralbeat/common/contracts';
import type { ContentDeps } from './deps';
import { OperatorAccounts } from '../services/operatorAccounts';

const SIGN_IN_WINDOW_MS = 15 * 60_000;
const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Incorrect username or password');

/** Operator sign-in (`/api/auth/*`): sessions in Redis, an httpOnly SameSite=Lax cookie holding only a random token. */
export function authRoutes(deps: ContentDeps): Router {
  const sessions = sessionStoreFor(deps.redis, deps.config);
  const accounts = new OperatorAccounts(deps.db);
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('cache-control', 'private, no-store');
    next();
  });
  router.use(requireSameOrigin(deps.config.SITE_URL));

  // Failed attempts only, per client address and per username, counted in Redis across every content process.
  const limits = {
    redis: deps.redis,
    prefix: deps.config.REDIS_PREFIX,
    limit: deps.config.SIGN_IN_RATE_LIMIT,
    windowMs: SIGN_IN_WINDOW_MS,
    skipSuccessfulRequests: true,
  };
  const perClient = redisRateLimit({ ...limits, name: 'sign-in-client' });
  const perUsername = redisRateLimit({
    ...limits,
    name: 'sign-in-user',
    key: (req: Request) =>
      String((req.body as { username?: unknown } | undefined)?.username ?? '')
        .trim()
        .toLowerCase()
        .slice(0, 64),
  });

  router.post('/login', perClient, perUsername, async (req, res) => {
    const { username, password } = parseRequest(signInSchema, req.body);
    const user = await accounts.signIn(username, password);
    if (!user) throw invalidCredentials();
    // A fresh token on every sign-in, so a token planted before sign-in is worth nothing after it.
    await sessions.destroy(sessionTokenFrom(req));
    const token = await sessions.create(user);
    res.cookie(SESSION_COOKIE, token, sessionCookieOptions(req, deps.config.SITE_URL));
    req.log.info({ userId: user.id, admin: user.isAdmin }, 'signed in');
    res.json({ user });
  });

  router.post('/logout', async (req, res) => {
    await sessions.destroy(sessionTokenFrom(req));
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(req, deps.config.SITE_URL));
    res.status(204).end();
  });

  router.get('/session', async (req, res) => {
    const user = await sessions.get(sessionTokenFrom(req));
    if (!user) throw unauthenticated();
    res.json({ user });
  });

  return router;
}
