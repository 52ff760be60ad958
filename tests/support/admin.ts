import type { Knex } from '@neuralbeat/common';
import { SESSION_COOKIE } from '@neuralbeat/common';
import { hashPassword } from '../../services/content/src/services/passwords';
import { until } from './until';

export const ADMIN = { username: 'operator', password: 'correct horse battery staple' };
export const READER = { username: 'reader', password: 'a reader password 123' };

/** Operator and non-operator accounts with real scrypt hashes. */
export async function insertAccounts(db: Knex): Promise<void> {
  await db('users').insert([
    { username: ADMIN.username, password: await hashPassword(ADMIN.password), is_admin: true },
    { username: READER.username, password: await hashPassword(READER.password), is_admin: false },
  ]);
}

/** Signs in through the given origin (the gateway or a service) and returns the Cookie header value. */
export async function signIn(origin: string, account: { username: string; password: string } = ADMIN): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie.split(';')[0]!;
}

/** A call as our own pages make it: the session cookie and our origin. */
export async function adminCall(origin: string, cookie: string | null, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${origin}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      origin,
      ...(cookie ? { cookie } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  // Tests assert on the parsed JSON; they do not need it typed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let body: any;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

/** A browser page already signed in as the operator (the session cookie set from an API sign-in). */
export async function signedInPage<
  P extends { context(): { addCookies(c: { name: string; value: string; url: string }[]): Promise<void> } },
>(page: P, origin: string, account: { username: string; password: string } = ADMIN): Promise<P> {
  const [name, value] = (await signIn(origin, account)).split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: origin }]);
  return page;
}

export { until };
