import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../../services/common/src/mail/tokens';
import { MailCatcher } from '../../../services/common/src/mail/catcher';
import { request, until } from '../../support/faults';
import { confirmationRequestsHandled } from '../../support/newsletterEvents';
import { startSystem, type RunningSystem } from '../../support/system';

/**
 * Unsubscribe links (a GET only describes, a POST acts; RFC 8058 one-click
 * through the gateway with no cookie and no redirect) and the providers'
 * bounce/complaint webhook.
 */
const SECRET = 'unsubscribe-test-secret-0123456789';
const WEBHOOK = 'webhook-test-secret-0123456789';
let sys: RunningSystem;
let catcher: MailCatcher;
/** Addresses the mail server refuses for good (550), and once for now (450). */
const refused = new Set<string>();
const deferredOnce = new Set<string>();

beforeAll(async () => {
  catcher = await new MailCatcher({
    port: 0,
    recipientPolicy: (a) => (refused.has(a) ? 550 : deferredOnce.delete(a) ? 450 : undefined),
  }).start();
  sys = await startSystem({
    NEWSLETTER_SECRET: SECRET,
    NEWSLETTER_WEBHOOK_SECRET: WEBHOOK,
    SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
    MAIL_RATE_PER_SECOND: '0',
  });
});
afterAll(async () => {
  await sys?.stop();
  await catcher?.stop();
});

const db = () => sys.database.db;
const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(`${sys.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const row = (id: number) => db()('newsletters').where({ id }).first();

async function confirmedSubscriber(email: string): Promise<{ id: number; token: string }> {
  const [r] = await db()('newsletters').insert({ email, status: 'confirmed', confirmed_at: new Date() }).returning(['id', 'token_nonce']);
  return { id: r.id, token: unsubscribeToken(SECRET, r.id, r.token_nonce) };
}

const oneClick = (token: string, body = 'List-Unsubscribe=One-Click', contentType = 'application/x-www-form-urlencoded') =>
  fetch(`${sys.url}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
    redirect: 'manual',
  });

