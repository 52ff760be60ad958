import { afterEach, describe, expect, it } from 'vitest';
import { MailCatcher, type CaughtEnvelope } from './catcher';
import { createMailTransport, describeSmtpUrl, type MailTransport } from './transport';

let catcher: MailCatcher | undefined;
let transport: MailTransport | undefined;
afterEach(async () => {
  transport?.close();
  await catcher?.stop();
  transport = catcher = undefined;
});

const start = async (options: Partial<ConstructorParameters<typeof MailCatcher>[0]> = {}) => {
  catcher = await new MailCatcher({ port: 0, ...options }).start();
  transport = createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, MAIL_POOL_SIZE: 2, MAIL_RATE_PER_SECOND: 0 });
  return catcher;
};

describe('mail catcher', () => {
  it('takes a message from nodemailer over SMTP and keeps it parsed: envelope, subject, headers as sent, HTML and text', async () => {
    const c = await start();
    await transport!.sendMail({
      from: 'NeuralBeat <newsletter@neuralbeat.example>',
      to: 'reader@example.com',
      replyTo: 'visitor@example.org',
      subject: 'Confirm your subscription',
      html: '<p>Hello <a href="https://example.com/x">there</a></p>',
      text: 'Hello there',
      headers: {
        // Kept on one line as sent (nodemailer folds long headers unless told they are prepared).
        'List-Unsubscribe': {
          prepared: true,
          value: '<https://example.com/u?token=abc>, <mailto:u@example.com?subject=unsubscribe%20abc>',
        },
        'X-Folded': 'a long header value that nodemailer folds at seventy-eight characters, as the standard asks',
      },
    });
    const [mail] = c.messages();
    expect(c.messages()).toHaveLength(1);
    expect(mail).toMatchObject({
      from: 'newsletter@neuralbeat.example',
      to: ['reader@example.com'],
      subject: 'Confirm your subscription',
      text: 'Hello there',
    });
    expect(mail!.html).toContain('<a href="https://example.com/x">there</a>');
    expect(mail!.size).toBeGreaterThan(200);
    const header = (key: string) => mail!.headers.find((h) => h.key === key)?.value;
    expect(header('reply-to')).toBe('visitor@example.org');
    expect(header('list-unsubscribe')).toBe('<https://example.com/u?token=abc>, <mailto:u@example.com?subject=unsubscribe%20abc>');
    expect(header('x-folded')).toContain('\r\n ');
    expect(c.message(mail!.id)).toBe(mail);
    c.clear();
    expect(c.messages()).toEqual([]);
  });

  it('keeps only the newest messages', async () => {
    const c = await start({ keep: 2 });
    for (const n of [1, 2, 3]) await transport!.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: `n${n}`, text: 'x' });
    expect(c.messages().map((m) => m.subject)).toEqual(['n3', 'n2']);
    expect(c.received).toBe(3);
  });

  it('answers 450 and 550 for the addresses its recipient policy names, and takes the rest', async () => {
    const c = await start({ recipientPolicy: (a) => (a === 'busy@example.com' ? 450 : a === 'gone@example.com' ? 550 : undefined) });
    const send = (to: string) => transport!.sendMail({ from: 'a@example.com', to, subject: 's', text: 't' });
    await expect(send('busy@example.com')).rejects.toMatchObject({ responseCode: 450 });
    await expect(send('gone@example.com')).rejects.toMatchObject({ responseCode: 550 });
    await send('ok@example.com');
    expect(c.messages().map((m) => m.to)).toEqual([['ok@example.com']]);
  });

  it('in count-only mode hands each envelope to onMessage and keeps nothing', async () => {
    const seen: CaughtEnvelope[] = [];
    const c = await start({ countOnly: true, onMessage: (m) => seen.push(m) });
    await Promise.all(
      ['x@example.com', 'y@example.com'].map((to) => transport!.sendMail({ from: 'a@example.com', to, subject: 's', text: 't' })),
    );
    expect(seen.map((m) => m.to[0]).sort()).toEqual(['x@example.com', 'y@example.com']);
    expect(seen[0]).not.toHaveProperty('subject');
    expect(c.received).toBe(2);
    expect(c.messages()).toEqual([]);
  });

  it('describes a relay without its credentials', () => {
    expect(describeSmtpUrl('smtps://user:secret@smtp.example.com:465')).toBe('smtps://smtp.example.com:465');
  });
});
