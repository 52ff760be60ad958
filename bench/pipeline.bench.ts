/** Articles per second through the whole pipeline (dedupe → SEO → local rewrite → tags → publish) on BullMQ and Postgres, feed text (no page fetching). */
import { createLogger, createRedis, parseConfig } from '@neuralbeat/common';
import { startPipeline } from '../services/pipeline/src/server';
import { createPipelineQueues, closeQueues } from '../services/pipeline/src/queues';
import { QueueArticleFlow } from '../services/pipeline/src/flow';
import { uniqueArticleHtml } from '../tests/support/feedServer';
import { benchDatabase, uniquePrefix } from './support';

const ARTICLES = Number(process.env.BENCH_PIPELINE_ARTICLES ?? 2000);
const database = await benchDatabase();
const config = parseConfig({
  DATABASE_URL: database.url,
  REDIS_PREFIX: uniquePrefix(),
  PIPELINE_PORT: '0',
  DEMO_FEEDS: 'false',
  LOG_LEVEL: 'warn',
  PIPELINE_CONCURRENCY: process.env.PIPELINE_CONCURRENCY ?? '8',
});
const redis = createRedis(config.REDIS_URL);
const queues = createPipelineQueues(redis, config);
const flow = new QueueArticleFlow(queues, database.db);

try {
  const rows = Array.from({ length: ARTICLES }, (_, n) => ({
    title: `Language model release number ${n} improves AI inference`,
    normalized_title: `language model release number ${n}`,
    author: 'Bench',
    publish_date: new Date(),
    category: 'Research',
    content: uniqueArticleHtml(n),
    excerpt: `Release ${n} of an AI model, with notes on training and inference.`,
    // Stored as the collector stores a feed item that carries the whole article: no page to fetch.
    pipeline_stage: 'extracted',
    full_text_status: 'feed',
  }));
  const ids: { id: number }[] = [];
  for (let i = 0; i < rows.length; i += 500) ids.push(...(await database.db('articles').insert(rows.slice(i, i + 500)).returning('id')));
  const pipeline = await startPipeline(config, createLogger('pipeline', 'warn'));
  const started = performance.now();
  for (const { id } of ids) await flow.start(id);
  for (;;) {
    const [{ n }] = await database.db('articles').whereIn('processing_status', ['completed', 'duplicate', 'failed']).count<{ n: string }[]>({ n: '*' });
    if (Number(n) >= ARTICLES) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  await pipeline.close();
  const [{ n: published }] = await database.db('news_feed').count<{ n: string }[]>({ n: '*' });
  const outcomes = await database.db('articles').select('processing_status', 'last_error').count<{ processing_status: string; last_error: string | null; n: string }[]>({ n: '*' }).groupBy('processing_status', 'last_error');
  console.log(`\nPipeline throughput, local provider, concurrency ${config.PIPELINE_CONCURRENCY} per stage`);
  console.table([{ articles: ARTICLES, published: Number(published), seconds: Number(seconds.toFixed(2)), 'articles/s': Number((ARTICLES / seconds).toFixed(1)) }]);
  console.table(outcomes.map((o) => ({ status: o.processing_status, articles: Number(o.n), error: o.last_error ?? '' })));
} finally {
  await closeQueues(queues);
  redis.disconnect();
  await database.drop();
}
