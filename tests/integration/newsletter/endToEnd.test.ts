import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher, type CaughtMail } from '../../../services/common/src/mail/catcher';
import { startSystem, type RunningSystem } from '../../support/system';
import { adminCall, insertAccounts, signIn } from '../../support/admin';
import { until } from '../../support/faults';

/**
 * The whole path over SMTP: subscribe → confirmation mail → confirm → digest
 * (the console's Send now) → one-click unsubscribe → the next digest does not
 * reach them; and the SMTP server's refusals: 550 bounces and suppresses, 450
 * is retried and delivered.
 */
const SITE = 'https://neuralbeat.test';
const mails: CaughtMail[] = [];
/** Answers per address for the catcher: a queue of codes, then acceptance. */
const refusals = new Map<string, (450 | 550)[]>();
let catcher: MailCatcher;
let sys: RunningSystem;
let cookie: string;

beforeAll(async () => {
  catcher = await new MailCatcher({
    port: 0,
    keep: 1000,
    recipientPolicy: (address) => refusals.get(address)?.shift(),
    onMessage: (m) => mails.push(m as CaughtMail),
  }).start();
  sys = await startSystem({
    SITE_URL: SITE,
    SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
    MAIL_RATE_PER_SECOND: '0',
    NEWSLETTER_SECRET: 'end-to-end-test-secret-0123456789',
    PIPELINE_BACKOFF_MS: '100',
  });
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
});
afterAll(async () => {
  await sys?.stop();
  await catcher?.stop();
});

