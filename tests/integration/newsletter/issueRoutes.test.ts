import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher, type CaughtMail } from '../../../services/common/src/mail/catcher';
import { adminCall, insertAccounts, signIn } from '../../support/admin';
import { until } from '../../support/faults';
import { startSystem, type RunningSystem } from '../../support/system';

/**
 * The console's issue routes that Send now does not cover: a test copy to one
 * address, the dry run's count, scheduling (its validation, the delayed send,
 * the refusal once an issue is sending or sent) and unknown ids. Mail goes
 * over SMTP to a catcher of the test's own, which can hold one address back
 * with 450s to keep an issue in `sending`.
 */
const SITE = 'https://neuralbeat.test';
const ISSUES = '/api/admin/newsletter/issues';
const CONFIRMED = ['first@example.com', 'second@example.com'];
const mails: CaughtMail[] = [];
let holdBack: string | null = null;
let catcher: MailCatcher;
let sys: RunningSystem;
let cookie: string;

beforeAll(async () => {
  catcher = await new MailCatcher({
    port: 0,
    recipientPolicy: (address) => (address === holdBack ? 450 : undefined),
    onMessage: (m) => mails.push(m as CaughtMail),
  }).start();
  sys = await startSystem({
    SITE_URL: SITE,
    SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
    MAIL_RATE_PER_SECOND: '0',
    NEWSLETTER_SECRET: 'issue-routes-test-secret-0123456789',
    PIPELINE_BACKOFF_MS: '100',
  });
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
  const now = new Date();
  await sys.database.db('newsletters').insert([
    ...CONFIRMED.map((email) => ({ email, status: 'confirmed', confirmed_at: now })),
    // None of these is a recipient: not confirmed yet, suppressed by a bounce or a complaint, unsubscribed.
    { email: 'pending@example.com', status: 'pending' },
    { email: 'bounced@example.com', status: 'bounced', confirmed_at: now, suppressed_at: now, suppressed_reason: 'bounce' },
    { email: 'complained@example.com', status: 'complained', confirmed_at: now, suppressed_at: now, suppressed_reason: 'complaint' },
    { email: 'left@example.com', status: 'unsubscribed', confirmed_at: now, unsubscribed_at: now },
  ]);
});
afterAll(async () => {
  await sys?.stop();
  await catcher?.stop();
});

const call = (path: string, body?: unknown) => adminCall(sys.url, cookie, path, body === undefined ? {} : { body });
const compose = async () => {
  const res = await call(ISSUES, {});
  expect(res.status).toBe(201);
  return res.body.issue as { id: number; number: number; subject: string };
};
const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address));
const issueStatus = async (id: number) => (await call(`${ISSUES}/${id}`)).body.issue.status as string;
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