describe('unsubscribe links', () => {
  it('GET /api/newsletter/unsubscribe describes the link (masked address, status) and never unsubscribes', async () => {
    const { id, token } = await confirmedSubscriber('jane.reader@example.com');
    const info = await request(`${sys.url}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(info).toMatchObject({ status: 200, body: { email: 'j•••@example.com', status: 'confirmed' } });
    // The page at the link itself (what a scanner prefetches) changes nothing either.
    await fetch(`${sys.url}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await row(id)).toMatchObject({ status: 'confirmed', unsubscribed_at: null });
  });

  it('an RFC 8058 one-click POST unsubscribes at once: 200 text, no redirect, no cookie, no sign-in; again is still 200', async () => {
    const { id, token } = await confirmedSubscriber('one.click@example.com');
    const res = await oneClick(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toBe('You are unsubscribed.');
    expect(await row(id)).toMatchObject({ status: 'unsubscribed' });
    expect((await row(id)).unsubscribed_at).not.toBeNull();
    expect((await oneClick(token)).status).toBe(200);
  });

  it('takes the one-click body as multipart/form-data too', async () => {
    const { id, token } = await confirmedSubscriber('multi.part@example.com');
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const res = await fetch(`${sys.url}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'unsubscribed' });
  });

  it('a POST without the one-click field, or with a bad token, changes nothing and names what is wrong', async () => {
    const { id, token } = await confirmedSubscriber('careful@example.com');
    const bare = await oneClick(token, 'something=else');
    expect(bare.status).toBe(400);
    expect((await bare.json()).error.field).toBe('List-Unsubscribe');
    const forged = await oneClick(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'));
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.field).toBe('token');
    expect(await row(id)).toMatchObject({ status: 'confirmed' });
  });

  it("POST /api/newsletter/unsubscribe {token} (the page's button) unsubscribes; a deleted and re-created address voids old links", async () => {
    const first = await confirmedSubscriber('returning@example.com');
    expect(await json('/api/newsletter/unsubscribe', { token: first.token })).toMatchObject({
      status: 200,
      body: { message: 'You are unsubscribed.' },
    });
    await db()('newsletters').where({ id: first.id }).delete();
    const again = await confirmedSubscriber('returning@example.com');
    const stale = await json('/api/newsletter/unsubscribe', { token: first.token });
    expect(stale.status).toBe(400);
    expect(stale.body.error.field).toBe('token');
    expect(await row(again.id)).toMatchObject({ status: 'confirmed' });
  });
});

describe('bounce and complaint webhook', () => {
  const events = (body: unknown, secret = WEBHOOK) => json('/api/newsletter/events', body, { authorization: `Bearer ${secret}` });

  it('refuses a missing or wrong secret with 401', async () => {
    expect((await json('/api/newsletter/events', { events: [] })).status).toBe(401);
    expect((await events({ events: [] }, 'wrong-secret-0123456789')).status).toBe(401);
  });

  it('suppresses permanent bounces, complaints and unsubscribes; a temporary bounce changes nothing', async () => {
    const hard = await confirmedSubscriber('hard.bounce@example.com');
    const soft = await confirmedSubscriber('soft.bounce@example.com');
    const spam = await confirmedSubscriber('complains@example.com');
    const leaves = await confirmedSubscriber('leaves@example.com');
    const res = await events({
      events: [
        { type: 'bounce', email: 'hard.bounce@EXAMPLE.com', permanent: true },
        { type: 'bounce', email: 'soft.bounce@example.com', permanent: false },
        { type: 'complaint', email: 'complains@example.com' },
        { type: 'unsubscribe', email: 'leaves@example.com' },
        { type: 'bounce', email: 'nobody.known@example.com' },
      ],
    });
    expect(res).toMatchObject({ status: 200, body: { suppressed: 3 } });
    expect(await row(hard.id)).toMatchObject({ status: 'bounced', suppressed_reason: 'bounce' });
    expect(await row(soft.id)).toMatchObject({ status: 'confirmed', suppressed_at: null });
    expect(await row(spam.id)).toMatchObject({ status: 'complained', suppressed_reason: 'complaint' });
    expect(await row(leaves.id)).toMatchObject({ status: 'unsubscribed' });
  });

  it('a suppressed address that subscribes within 30 days gets no confirmation, and the answer is the same', async () => {
    const { id } = await confirmedSubscriber('bounced.recently@example.com');
    await events({ events: [{ type: 'bounce', email: 'bounced.recently@example.com' }] });
    const res = await json('/api/newsletter/subscribe', { email: 'bounced.recently@example.com' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Check your inbox to confirm your subscription.' } });
    expect(await confirmationRequestsHandled(db(), sys.config.REDIS_PREFIX, id)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'bounced' });
    expect(catcher.messages().filter((m) => m.to.includes('bounced.recently@example.com'))).toEqual([]);
  });

  it('a 550 from the mail server to a confirmation suppresses the address as bounced', async () => {
    refused.add('no.such.mailbox@example.com');
    await json('/api/newsletter/subscribe', { email: 'no.such.mailbox@example.com' });
    await until(
      async () => (await db()('newsletters').where({ email: 'no.such.mailbox@example.com' }).first()).status === 'bounced',
      'bounced after a 550',
    );
    expect(catcher.messages().filter((m) => m.to.includes('no.such.mailbox@example.com'))).toEqual([]);
  });

  it('a 450 to a confirmation is retried: the claim is given back and the mail arrives once', async () => {
    deferredOnce.add('busy.mailbox@example.com');
    await json('/api/newsletter/subscribe', { email: 'busy.mailbox@example.com' });
    await until(() => catcher.messages().some((m) => m.to.includes('busy.mailbox@example.com')), 'the confirmation after a 450');
    expect(deferredOnce.has('busy.mailbox@example.com')).toBe(false);
    const { id } = await db()('newsletters').where({ email: 'busy.mailbox@example.com' }).first();
    await confirmationRequestsHandled(db(), sys.config.REDIS_PREFIX, id);
    expect(catcher.messages().filter((m) => m.to.includes('busy.mailbox@example.com'))).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'pending' });
  });

  it('bad events are a 400 naming the field', async () => {
    const res = await events({ events: [{ type: 'opened', email: 'a@example.com' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('events.0.type');
  });
});
