/**
 * What the pipeline makes of real feeds: the 16 AI-lab feeds of
 * ../shared/data/feeds/ai_lab_blogs, served locally and registered as sources
 * the way `npm run sources -- add` does, run through the whole pipeline (page
 * fetching on, local provider). Prints, per feed and in all, how many items end
 * published, held (and why) or duplicate. Article links point at the
 * publishers' real hosts, so where the open web is unreachable every thin item
 * keeps its feed text and the reason says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { createLogger, createRedis, parseConfig } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { startPipeline } from '../services/pipeline/src/server';
import { SourcesService } from '../services/pipeline/src/services/sourcesService';
import { startFeedServer } from '../tests/support/feedServer';
import { AI_LAB_FEEDS, sharedDataPresent } from './dedupeLabels/realFeeds';
import { benchDatabase, uniquePrefix } from './support';

if (!sharedDataPresent()) {
  console.log(`${AI_LAB_FEEDS} not found: real-feed outcomes skipped.`);
  process.exit(0);
}

const SETTLE_TIMEOUT_MS = 10 * 60_000;
const database = await benchDatabase();
const config = parseConfig({
  DATABASE_URL: database.url,
  REDIS_PREFIX: uniquePrefix(),
  PIPELINE_PORT: '0',
  DEMO_FEEDS: 'false',
  LOG_LEVEL: 'warn',
});
const redis = createRedis(config.REDIS_URL);
const collectQueue = new Queue(PIPELINE_QUEUES.collect.name, { connection: redis, prefix: config.REDIS_PREFIX });
const feeds = await startFeedServer();
const db = database.db;

interface Outcome {
  feed: string;
  processing_status: string;
  seo_score: number | null;
  full_text_status: string | null;
  full_text_note: string | null;
}
/** Held = scored and kept back (pending with a score); the rest are still moving. */
const settled = (r: Outcome) =>
  ['completed', 'duplicate', 'failed'].includes(r.processing_status) || (r.processing_status === 'pending' && r.seo_score !== null);

try {
  const files = fs
    .readdirSync(AI_LAB_FEEDS)
    .filter((f) => f.endsWith('.xml'))
    .sort();
  for (const file of files) feeds.routes.set(`/${file}`, { body: fs.readFileSync(path.join(AI_LAB_FEEDS, file), 'utf8') });
  const pipeline = await startPipeline(config, createLogger('pipeline', 'warn'));
  const sources = new SourcesService(db, collectQueue, config.COLLECT_INTERVAL_SECONDS);
  const started = performance.now();
  for (const file of files) await sources.add(file.replace(/^feed_|\.xml$/g, ''), `${feeds.url}/${file}`);

  let rows: Outcome[] = [];
  for (let quietSince = performance.now(), lastCount = -1; performance.now() - started < SETTLE_TIMEOUT_MS;) {
    await new Promise((r) => setTimeout(r, 1000));
    rows = await db('articles as a')
      .join('news_sources as s', 's.id', 'a.source_id')
      .select('s.name as feed', 'a.processing_status', 'a.seo_score', 'a.full_text_status', 'a.full_text_note');
    const collected = (await db('news_sources').whereNotNull('last_fetched_at').count<{ n: string }[]>({ n: '*' }))[0]!.n;
    if (rows.length !== lastCount) [quietSince, lastCount] = [performance.now(), rows.length];
    // Every source collected, every article in an end state, and no new article for 3 s.
    if (Number(collected) === files.length && rows.every(settled) && performance.now() - quietSince > 3000) break;
  }
  const seconds = (performance.now() - started) / 1000;
  await pipeline.close();

  const share = (n: number, of: number) => `${n} (${of ? ((100 * n) / of).toFixed(1) : '0.0'}%)`;
  const tally = (list: Outcome[]) => ({
    items: list.length,
    published: share(list.filter((r) => r.processing_status === 'completed').length, list.length),
    held: share(list.filter((r) => r.processing_status === 'pending').length, list.length),
    duplicate: share(list.filter((r) => r.processing_status === 'duplicate').length, list.length),
    failed: share(list.filter((r) => r.processing_status === 'failed').length, list.length),
    'page text': share(list.filter((r) => r.full_text_status === 'page').length, list.length),
  });
  const byFeed = Object.groupBy(rows, (r) => r.feed);
  console.log(`\nReal feeds (${files.length} files of ${AI_LAB_FEEDS}) through the pipeline in ${seconds.toFixed(1)} s, page fetching on`);
  console.table({ ...Object.fromEntries(Object.entries(byFeed).map(([feed, list]) => [feed, tally(list!)])), all: tally(rows) });
  const sourceRows = await db('news_sources')
    .select('name', 'items_seen', 'items_added', 'items_updated', 'items_folded', 'last_error')
    .orderBy('name');
  console.log('Collection per source (seen in the feed, added as articles, folded into another item of the same feed):');
  console.table(sourceRows);

  // Why items were held: the page outcome (host unreachable, robots, thin page) and the SEO score they reached.
  const why = Object.groupBy(
    rows.filter((r) => r.processing_status === 'pending'),
    (r) =>
      (r.full_text_note ?? `full text: ${r.full_text_status ?? 'none'}`)
        .replace(/\b[\w-]+(\.[\w-]+)+\b/g, '<host>')
        .replace(/\d+ words/g, 'N words'),
  );
  console.log('Held items, by what happened to their page:');
  console.table(
    Object.entries(why)
      .map(([reason, list]) => ({ reason, items: list!.length, 'best SEO score': Math.max(...list!.map((r) => r.seo_score ?? 0)) }))
      .sort((a, b) => b.items - a.items),
  );
} finally {
  await collectQueue.close();
  await feeds.close();
  redis.disconnect();
  await database.drop();
}
