/**
 * `npm run reindex`: rebuilds the search index from the content service (which
 * must be running at CONTENT_URL), then tells the running search service to
 * drop its cached answers.
 */
import { config, createDb, createLogger, createRedis } from '@neuralbeat/common';
import { migrateSearch } from '../db/migrate';
import { createEngine } from '../engine/index';
import { ContentClient } from '../contentClient';
import { SearchResultCache } from '../services/resultCache';
import { reindex } from '../services/reindex';

const cfg = config();
const logger = createLogger('reindex', cfg.LOG_LEVEL);
const db = createDb(cfg.DATABASE_URL);
const redis = createRedis(cfg.REDIS_URL);
const cache = new SearchResultCache({ ttlSeconds: 0, redis, prefix: cfg.REDIS_PREFIX });
try {
  const health = await fetch(`${cfg.CONTENT_URL}/healthz`).catch(() => null);
  if (!health?.ok) {
    console.error(
      `The content service did not answer at ${cfg.CONTENT_URL}. Start the system (npm start) or set CONTENT_URL, then run npm run reindex again.`,
    );
    process.exitCode = 1;
  } else {
    await migrateSearch(db);
    const engine = createEngine(cfg, db);
    const report = await reindex({ db, engine, content: new ContentClient(cfg.CONTENT_URL), logger, onChange: () => cache.invalidate() });
    if (!report) {
      console.error('Another reindex is running; try again when it has finished.');
      process.exitCode = 1;
    } else {
      const total = Object.values(report.documents).reduce((a, b) => a + b, 0);
      console.log(`Reindexed ${total} documents with the ${engine.name} engine in ${(report.ms / 1000).toFixed(1)} s:`, report.documents);
    }
  }
} finally {
  await cache.close();
  redis.disconnect();
  await db.destroy();
}
