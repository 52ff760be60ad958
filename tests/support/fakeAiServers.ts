import http from 'node:http';

export interface FakeAiServer {
  url: string;
  /** Requests received, parsed. */
  calls: { path: string; body: Record<string, unknown> | null }[];
  /** 'ok' answers a valid rewrite; 'fail' answers 500; 'malformed' answers text that is not JSON. */
  mode: 'ok' | 'fail' | 'malformed';
  /** Milliseconds to wait before answering. */
  delayMs: number;
  /** The rewrite a valid answer carries (tests may hand back hostile HTML). */
  rewrite: RewriteAnswer;
  close(): Promise<void>;
}

export interface RewriteAnswer {
  title: string;
  content: string;
  excerpt: string;
  metaDescription: string;
}

const REWRITE: RewriteAnswer = {
  title: 'Rewritten: a faithful headline',
  content: '<p>A faithful rewrite of the article body for testing.</p>',
  excerpt: 'A faithful rewrite in one sentence.',
  metaDescription: 'A faithful rewrite, described for search engines.',
};

/**
 * Local servers speaking the OpenAI chat-completions and Gemini generateContent
 * REST protocols: the only external services the tests fake.
 */
export async function startFakeAiServer(): Promise<FakeAiServer> {
  const state: FakeAiServer = { url: '', calls: [], mode: 'ok', delayMs: 0, rewrite: REWRITE, close: async () => {} };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      state.calls.push({ path: req.url ?? '', body: raw ? JSON.parse(raw) : null });
      if (state.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'The model is overloaded', type: 'server_error' } }));
        return;
      }
      const text = state.mode === 'malformed' ? 'Sure! Here is your article: it is great.' : JSON.stringify(state.rewrite);
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.includes(':generateContent')) {
        res.end(
          JSON.stringify({
            candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
            usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 50 },
          }),
        );
      } else {
        res.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: 1,
            model: 'gpt-4o-mini',
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500 },
          }),
        );
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  state.url = `http://127.0.0.1:${port}`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}

export { REWRITE as FAKE_REWRITE };
