import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContactMessagesResponse, AdminMailListResponse, AdminMailMessage } from '@neuralbeat/common/contracts';
import { adminCall, insertAccounts, signIn } from '../../support/admin';
import { request, until } from '../../support/faults';
import { startSystem, type RunningSystem } from '../../support/system';

/** Contact messages: stored, mailed over SMTP to SITE_CONTACT_EMAIL with Reply-To the sender, kept in the operators' inbox. */
const INBOX = 'team@neuralbeat.test';
let sys: RunningSystem;
let cookie: string;

beforeAll(async () => {
  sys = await startSystem({ SITE_CONTACT_EMAIL: INBOX, SITE_URL: 'https://neuralbeat.test' });
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
});
afterAll(async () => {
  await sys?.stop();
});

const db = () => sys.database.db;
const send = (body: Record<string, unknown>) =>
  request(`${sys.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const message = {
  name: 'Ada Visitor',
  email: 'ada.visitor@example.org',
  subject: 'Partnership <idea>',
  message: 'Hello,\nwe would like to talk.',
  website: '',
};

describe('contact messages', () => {
  it('are stored, mailed to SITE_CONTACT_EMAIL with Reply-To the sender, marked delivered, and listed in the inbox', async () => {
    expect(await send(message)).toMatchObject({ status: 200, body: { message: 'Message sent' } });
    const [stored] = await db()('contact_messages');
    expect(stored).toMatchObject({ name: 'Ada Visitor', email: 'ada.visitor@example.org', subject: 'Partnership <idea>', read_at: null });

    const summary = await until(async () => {
      const list = (await adminCall(sys.url, cookie, '/api/admin/mail')).body as AdminMailListResponse;
      return list.messages.find((m) => m.to.includes(INBOX));
    }, 'the contact mail');
    expect(summary.subject).toBe('[Contact] Partnership <idea>');
    const mail = (await adminCall(sys.url, cookie, `/api/admin/mail/${summary.id}`)).body.message as AdminMailMessage;
    expect(mail.headers.find((h) => h.key === 'reply-to')?.value).toBe('Ada Visitor <ada.visitor@example.org>');
    expect(mail.text).toContain('we would like to talk.');
    expect(mail.html).toContain('Partnership &lt;idea&gt;');
    await until(async () => (await db()('contact_messages').where({ id: stored.id }).first()).delivered_at, 'delivered_at set');

    const inbox = (await adminCall(sys.url, cookie, '/api/admin/contact-messages')).body as AdminContactMessagesResponse;
    expect(inbox.total).toBe(1);
    expect(inbox.messages[0]).toMatchObject({ id: stored.id, subject: 'Partnership <idea>', deliveryError: null, readAt: null });
    expect(inbox.messages[0]!.deliveredAt).not.toBeNull();

    expect((await adminCall(sys.url, cookie, `/api/admin/contact-messages/${stored.id}/read`, { body: {} })).status).toBe(200);
    expect((await db()('contact_messages').where({ id: stored.id }).first()).read_at).not.toBeNull();
    const [audit] = await db()('admin_audit_log').where({ action: 'contactMessageRead' });
    expect(audit).toMatchObject({ actor_username: 'operator', affected_ids: [stored.id] });
    expect((await adminCall(sys.url, cookie, '/api/admin/contact-messages/999999/read', { body: {} })).status).toBe(404);
  });

  it('a filled honeypot gets the same answer and nothing is stored or sent', async () => {
    const before = await db()('contact_messages').count<{ n: string }[]>({ n: '*' });
    const res = await send({ ...message, email: 'bot@example.org', website: 'https://spam.example' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Message sent' } });
    expect(await db()('contact_messages').count<{ n: string }[]>({ n: '*' })).toEqual(before);
    expect(await db()('contact_messages').where({ email: 'bot@example.org' })).toEqual([]);
  });

  it.each([
    [{ ...message, name: '  ' }, 'name'],
    [{ ...message, email: 'nope' }, 'email'],
    [{ ...message, subject: undefined }, 'subject'],
    [{ ...message, message: 'x'.repeat(10_001) }, 'message'],
  ])('bad input is a 400 naming the field (%#)', async (body, field) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
  });

  it('the inbox and the caught mail are for operators only', async () => {
    expect((await request(`${sys.url}/api/admin/contact-messages`)).status).toBe(401);
    expect((await request(`${sys.url}/api/admin/mail`)).status).toBe(401);
  });

  it('an operator empties the caught mail (audited); a message no longer kept is a 404', async () => {
    const before = (await adminCall(sys.url, cookie, '/api/admin/mail')).body as AdminMailListResponse;
    expect(before.messages.length).toBeGreaterThan(0);
    const cleared = await adminCall(sys.url, cookie, '/api/admin/mail', { method: 'DELETE' });
    expect(cleared.body.message).toBe(`Deleted ${before.messages.length} caught message${before.messages.length === 1 ? '' : 's'}`);
    expect(((await adminCall(sys.url, cookie, '/api/admin/mail')).body as AdminMailListResponse).messages).toEqual([]);
    expect((await adminCall(sys.url, cookie, `/api/admin/mail/${before.messages[0]!.id}`)).status).toBe(404);
    const [audit] = await db()('admin_audit_log').where({ action: 'mailClear' });
    expect(audit).toMatchObject({ actor_username: 'operator', affected_count: before.messages.length });
  });
});
