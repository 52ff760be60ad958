/** Articles per second through the whole pipeline (dedupe → SEO → local rewrite → tags → publish) on BullMQ and Postgres, feed text (no page fetching). */
import fs from 'node:fs';
import pg from 'pg';
import { createLogger, createRedis, parseConfig } from '@neuralbeat/common';
import { ARTICLE_STAGE_ORDER } from '@neuralbeat/common/contracts';
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

// Every statement the process sends (the pipeline's and the bench's own polling), counted while articles flow.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

/** CPU ms used so far by this database's Postgres backends, when Postgres runs on this machine (else null). */
async function postgresCpuMs(): Promise<Map<number, number> | null> {
  const { rows } = await database.db.raw('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const ticks = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      return null;
    }
  }
  return ticks;
}

/** Per stage, from the finished jobs: ms/article waiting in the queue and working, and the wall time the stage was busy. */
async function stageBreakdown() {
  return Promise.all(
    ARTICLE_STAGE_ORDER.map(async (stage) => {
      const jobs = (await queues[stage].getJobs(['completed'], 0, -1)).filter((j) => j.processedOn && j.finishedOn);
      const sum = (f: (j: (typeof jobs)[number]) => number) => jobs.reduce((t, j) => t + f(j), 0);
      const n = jobs.length || 1;
      return {
        stage,
        jobs: jobs.length,
        'wait ms/job': Number((sum((j) => j.processedOn! - j.timestamp) / n).toFixed(1)),
        'work ms/job': Number((sum((j) => j.finishedOn! - j.processedOn!) / n).toFixed(1)),
        'work ms/article (÷ concurrency)': Number(
          (sum((j) => j.finishedOn! - j.processedOn!) / n / config.PIPELINE_CONCURRENCY).toFixed(2),
        ),
      };
    }),
  );
}

try {
  const rows = Array.from({ length: ARTICLES }, (_, n) => ({
    title: `Language model release number ${n} improves AI inference`,
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
  for (let i = 0; i < rows.length; i += 500)
    ids.push(
      ...(await database
        .db('articles')
        .insert(rows.slice(i, i + 500))
        .returning('id')),
    );
  const pipeline = await startPipeline(config, createLogger('pipeline', 'warn'));
  const started = performance.now();
  statements = 0;
  const cpu = process.cpuUsage();
  const postgresBefore = await postgresCpuMs();
  for (const { id } of ids) await flow.start(id);
  for (;;) {
    const [{ n }] = await database
      .db('articles')
      .whereIn('processing_status', ['completed', 'duplicate', 'failed'])
      .count<{ n: string }[]>({ n: '*' });
    if (Number(n) >= ARTICLES) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const sent = statements;
  const { user, system } = process.cpuUsage(cpu);
  const postgresAfter = await postgresCpuMs();
  const postgresMs =
    postgresBefore && postgresAfter ? [...postgresAfter].reduce((t, [pid, ms]) => t + ms - (postgresBefore.get(pid) ?? 0), 0) : null;
  await pipeline.close();
  const [{ n: published }] = await database.db('news_feed').count<{ n: string }[]>({ n: '*' });
  const outcomes = await database
    .db('articles')
    .select('processing_status', 'last_error')
    .count<{ processing_status: string; last_error: string | null; n: string }[]>({ n: '*' })
    .groupBy('processing_status', 'last_error');
  console.log(`\nPipeline throughput, local provider, concurrency ${config.PIPELINE_CONCURRENCY} per stage`);
  console.table([
    {
      articles: ARTICLES,
      published: Number(published),
      seconds: Number(seconds.toFixed(2)),
      'articles/s': Number((ARTICLES / seconds).toFixed(1)),
      'SQL statements/article': Number((sent / ARTICLES).toFixed(1)),
      'CPU ms/article (this process)': Number(((user + system) / 1000 / ARTICLES).toFixed(2)),
      'Postgres CPU ms/article': postgresMs === null ? 'n/a' : Number((postgresMs / ARTICLES).toFixed(2)),
    },
  ]);
  console.log('Per stage (jobs finished; a stage skipped by an article has fewer):');
  console.table(await stageBreakdown());
  console.table(outcomes.map((o) => ({ status: o.processing_status, articles: Number(o.n), error: o.last_error ?? '' })));
} finally {
  await closeQueues(queues);
  redis.disconnect();
  await database.drop();
}