const post = (path: string, body: unknown) =>
  fetch(`${sys.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address));
const header = (m: CaughtMail, key: string) => m.headers.filter((h) => h.key === key.toLowerCase()).map((h) => h.value);

/** Composes an issue in the console and sends it now; resolves once it is sent. */
async function sendDigest(): Promise<{ id: number; counts: Record<string, number> }> {
  const composed = await adminCall(sys.url, cookie, '/api/admin/newsletter/issues', { body: {} });
  expect(composed.status).toBe(201);
  const id = composed.body.issue.id as number;
  const sent = await adminCall(sys.url, cookie, `/api/admin/newsletter/issues/${id}/send-now`, { body: {} });
  expect(sent.status).toBe(200);
  const done = await until(async () => {
    const r = await adminCall(sys.url, cookie, `/api/admin/newsletter/issues/${id}`);
    return r.body.issue.status === 'sent' && r.body.issue;
  }, `issue ${id} sent`);
  return { id, counts: done.counts };
}

async function confirmed(email: string) {
  await sys.database.db('newsletters').insert({ email, status: 'confirmed', confirmed_at: new Date() });
}

describe('newsletter end to end over SMTP', () => {
  it('subscribe → confirm → digest with one-line List-Unsubscribe headers and a footer link → one-click POST → no further issue', async () => {
    expect((await post('/api/newsletter/subscribe', { email: '  Reader@Example.COM ' })).status).toBe(200);
    const confirmation = await until(() => mailsTo('Reader@example.com')[0], 'the confirmation mail');
    const token = /\/newsletter\/confirm\?token=([^"&\s<]+)/.exec(confirmation.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await post('/api/newsletter/confirm', { token: decodeURIComponent(token!) })).status).toBe(200);
    // Someone else stays subscribed, so the second issue is really sent.
    await confirmed('stays@example.com');

    const first = await sendDigest();
    expect(first.counts).toMatchObject({ recipients: 2, sent: 2, pending: 0, failed: 0, bounced: 0 });
    const digest = mailsTo('Reader@example.com').find((m) => m.subject.startsWith('NeuralBeat Weekly'))!;
    expect(digest).toBeTruthy();
    const [listUnsubscribe] = header(digest, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/neuralbeat\.test\/newsletter\/unsubscribe\?token=[^>]+>, <mailto:unsubscribe@neuralbeat\.example\?subject=[^>]+>$/,
    );
    expect(listUnsubscribe).not.toMatch(/[\r\n]/);
    expect(header(digest, 'List-Unsubscribe-Post')).toEqual(['List-Unsubscribe=One-Click']);
    const oneClick = /^<([^>]+)>/.exec(listUnsubscribe!)![1]!;
    expect(digest.html).toContain(`href="${oneClick}"`);
    expect(digest.text).toContain(oneClick);
    expect(header(digest, 'Message-ID')[0]).toMatch(/^<nb\.\d+\.\d+\.[0-9a-f]+@neuralbeat\.example>$/);

    // RFC 8058: a POST of the form body to the link, no cookie, no redirect.
    const url = new URL(oneClick);
    const res = await fetch(`${sys.url}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('You are unsubscribed.');

    const before = mailsTo('Reader@example.com').length;
    const second = await sendDigest();
    expect(second.counts).toMatchObject({ recipients: 1, sent: 1 });
    expect(mailsTo('Reader@example.com')).toHaveLength(before);
    expect(mailsTo('stays@example.com')).toHaveLength(2);
  });

  it('a 550 bounces the address and suppresses it; a 450 is retried and delivered once', { timeout: 60_000 }, async () => {
    await confirmed('gone@bounce.test');
    await confirmed('busy@later.test');
    refusals.set('gone@bounce.test', [550]);
    refusals.set('busy@later.test', [450, 450]);

    const issue = await sendDigest();
    const deliveries = await sys.database
      .db('newsletter_deliveries as d')
      .join('newsletters as s', 's.id', 'd.subscriber_id')
      .where('d.issue_id', issue.id)
      .select('d.*', 's.email');
    const of = (email: string) => deliveries.find((d) => d.email === email);
    expect(of('gone@bounce.test')).toMatchObject({ status: 'bounced' });
    expect(of('busy@later.test')).toMatchObject({ status: 'sent', attempts: 3 });
    expect(await sys.database.db('newsletters').where({ email: 'gone@bounce.test' }).first()).toMatchObject({ status: 'bounced' });
    expect(mailsTo('busy@later.test')).toHaveLength(1);
    expect(mailsTo('gone@bounce.test')).toHaveLength(0);

    const next = await sendDigest();
    expect(mailsTo('busy@later.test')).toHaveLength(2);
    expect(mailsTo('gone@bounce.test')).toHaveLength(0);
    expect(await sys.database.db('newsletter_deliveries').where({ issue_id: next.id })).not.toContainEqual(
      expect.objectContaining({ status: 'bounced' }),
    );
  });

  it('serves sent issues, and only those, in the archive, its feed and the sitemap, as the web version', async () => {
    const draft = await adminCall(sys.url, cookie, '/api/admin/newsletter/issues', { body: {} });
    const { issues } = (await (await fetch(`${sys.url}/api/newsletter/issues`)).json()) as { issues: { slug: string; number: number }[] };
    expect(issues.length).toBeGreaterThanOrEqual(2);
    expect(issues.map((i) => i.slug)).not.toContain(draft.body.issue.slug);
    expect(issues.map((i) => i.number)).toEqual([...issues.map((i) => i.number)].sort((a, b) => b - a));
    const one = await fetch(`${sys.url}/api/newsletter/issues/${issues[0]!.slug}`);
    expect(one.status).toBe(200);
    const { issue } = (await one.json()) as { issue: { html: string; sections: unknown[] } };
    expect(issue.html).not.toContain('%%');
    expect(issue.html).not.toContain('token=');
    expect(issue.html).toContain(`href="${SITE}/newsletter"`);
    expect((await fetch(`${sys.url}/api/newsletter/issues/${draft.body.issue.slug}`)).status).toBe(404);

    const rss = await fetch(`${sys.url}/newsletter/rss.xml`);
    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    const feed = await rss.text();
    for (const i of issues) expect(feed).toContain(`<link>${SITE}/newsletter/${i.slug}</link>`);
    const sitemap = await (await fetch(`${sys.url}/sitemap.xml`)).text();
    for (const i of issues) expect(sitemap).toContain(`<loc>${SITE}/newsletter/${i.slug}</loc>`);
    expect(sitemap).not.toContain(`/newsletter/${draft.body.issue.slug}<`);
  });
});
