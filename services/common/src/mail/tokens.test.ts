import { describe, expect, it } from 'vitest';
import {
  confirmToken,
  confirmUrl,
  unsubscribeMailto,
  unsubscribeToken,
  unsubscribeTokenSubscriber,
  unsubscribeUrl,
  verifyConfirmToken,
  verifyUnsubscribeToken,
} from './tokens';

const SECRET = 'a test secret of enough length';
const DAY = 24 * 60 * 60 * 1000;

describe('newsletter tokens', () => {
  it('a confirm token names its subscriber for 7 days, then expires', () => {
    const now = new Date('2026-11-26T08:00:00Z');
    const token = confirmToken(SECRET, 42, now);
    expect(token).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(verifyConfirmToken(SECRET, token, now)).toBe(42);
    expect(verifyConfirmToken(SECRET, token, new Date(now.getTime() + 7 * DAY - 1000))).toBe(42);
    expect(verifyConfirmToken(SECRET, token, new Date(now.getTime() + 7 * DAY))).toBeNull();
  });

  it('refuses a tampered token, another secret and a token of the other purpose', () => {
    const token = confirmToken(SECRET, 42);
    const [p, id, exp, sig] = token.split('.');
    expect(verifyConfirmToken(SECRET, [p, '43', exp, sig].join('.'))).toBeNull();
    expect(verifyConfirmToken(SECRET, [p, id, String(Number(exp) + 86400 * 30), sig].join('.'))).toBeNull();
    expect(verifyConfirmToken(SECRET, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(verifyConfirmToken('another secret of enough length', token)).toBeNull();
    expect(verifyConfirmToken(SECRET, 'garbage')).toBeNull();

    const unsubscribe = unsubscribeToken(SECRET, 42, 'nonce-1');
    expect(verifyConfirmToken(SECRET, unsubscribe)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, token, 'nonce-1')).toBe(false);
  });

  it('an unsubscribe token holds while the subscriber keeps their nonce, and never expires', () => {
    const token = unsubscribeToken(SECRET, 7, 'nonce-a');
    expect(unsubscribeTokenSubscriber(token)).toBe(7);
    expect(verifyUnsubscribeToken(SECRET, token, 'nonce-a')).toBe(true);
    // A deleted and re-created subscriber has a new nonce: the old link is void.
    expect(verifyUnsubscribeToken(SECRET, token, 'nonce-b')).toBe(false);
    expect(verifyUnsubscribeToken(SECRET, token.replace('u.7.', 'u.8.'), 'nonce-a')).toBe(false);
    expect(unsubscribeTokenSubscriber('u.x.abc')).toBeNull();
  });

  it('builds the links the mails carry', () => {
    expect(confirmUrl('https://nb.example/', 'c.1.2.s-_')).toBe('https://nb.example/newsletter/confirm?token=c.1.2.s-_');
    expect(unsubscribeUrl('https://nb.example', 'u.1.s')).toBe('https://nb.example/newsletter/unsubscribe?token=u.1.s');
    expect(unsubscribeMailto('unsubscribe@nb.example', 'u.1.s')).toBe('mailto:unsubscribe@nb.example?subject=unsubscribe%20u.1.s');
  });
});
