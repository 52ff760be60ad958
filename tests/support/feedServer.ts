import http from 'node:http';
import { createHash } from 'node:crypto';

export interface FeedRoute {
  body: string | Buffer;
  contentType?: string;
  status?: number;
  /** Never answer (for timeouts). */
  hang?: boolean;
  /** Answer after this long (to see whether requests overlap). */
  delayMs?: number;
  /** Extra response headers (Location for redirects, Last-Modified). */
  headers?: Record<string, string>;
}

export interface FeedServer {
  url: string;
  routes: Map<string, FeedRoute>;
  /** Request headers seen per path, in order. */
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  /** The most requests this server was answering at the same moment. */
  maxConcurrent: number;
  close(): Promise<void>;
}

/** A local HTTP server for feed fixtures, with ETag / If-None-Match support like a real publisher. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedRoute>();
  const requests: FeedServer['requests'] = [];
  let active = 0;
  const state = { maxConcurrent: 0 };
  const server = http.createServer(async (req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    active++;
    state.maxConcurrent = Math.max(state.maxConcurrent, active);
    res.on('close', () => active--);
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    if (route.hang) return;
    if (route.delayMs) await new Promise((r) => setTimeout(r, route.delayMs));
    const etag = `"${createHash('sha1').update(route.body).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    res.writeHead(route.status ?? 200, {
      'content-type': route.contentType ?? 'application/rss+xml; charset=utf-8',
      etag,
      ...route.headers,
    });
    res.end(route.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    requests,
    get maxConcurrent() {
      return state.maxConcurrent;
    },
    set maxConcurrent(n: number) {
      state.maxConcurrent = n;
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A well-formed, keyword-rich article body (our own filler text) long enough to pass the SEO rubric. */
export function richArticleHtml(topic: string): string {
  const paragraphs = [
    `Researchers released a new machine learning model focused on ${topic}, and the announcement drew wide attention from the AI community this week.`,
    `The team says the language model was trained on a curated dataset and evaluated on several public benchmarks. Early results suggest solid gains in reasoning and inference speed.`,
    `Independent engineers tested the open-source release on consumer GPU hardware. They reported that the model ran comfortably and produced consistent answers across repeated prompts.`,
    `Analysts noted that the work on ${topic} could lower costs for companies building generative AI products. Several startups said they would evaluate the model in the coming weeks.`,
    `The authors published their training recipe and evaluation code. They also described known limitations and invited feedback from the research community before a wider rollout.`,
  ];
  return paragraphs.map((p) => `<p>${p}</p>`).join('\n');
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A second, unrelated keyword-rich body, so two fixture stories are not near-duplicates of each other. */
export function otherArticleHtml(): string {
  const paragraphs = [
    'A robotics startup showed a household robot that plans chores with a language model and checks each step with a camera before acting.',
    'The company trained the planning agent in simulation first, then fine-tuned it on a small set of real kitchens and living rooms collected with volunteers.',
    'During the demonstration the robot folded towels, loaded a dishwasher and asked for help when an object was outside its reach or poorly lit.',
    'Investors said the approach could shorten development cycles for consumer robots, although safety reviewers asked for independent testing in homes with children and pets.',
    'The founders plan a limited pilot next spring and will publish failure reports alongside their automation benchmarks and GPU cost estimates.',
  ];
  return paragraphs.map((p) => `<p>${p}</p>`).join('\n');
}

export interface FixtureItem {
  title: string;
  link: string;
  /** Body HTML for content:encoded; omitted, the item has a description only (as many real feeds do). */
  html?: string;
  /** The description; defaults to a one-line summary made from the title. */
  description?: string;
  /** The guid; defaults to the link, null for none. */
  guid?: string | null;
  date?: string;
  category?: string;
}

/** An RSS 2.0 feed in the shape real publishers serve (python-feedgen style: guid isPermaLink="false", category, pubDate). */
export function rssFeed(items: FixtureItem[], channel = 'Fixture Wire'): string {
  const entries = items
    .map((i) => {
      const guid = i.guid === undefined ? i.link : i.guid;
      return `<item><title>${xmlText(i.title)}</title><link>${xmlText(i.link)}</link>${guid === null ? '' : `<guid isPermaLink="false">${xmlText(guid)}</guid>`}<pubDate>${i.date ?? 'Mon, 16 Nov 2026 10:00:00 GMT'}</pubDate>${
        i.category ? `<category>${i.category}</category>` : ''
      }<description>${xmlText(i.description ?? `${i.title} — a short summary of the story for readers.`)}</description>${i.html ? `<content:encoded><![CDATA[${i.html}]]></content:encoded>` : ''}</item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${xmlText(channel)}</title><link>https://fixture.example</link><description>Test feed</description>${entries}</channel></rss>`;
}

/** A keyword-rich article whose wording is unique to `n`, so generated articles are never near-duplicates of each other. */
export function uniqueArticleHtml(n: number): string {
  const word = (k: number) => {
    // An integer hash of (n, k), so no two articles share a run of words.
    let h = Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    return `q${((h ^ (h >>> 13)) >>> 0).toString(36)}`;
  };
  const paragraphs = Array.from({ length: 5 }, (_, p) =>
    Array.from({ length: 4 }, (_, s) => {
      const words = Array.from({ length: 9 }, (_, w) => word(p * 100 + s * 10 + w)).join(' ');
      return `The AI model ${words}.`;
    }).join(' '),
  );
  return paragraphs.map((p) => `<p>${p}</p>`).join('\n');
}
