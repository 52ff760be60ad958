import { execFile } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMailListResponse } from '@neuralbeat/common/contracts';
import { adminCall, insertAccounts, signIn } from '../../support/admin';
import { until } from '../../support/faults';
import { startSystem, type RunningSystem } from '../../support/system';

/**
 * `npm run newsletter -- <command>` as an operator types it, in a child
 * process, against a running system: no SMTP_URL, so the CLI's mail goes to
 * the pipeline's own catcher, which the test reads through the console's
 * GET /api/admin/mail.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SITE = 'https://neuralbeat.test';
const CONFIRMED = ['first@example.com', 'second@example.com'];
const PENDING = 'pending@example.com';
let sys: RunningSystem;
let cookie: string;
let catcherPort: number;

beforeAll(async () => {
  sys = await startSystem({ SITE_URL: SITE, NEWSLETTER_SECRET: 'cli-test-secret-0123456789abcdef', MAIL_RATE_PER_SECOND: '0' });
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
  const { smtp } = await caught();
  catcherPort = Number(/^smtp:\/\/127\.0\.0\.1:(\d+)$/.exec(smtp ?? '')?.[1]);
  expect(catcherPort).toBeGreaterThan(0);
});
afterAll(async () => {
  await sys?.stop();
});

const caught = async () => (await adminCall(sys.url, cookie, '/api/admin/mail')).body as AdminMailListResponse;
const post = (path: string, body: unknown) =>
  fetch(`${sys.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Runs the root script in a child process with the system's database, Redis prefix and catcher; resolves when it exits. */
function newsletter(command: string, env: Record<string, string> = {}) {
  const { SMTP_URL: _relay, LOG_LEVEL: _level, ...inherited } = process.env;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'newsletter', '--', command],
      {
        cwd: ROOT,
        env: {
          ...inherited,
          NODE_ENV: 'test',
          DATABASE_URL: sys.database.url,
          REDIS_URL: sys.config.REDIS_URL,
          REDIS_PREFIX: sys.config.REDIS_PREFIX,
          SITE_URL: SITE,
          NEWSLETTER_SECRET: sys.config.NEWSLETTER_SECRET!,
          MAIL_CATCHER_PORT: String(catcherPort),
          MAIL_RATE_PER_SECOND: '0',
          ...env,
        },
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run newsletter', () => {
  it('send-now sends one copy to each confirmed subscriber and none to a pending one, prints the counts and exits 0; status lists it as sent', async () => {
    for (const email of [...CONFIRMED, PENDING]) expect((await post('/api/newsletter/subscribe', { email })).status).toBe(200);
    const confirmations = await until(async () => {
      const { messages } = await caught();
      const found = messages.filter((m) => m.subject.startsWith('Confirm your'));
      return found.length === 3 && found;
    }, 'three confirmation mails');
    for (const email of CONFIRMED) {
      const summary = confirmations.find((m) => m.to.includes(email))!;
      const { message } = (await adminCall(sys.url, cookie, `/api/admin/mail/${summary.id}`)).body;
      const token = /\/newsletter\/confirm\?token=([^"&\s<]+)/.exec(message.text)?.[1];
      expect((await post('/api/newsletter/confirm', { token: decodeURIComponent(token!) })).status).toBe(200);
    }
    expect(await sys.database.db('newsletters').orderBy('email').pluck('status')).toEqual(['confirmed', 'pending', 'confirmed']);

    const sent = await newsletter('send-now');
    expect(sent).toMatchObject({ code: 0, stderr: '' });
    expect(sent.stdout).toMatch(/^Issue #1 ".+" is being sent to 2 confirmed subscribers…$/m);
    expect(sent.stdout).toMatch(/^Issue #1 sent: 2 recipients: 2 sent, 0 failed, 0 bounced\.$/m);

    // A row is marked sent as the final `.` goes out, a moment before the catcher has parsed the message.
    const issueMails = async () => (await caught()).messages.filter((m) => m.subject.startsWith('NeuralBeat Weekly #1'));
    await until(async () => (await issueMails()).length >= 2, 'two copies caught');
    expect((await issueMails()).flatMap((m) => m.to).sort()).toEqual(CONFIRMED);
    expect(await sys.database.db('newsletter_deliveries').pluck('status')).toEqual(['sent', 'sent']);

    const status = await newsletter('status');
    expect(status).toMatchObject({ code: 0, stderr: '' });
    expect(status.stdout).toMatch(/^#1\s+sent\s+sent \d{4}-\d\d-\d\dT.+ NeuralBeat Weekly #1: /m);
    expect(status.stdout).toContain('2 recipients: 2 sent, 0 failed, 0 bounced');
  });

  it('send-now with neither SMTP_URL nor a catcher listening says so and exits non-zero, sending nothing', async () => {
    const before = (await caught()).messages.length;
    const closed = await new Promise<number>((resolve) => {
      // A port that was free a moment ago: nothing answers there.
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const run = await newsletter('send-now', { MAIL_CATCHER_PORT: String(closed) });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`no mail catcher answers on port ${closed}`);
    expect(await sys.database.db('newsletter_issues').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '1' }]);
    expect((await caught()).messages).toHaveLength(before);
  });

  it('an unknown command exits non-zero with the usage', async () => {
    const run = await newsletter('publish');
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe('Usage: newsletter compose | send-now | status');
  });
});