describe('newsletter issue routes', () => {
  it('dry run: the number of confirmed subscribers, none pending, suppressed or unsubscribed', async () => {
    const issue = await compose();
    expect(await call(`${ISSUES}/${issue.id}/dry-run`)).toMatchObject({ status: 200, body: { recipients: 2 } });
    // Nothing was sent or recorded by counting.
    expect(await sys.database.db('newsletter_deliveries').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await issueStatus(issue.id)).toBe('draft');
  });

  it('test send: one copy to that address only, marked as a test, with no subscriber link; a bad address is a 400 naming email', async () => {
    const issue = await compose();
    const before = mails.length;
    const res = await call(`${ISSUES}/${issue.id}/test`, { email: ' editor@example.org ' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Test sent' } });
    // The catcher keeps a message before it answers the final `.`, so it is here once the route has answered.
    expect(mails.slice(before)).toHaveLength(1);
    const [copy] = mailsTo('editor@example.org');
    expect(copy).toMatchObject({ to: ['editor@example.org'], subject: `[Test] ${issue.subject}` });
    expect(copy!.html).toContain(`href="${SITE}/newsletter"`);
    expect(copy!.html).not.toContain('token=');
    expect(copy!.text).not.toContain('%%');

    for (const body of [{ email: 'not an address' }, { email: 'a@b' }, { email: 42 }, {}]) {
      const bad = await call(`${ISSUES}/${issue.id}/test`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toMatchObject({ status: 400, field: 'email' });
    }
    expect(mails.slice(before)).toHaveLength(1);
    // A test is no delivery and makes no subscriber; the issue stays a draft.
    expect(await sys.database.db('newsletter_deliveries').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await sys.database.db('newsletters').where({ email: 'editor@example.org' }).first()).toBeUndefined();
    expect(await issueStatus(issue.id)).toBe('draft');
  });

  it('schedule: a past or malformed time is a 400 naming at; a time to come sends the issue then, and once sent it is a 409', async () => {
    const issue = await compose();
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const body of [
      { at: past },
      { at: 'next monday' },
      { at: '2026-13-01T08:00:00Z' },
      { at: '2099-01-01T08:00:00' },
      { at: 1 },
      {},
    ]) {
      const bad = await call(`${ISSUES}/${issue.id}/schedule`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toMatchObject({ status: 400, field: 'at' });
    }
    expect(await issueStatus(issue.id)).toBe('draft');

    // Moved: the earlier job, a minute from now, finds the issue not due; the later-chosen one, sooner, sends it.
    expect((await call(`${ISSUES}/${issue.id}/schedule`, { at: inAMinute() })).body.issue.status).toBe('scheduled');
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await call(`${ISSUES}/${issue.id}/schedule`, { at });
    expect(scheduled).toMatchObject({ status: 200, body: { issue: { status: 'scheduled', scheduledFor: at } } });
    await until(async () => (await issueStatus(issue.id)) === 'sent', 'the scheduled issue sent');
    const copies = mails.filter((m) => m.subject === issue.subject);
    expect(copies.flatMap((m) => m.to).sort()).toEqual(CONFIRMED);

    const late = await call(`${ISSUES}/${issue.id}/schedule`, { at: inAMinute() });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'conflict', message: `Issue #${issue.number} is sent and cannot be scheduled` });
  });

  it('schedule: a 409 while the issue is sending, and the issue is still delivered once to each', async () => {
    const issue = await compose();
    holdBack = CONFIRMED[0]!;
    expect((await call(`${ISSUES}/${issue.id}/send-now`, {})).body.issue.status).toBe('sending');
    // The held-back address is refused with 450s (retried with backoff), so the issue cannot be sent meanwhile.
    await until(() => mailsTo(CONFIRMED[1]!).some((m) => m.subject === issue.subject), 'the other copy');
    const res = await call(`${ISSUES}/${issue.id}/schedule`, { at: inAMinute() });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', message: `Issue #${issue.number} is sending and cannot be scheduled` });
    expect(await issueStatus(issue.id)).toBe('sending');

    holdBack = null;
    await until(async () => (await issueStatus(issue.id)) === 'sent', 'the issue sent');
    for (const email of CONFIRMED) expect(mailsTo(email).filter((m) => m.subject === issue.subject)).toHaveLength(1);
    const held = await sys.database
      .db('newsletter_deliveries as d')
      .join('newsletters as s', 's.id', 'd.subscriber_id')
      .where({ 'd.issue_id': issue.id, 's.email': CONFIRMED[0] })
      .first('d.status', 'd.attempts');
    expect(held.status).toBe('sent');
    expect(held.attempts).toBeGreaterThan(1);
  });

  it('an unknown issue is a 404 on every route; an id that is none (a word, beyond the id column) a 400 naming id', async () => {
    const routes = (id: string) =>
      [
        [`${ISSUES}/${id}`, undefined],
        [`${ISSUES}/${id}/dry-run`, undefined],
        [`${ISSUES}/${id}/test`, { email: 'editor@example.org' }],
        [`${ISSUES}/${id}/schedule`, { at: inAMinute() }],
        [`${ISSUES}/${id}/send-now`, {}],
      ] as const;
    for (const [path, body] of routes('987654')) {
      const res = await call(path, body);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toMatchObject({ status: 404, code: 'not_found' });
    }
    for (const [path, body] of [...routes('first'), ...routes('99999999999')]) {
      const res = await call(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toMatchObject({ status: 400, field: 'id' });
    }
    expect(mailsTo('editor@example.org')).toHaveLength(1);
  });
});
