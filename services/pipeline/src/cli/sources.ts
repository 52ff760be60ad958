/**
 * Manage sources of every kind: `npm run sources -- <command>` (from the repository root)
 *   list                 every source: kind, state, last collection (items seen, added, updated, folded, closed) and last error
 *   add <name> <url> [--kind <kind>] [--interval-hours <hours>]
 *                        add (or rename) a source, a news feed unless --kind says otherwise
 *                        (news, ical, event-feed, greenhouse, lever, job-feed); scheduled and collected at once;
 *                        collected every COLLECT_INTERVAL_SECONDS (news) or 24 h (other kinds) unless --interval-hours says
 *   interval <id> <hours> collect it every <hours> hours (above 0, at most 168)
 *   enable <id>          schedule it again (collected at once)
 *   disable <id>         stop collecting it
 *   collect <id>         collect it now
 * Schedules live in Redis, so the running pipeline follows at once.
 */
import { AppError, createDb, createRedis } from '@neuralbeat/common';
import { pipelineConfig } from '../config';
import { createPipelineQueues, closeQueues } from '../queues';
import { SOURCE_KINDS, type SourceKind } from '@neuralbeat/common/contracts';
import { SourcesService, parseIntervalHours, parseSourceKind } from '../services/sourcesService';
import type { NewsSourceRow } from '../repositories/sourcesRepository';

const USAGE = `Usage: sources list | add <name> <url> [--kind ${SOURCE_KINDS.join('|')}] [--interval-hours <hours>] | interval <id> <hours> | enable <id> | disable <id> | collect <id>`;

/** The arguments of `add` with `--kind k` and `--interval-hours n` (or `--option=value`) taken out; news when no kind is given. */
function addOptions(args: string[]): { rest: string[]; kind: SourceKind; intervalHours?: number } {
  const rest: string[] = [];
  let kind: SourceKind = 'news';
  let intervalHours: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const option = ['--kind', '--interval-hours'].find((o) => arg === o || arg.startsWith(`${o}=`));
    if (!option) {
      rest.push(arg);
      continue;
    }
    const value = arg === option ? args[++i] : arg.slice(option.length + 1);
    if (!value) throw new AppError(400, 'usage', `${option} needs a value. ${USAGE}`);
    if (option === '--kind') kind = parseSourceKind(value);
    else intervalHours = parseIntervalHours(value);
  }
  return { rest, kind, intervalHours };
}

function sourceId(command: string, raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new AppError(400, 'usage', `${command} needs a numeric source id. ${USAGE}`);
  return id;
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const cfg = pipelineConfig();
  const db = createDb(cfg.DATABASE_URL, { max: 1 });
  const redis = createRedis(cfg.REDIS_URL);
  const queues = createPipelineQueues(redis, cfg);
  const sources = new SourcesService(db, queues.collect, cfg.COLLECT_INTERVAL_SECONDS);
  try {
    switch (command) {
      case 'list': {
        const rows = await sources.list();
        if (!rows.length) console.log('No sources yet. Add one with: sources add <name> <url> [--kind <kind>]');
        for (const s of rows) console.log(describeSource(s));
        return 0;
      }
      case 'add': {
        const { rest: args, kind, intervalHours } = addOptions(rest);
        const [name, url] = args;
        if (!name?.trim() || !url || args.length > 2) return fail(`add needs a name and a URL. ${USAGE}`);
        const row = await sources.add(name, url, kind, intervalHours);
        const what = row.kind === 'news' ? '' : ` (${row.kind})`;
        console.log(
          `Source ${row.id} "${row.name}"${what} → ${row.feed_url}${row.enabled ? ' (scheduled; collecting now)' : ' (disabled)'}`,
        );
        return 0;
      }
      case 'interval': {
        if (rest[1] === undefined) return fail(`interval needs a source id and a number of hours. ${USAGE}`);
        const row = await sources.setInterval(sourceId(command, rest[0]), parseIntervalHours(rest[1]));
        console.log(`Source ${row.id} "${row.name}" is collected every ${Number(row.check_interval_hours)} h.`);
        return 0;
      }
      case 'enable':
      case 'disable': {
        const row = await sources.setEnabled(sourceId(command, rest[0]), command === 'enable');
        console.log(`Source ${row.id} "${row.name}" ${command}d.`);
        return 0;
      }
      case 'collect': {
        const row = await sources.collectNow(sourceId(command, rest[0]));
        console.log(`Source ${row.id} "${row.name}" queued for collection.`);
        return 0;
      }
      default:
        return fail(USAGE);
    }
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return fail(err.message);
    throw err;
  } finally {
    await closeQueues(queues);
    await db.destroy();
    redis.disconnect();
  }
}

/** Two lines per source: who it is (its kind when not a news feed, its own interval), then what its last collection did. */
function describeSource(s: NewsSourceRow): string {
  const state = s.enabled ? 'enabled ' : 'disabled';
  let last: string;
  if (!s.last_fetched_at) last = 'never';
  else if (s.last_collection_status === 'failed' || (s.last_error && s.last_collection_status !== 'collected')) {
    last = `${s.last_fetched_at.toISOString()}, failed (${s.consecutive_failures} in a row): ${s.last_error}`;
  } else {
    const found = `${s.items_seen} items seen, ${s.items_added} added, ${s.items_updated} updated, ${s.items_folded} folded together, ${s.items_closed} closed`;
    last =
      s.last_collection_status === 'not-modified'
        ? `${s.last_fetched_at.toISOString()}, not modified since the last fetch (which found ${found})`
        : `${s.last_fetched_at.toISOString()}, collected: ${found}`;
  }
  const kind = s.kind === 'news' ? '' : ` (${s.kind})`;
  const every = s.check_interval_hours == null ? '' : `  every ${Number(s.check_interval_hours)} h`;
  return `${String(s.id).padStart(4)}  ${state}  ${s.name}${kind}  ${s.feed_url}${every}\n        last collection: ${last}`;
}

function fail(message: string): number {
  console.error(message);
  return 2;
}

process.exitCode = await run(process.argv.slice(2));
