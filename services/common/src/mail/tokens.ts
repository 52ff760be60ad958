import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Signed, URL-safe newsletter tokens (HMAC-SHA256 over purpose, subscriber and
 * a purpose-specific value, so a token of one purpose never passes as another):
 * - confirm: `c.{subscriberId}.{expiry in epoch seconds}.{signature}`, valid 7 days;
 * - unsubscribe: `u.{subscriberId}.{signature}`, signed over the subscriber's
 *   random token_nonce, which the token does not carry: it never expires, cannot
 *   be guessed from the id, and deleting the subscriber voids it.
 */

export const CONFIRM_TOKEN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const ID = /^[1-9]\d{0,15}$/;

export function confirmToken(secret: string, subscriberId: number, now = new Date()): string {
  const expires = Math.floor((now.getTime() + CONFIRM_TOKEN_DAYS * DAY_MS) / 1000);
  const payload = `c.${subscriberId}.${expires}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The subscriber a confirm token names, or null when it is forged, altered, of another purpose or expired. */
export function verifyConfirmToken(secret: string, token: string, now = new Date()): number | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'c' || !ID.test(parts[1]!) || !/^\d{1,12}$/.test(parts[2]!)) return null;
  if (!sameSignature(parts[3]!, sign(secret, parts.slice(0, 3).join('.')))) return null;
  if (Number(parts[2]) * 1000 <= now.getTime()) return null;
  return Number(parts[1]);
}

export function unsubscribeToken(secret: string, subscriberId: number, tokenNonce: string): string {
  return `u.${subscriberId}.${sign(secret, `u.${subscriberId}.${tokenNonce}`)}`;
}

/** The subscriber an unsubscribe token claims to be for; verify it with their nonce (verifyUnsubscribeToken). */
export function unsubscribeTokenSubscriber(token: string): number | null {
  const parts = token.split('.');
  return parts.length === 3 && parts[0] === 'u' && ID.test(parts[1]!) ? Number(parts[1]) : null;
}

export function verifyUnsubscribeToken(secret: string, token: string, tokenNonce: string): boolean {
  const id = unsubscribeTokenSubscriber(token);
  return id !== null && sameSignature(token, unsubscribeToken(secret, id, tokenNonce));
}

const trimSlash = (siteUrl: string) => siteUrl.replace(/\/+$/, '');
export const confirmUrl = (siteUrl: string, token: string) => `${trimSlash(siteUrl)}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (siteUrl: string, token: string) =>
  `${trimSlash(siteUrl)}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
/** The List-Unsubscribe mailto: for clients that only mail; the token in the subject says who. */
export const unsubscribeMailto = (address: string, token: string) =>
  `mailto:${address}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;

const SECRET_KEY = 'newsletter_secret';

/**
 * The secret that signs tokens: NEWSLETTER_SECRET when set, else one generated
 * at first use and kept in system_config, so content (which checks tokens) and
 * the pipeline (which mails them) agree without any setup.
 */
export async function newsletterSecret(db: Knex, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Two processes starting at once both try; the first insert wins and both read it.
  await db('system_config')
    .insert({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict('key')
    .ignore();
  const row = await db('system_config').where({ key: SECRET_KEY }).first('value');
  return row.value as string;
}
