import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (s: string) => void lines.push(s) } };
}

describe('logs redact credentials', () => {
  it('cookies, authorization headers and credential fields, wherever they sit', () => {
    const { lines, stream } = capture();
    const log = createLogger('test', 'info', stream);
    log.info(
      {
        req: { headers: { cookie: 'nb_session=abc123', authorization: 'Bearer tok-live-1', 'x-api-key': 'k-9', accept: 'text/html' } },
        res: { headers: { 'set-cookie': 'nb_session=abc123; HttpOnly' } },
        err: { config: { headers: { Authorization: 'Basic dXNlcjpwYXNz' } } },
        user: { password: 'hunter22', name: 'ada' },
        apiKey: 'ak-123456',
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of ['abc123', 'tok-live-1', 'k-9', 'dXNlcjpwYXNz', 'hunter22', 'ak-123456']) expect(out).not.toContain(secret);
    const entry = JSON.parse(out);
    expect(entry.req.headers).toEqual({
      cookie: '[Redacted]',
      authorization: '[Redacted]',
      'x-api-key': '[Redacted]',
      accept: 'text/html',
    });
    expect(entry.user).toEqual({ password: '[Redacted]', name: 'ada' });
  });

  it('an error keeps its message and stack, and the logged object itself is left as it was', () => {
    const { lines, stream } = capture();
    const log = createLogger('test', 'info', stream);
    const err = Object.assign(new Error('provider refused'), {
      config: { headers: { 'X-Goog-Api-Key': 'goog-secret-1', accept: 'json' } },
    });
    const job = { id: 7, data: { sessionId: 'sess-secret-2', title: 'kept' } };
    log.error({ err, job }, 'failed');
    const entry = JSON.parse(lines.join(''));
    expect(entry.err).toMatchObject({
      type: 'Error',
      message: 'provider refused',
      config: { headers: { 'X-Goog-Api-Key': '[Redacted]', accept: 'json' } },
    });
    expect(entry.err.stack).toContain('provider refused');
    expect(entry.job).toEqual({ id: 7, data: { sessionId: '[Redacted]', title: 'kept' } });
    expect(err.config.headers['X-Goog-Api-Key']).toBe('goog-secret-1');
    expect(job.data.sessionId).toBe('sess-secret-2');
  });

  it('the values of secret settings and bearer tokens anywhere in a line, such as an error message', () => {
    process.env.OPENAI_API_KEY = 'sk-proj-live-0123456789';
    process.env.GEMINI_API_KEY = 'AIzaSyLiveGeminiKey';
    const { lines, stream } = capture();
    const log = createLogger('test', 'info', stream);
    log.error(
      { err: new Error('401 from https://api.example/v1?key=AIzaSyLiveGeminiKey') },
      'provider said: Incorrect API key provided: sk-proj-live-0123456789',
    );
    log.warn({ upstream: 'sent Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig' }, 'oops');
    const out = lines.join('');
    expect(out).not.toContain('sk-proj-live-0123456789');
    expect(out).not.toContain('AIzaSyLiveGeminiKey');
    expect(out).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(out).toContain('Incorrect API key provided: [Redacted]');
    expect(out).toContain('Bearer [Redacted]');
  });

  it('mail addresses: address fields wherever they sit, and any address or link token in the text', () => {
    const { lines, stream } = capture();
    const log = createLogger('test', 'info', stream);
    const err = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <gone.reader@example.com> No such mailbox"), {
      rejected: ['gone.reader@example.com'],
      envelope: { from: 'newsletter@neuralbeat.example', to: ['gone.reader@example.com'] },
    });
    log.warn({ err, subscriber: { id: 4, email: 'Jane.Doe@example.org' } }, 'mail to jane.doe@example.org failed');
    log.info({ url: '/api/newsletter/unsubscribe?token=u.4.c2lnbmF0dXJl&x=1' }, 'request completed');
    const out = lines.join('');
    for (const leak of ['gone.reader@', 'Jane.Doe', 'jane.doe', 'newsletter@neuralbeat', 'c2lnbmF0dXJl']) expect(out).not.toContain(leak);
    const [failed, request] = lines.map((l) => JSON.parse(l));
    expect(failed.msg).toBe('mail to [address] failed');
    expect(failed.subscriber).toEqual({ id: 4, email: '[Redacted]' });
    expect(failed.err.message).toContain('550 <[address]> No such mailbox');
    expect(request.url).toBe('/api/newsletter/unsubscribe?token=[Redacted]&x=1');
  });
});
