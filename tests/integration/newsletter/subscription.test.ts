import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMailListResponse, AdminMailMessage } from '@neuralbeat/common/contracts';
import { confirmToken } from '../../../services/common/src/mail/tokens';
import { FORGET_UNCONFIRMED_QUEUE } from '../../../services/pipeline/src/mail/forgetUnconfirmed';
import { adminCall, insertAccounts, signIn } from '../../support/admin';
import { request, until } from '../../support/faults';
import { startSystem, type RunningSystem } from '../../support/system';
import { testRedis } from '../../support/testEnv';
import { confirmationRequestsHandled } from '../../support/newsletterEvents';

/**
 * Double opt-in over real SMTP: the pipeline runs its own mail catcher (no
 * SMTP_URL, MAIL_CATCHER_PORT=0) and the test reads it as the console does,
 * through GET /api/admin/mail.
 */
const SITE = 'https://neuralbeat.test';
const SECRET = 'subscription-test-secret-0123456789';
let sys: RunningSystem;
let cookie: string;

beforeAll(async () => {
  sys = await startSystem({ SITE_URL: SITE, NEWSLETTER_SECRET: SECRET });
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
});
afterAll(async () => {
  await sys?.stop();
});

const db = () => sys.database.db;
const post = (path: string, body: unknown) =>
  request(`${sys.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const subscribe = (email: string) => post('/api/newsletter/subscribe', { email });
const caught = async () => (await adminCall(sys.url, cookie, '/api/admin/mail')).body as AdminMailListResponse;
const mailsTo = async (address: string) => (await caught()).messages.filter((m) => m.to.includes(address));
const readMail = async (id: string) => (await adminCall(sys.url, cookie, `/api/admin/mail/${id}`)).body.message as AdminMailMessage;
const row = (email: string) => db()('newsletters').where({ email }).first();
/** Waits for the pipeline to handle every confirmation request of a subscriber; returns their number. */
const handled = (subscriberId: number) => confirmationRequestsHandled(db(), sys.config.REDIS_PREFIX, subscriberId);

describe('double opt-in', () => {
  it('subscribe → a confirmation mail over SMTP (HTML and text, one confirm link) → confirm with its token → confirmed', async () => {
    const answer = await subscribe('first.reader@example.com');
    expect(answer).toMatchObject({ status: 200, body: { message: 'Check your inbox to confirm your subscription.' } });
    expect(await row('first.reader@example.com')).toMatchObject({ status: 'pending', confirmed_at: null });

    const [summary] = await until(async () => {
      const mails = await mailsTo('first.reader@example.com');
      return mails.length ? mails : null;
    }, 'the confirmation mail');
    expect(summary).toMatchObject({ from: 'newsletter@neuralbeat.example', subject: 'Confirm your NeuralBeat newsletter subscription' });
    const list = await caught();
    expect(list.enabled).toBe(true);
    expect(list.smtp).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const mail = await readMail(summary!.id);
    const link = `${SITE}/newsletter/confirm?token=`;
    expect(mail.html).toContain(link);
    expect(mail.text).toContain(link);
    expect(mail.headers.find((h) => h.key === 'from')?.value).toBe('NeuralBeat <newsletter@neuralbeat.example>');
    const token = decodeURIComponent(new RegExp(`${link.replace(/[.?]/g, '\\$&')}([^\\s"<&]+)`).exec(mail.text!)![1]!);
    expect((await row('first.reader@example.com')).confirmation_sent_at).not.toBeNull();

    const confirmed = await post('/api/newsletter/confirm', { token });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { message: 'Your subscription is confirmed.', email: 'first.reader@example.com' },
    });
    expect(await row('first.reader@example.com')).toMatchObject({ status: 'confirmed' });
    // The link works again (a second click), and changes nothing.
    expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);
  });

  it('answers the same whether the address is new, pending or confirmed; a confirmed one gets no mail', async () => {
    await subscribe('known.pending@example.com');
    await db()('newsletters').insert({ email: 'known.confirmed@example.com', status: 'confirmed', confirmed_at: new Date() });
    const answers = await Promise.all(['brand.new@example.com', 'known.pending@example.com', 'known.confirmed@example.com'].map(subscribe));
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: answers[0]!.body });
    // Each was asked for alike; the pipeline mailed only the addresses that wait for a confirmation.
    expect(await handled((await row('known.confirmed@example.com')).id)).toBe(1);
    expect(await mailsTo('known.confirmed@example.com')).toEqual([]);
    expect(await row('known.confirmed@example.com')).toMatchObject({ status: 'confirmed', confirmation_sent_at: null });
    await until(async () => (await mailsTo('brand.new@example.com')).length === 1, 'the new address confirmation');
  });

  it('trims the address and lower-cases its domain only, storing it once', async () => {
    await subscribe('  Mixed.Case@Example.COM ');
    await subscribe('Mixed.Case@example.com');
    const rows = await db()('newsletters').whereRaw('lower(email) = ?', ['mixed.case@example.com']);
    expect(rows.map((r: { email: string }) => r.email)).toEqual(['Mixed.Case@example.com']);
    await until(async () => (await mailsTo('Mixed.Case@example.com')).length === 1, 'the one confirmation');
  });

  it('re-sends the confirmation at most once an hour', async () => {
    await subscribe('again@example.com');
    const { id } = await row('again@example.com');
    await until(async () => (await row('again@example.com')).confirmation_sent_at, 'first confirmation sent');
    await subscribe('again@example.com');
    await subscribe('again@example.com');
    expect(await handled(id)).toBe(3);
    expect(await mailsTo('again@example.com')).toHaveLength(1);
    // An hour later, asking again sends a new one.
    await db()('newsletters')
      .where({ id })
      .update({ confirmation_sent_at: db().raw("now() - interval '61 minutes'") });
    await subscribe('again@example.com');
    expect(await handled(id)).toBe(4);
    expect(await mailsTo('again@example.com')).toHaveLength(2);
  });

  it('an unsubscribed address that subscribes again is pending with a new confirmation', async () => {
    const [{ id }] = await db()('newsletters')
      .insert({ email: 'came.back@example.com', status: 'unsubscribed', unsubscribed_at: new Date() })
      .returning('id');
    await subscribe('came.back@example.com');
    expect(await row('came.back@example.com')).toMatchObject({ status: 'pending', unsubscribed_at: null });
    expect(await handled(id)).toBe(1);
    expect(await mailsTo('came.back@example.com')).toHaveLength(1);
  });

  it('a bad, altered, expired or forgotten confirm token is a 400 naming the token', async () => {
    const [{ id }] = await db()('newsletters').insert({ email: 'gone.soon@example.com' }).returning('id');
    const good = confirmToken(SECRET, id);
    const expired = confirmToken(SECRET, id, new Date(Date.now() - 8 * 24 * 3600_000));
    const altered = good.replace(`c.${id}.`, `c.${id + 1000}.`);
    for (const token of ['nonsense', altered, expired, confirmToken('another-secret-0123456789', id)]) {
      const res = await post('/api/newsletter/confirm', { token });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ field: 'token', message: 'This link has expired or is invalid. Please subscribe again.' });
    }
    await db()('newsletters').where({ id }).delete();
    expect((await post('/api/newsletter/confirm', { token: good })).body.error.field).toBe('token');
  });

  it('bad input is a 400 naming the field', async () => {
    expect((await subscribe('not-an-address')).body.error).toMatchObject({ status: 400, field: 'email' });
    expect((await post('/api/newsletter/confirm', {})).body.error).toMatchObject({ status: 400, field: 'token' });
    expect((await request(`${sys.url}/api/newsletter/unsubscribe`)).body.error).toMatchObject({ status: 400, field: 'token' });
  });

  it('the bounce webhook is off (404) while no NEWSLETTER_WEBHOOK_SECRET is set', async () => {
    const res = await post('/api/newsletter/events', { events: [] });
    expect(res.status).toBe(404);
  });
});

describe('unconfirmed addresses are forgotten after 7 days', () => {
  it('by the hourly job scheduler: pending rows quiet for 7 days go, younger and confirmed ones stay', async () => {
    const old = new Date(Date.now() - 8 * 24 * 3600_000);
    const recent = new Date(Date.now() - 6 * 24 * 3600_000);
    await db()('newsletters').insert([
      { email: 'forgotten@example.com', status: 'pending', created_at: old, updated_at: old },
      { email: 'still.waiting@example.com', status: 'pending', created_at: recent, updated_at: recent },
      { email: 'long.confirmed@example.com', status: 'confirmed', created_at: old, updated_at: old },
    ]);
    const queue = new Queue(FORGET_UNCONFIRMED_QUEUE, { connection: testRedis(), prefix: sys.config.REDIS_PREFIX });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => Number(s.every))).toEqual([3600_000]);
      // The scheduler's next run is an hour away: run the same job now.
      await queue.add('forget', {});
      await until(async () => !(await row('forgotten@example.com')), 'the old pending address forgotten');
      expect(await row('still.waiting@example.com')).toBeTruthy();
      expect(await row('long.confirmed@example.com')).toBeTruthy();
    } finally {
      await queue.close();
    }
  });
});
