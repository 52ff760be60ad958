import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@neuralbeat/common';
import type { AdminMailListResponse, AdminSubscribersResponse, SubscriberExport } from '@neuralbeat/common/contracts';
import { unsubscribeToken } from '../../../services/common/src/mail/tokens';
import { adminCall, insertAccounts, signIn } from '../../support/admin';
import { request, until } from '../../support/faults';
import { startSystem, type RunningSystem } from '../../support/system';

/**
 * Privacy: no address in any service's logs, at debug level, through a whole
 * subscription (subscribe, confirmation mail, confirm, unsubscribe) and a
 * contact message; an operator can export or delete a subscriber.
 */
const SECRET = 'privacy-test-secret-0123456789';
const lines: string[] = [];
const capture = { write: (line: string) => void lines.push(line) };
let sys: RunningSystem;
let cookie: string;

beforeAll(async () => {
  sys = await startSystem({ NEWSLETTER_SECRET: SECRET }, (service) => createLogger(service, 'debug', capture));
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
});
afterAll(async () => {
  await sys?.stop();
});

const db = () => sys.database.db;
const post = (path: string, body: unknown) =>
  request(`${sys.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const caughtFor = async (address: string) =>
  ((await adminCall(sys.url, cookie, '/api/admin/mail')).body as AdminMailListResponse).messages.find((m) => m.to.includes(address));

describe('no address in the logs', () => {
  it('through a subscription and a contact message, every service logs at debug level and names no address', async () => {
    lines.length = 0;
    await post('/api/newsletter/subscribe', { email: 'Private.Person@Example.org' });
    const mail = await until(() => caughtFor('Private.Person@example.org'), 'the confirmation mail');
    const text = (await adminCall(sys.url, cookie, `/api/admin/mail/${mail.id}`)).body.message.text as string;
    const token = decodeURIComponent(/confirm\?token=(\S+)/.exec(text)![1]!);
    expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);
    const row = await db()('newsletters').where({ email: 'Private.Person@example.org' }).first();
    const unsubscribe = unsubscribeToken(SECRET, row.id, row.token_nonce);
    await request(`${sys.url}/api/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribe)}`);
    await post('/api/newsletter/unsubscribe', { token: unsubscribe });
    await post('/api/contact', {
      name: 'Quiet Sender',
      email: 'quiet.sender@example.net',
      subject: 'Hi',
      message: 'Hello there',
      website: '',
    });
    await until(() => caughtFor('hello@neuralbeat.example'), 'the contact mail');
    // The handler logs once the message is marked delivered, just after the catcher took it.
    await until(() => lines.join('').includes('contact message delivered'), 'the delivery logged');

    const log = lines.join('');
    // The run was logged (so the check below could fail): requests, the mails sent, the events handled.
    expect(log).toContain('confirmation mail sent');
    expect(log).toContain('/api/newsletter/subscribe');
    for (const leak of ['Private.Person', 'private.person', 'quiet.sender', 'Quiet Sender', token, unsubscribe])
      expect(log).not.toContain(leak);
    expect(log).not.toMatch(/[\w.+-]+@(example\.org|example\.net)/i);
  });
});

describe('an operator exports or deletes a subscriber', () => {
  it('lists and searches subscribers, exports everything stored about one, deletes them; each audited', async () => {
    const [a, b] = await db()('newsletters')
      .insert([
        { email: 'export.me@example.com', status: 'confirmed', confirmed_at: new Date() },
        { email: 'someone.else@example.com', status: 'pending' },
      ])
      .returning('id');
    const found = (await adminCall(sys.url, cookie, '/api/admin/newsletter/subscribers?q=export.me')).body as AdminSubscribersResponse;
    expect(found.total).toBe(1);
    expect(found.subscribers[0]).toMatchObject({ id: a.id, email: 'export.me@example.com', status: 'confirmed' });
    const pending = (await adminCall(sys.url, cookie, '/api/admin/newsletter/subscribers?status=pending')).body as AdminSubscribersResponse;
    expect(pending.subscribers.map((s) => s.id)).toContain(b.id);
    expect((await adminCall(sys.url, cookie, '/api/admin/newsletter/subscribers?status=lost')).body.error.field).toBe('status');

    const exported = await adminCall(sys.url, cookie, `/api/admin/newsletter/subscribers/${a.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="subscriber-${a.id}.json"`);
    const body = exported.body as SubscriberExport;
    expect(body.subscriber).toMatchObject({ id: a.id, email: 'export.me@example.com', status: 'confirmed' });
    expect(body.deliveries).toEqual([]);

    const deleted = await adminCall(sys.url, cookie, `/api/admin/newsletter/subscribers/${a.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await db()('newsletters').where({ id: a.id })).toEqual([]);
    expect((await adminCall(sys.url, cookie, `/api/admin/newsletter/subscribers/${a.id}`, { method: 'DELETE' })).status).toBe(404);
    // An id beyond the id column is a 400 naming id, as a word is.
    for (const id of ['first', '99999999999']) {
      const bad = await adminCall(sys.url, cookie, `/api/admin/newsletter/subscribers/${id}`, { method: 'DELETE' });
      expect(bad).toMatchObject({ status: 400, body: { error: { field: 'id' } } });
    }
    const audit = await db()('admin_audit_log').whereIn('action', ['subscriberExport', 'subscriberDelete']).orderBy('id');
    expect(audit.map((r: { action: string; affected_ids: number[] }) => [r.action, r.affected_ids])).toEqual([
      ['subscriberExport', [a.id]],
      ['subscriberDelete', [a.id]],
    ]);
    expect((await request(`${sys.url}/api/admin/newsletter/subscribers`)).status).toBe(401);
  });
});
