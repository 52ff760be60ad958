import pg from 'pg';
import { createDb, createLogger, createRedis, EventBus, serve, type Config, type Knex } from '@neuralbeat/common';
import { createContentApp } from '../../services/content/src/app';
import { ResponseCache } from '../../services/content/src/services/responseCache';
import { CONTENT_DB_SETTINGS } from '../../services/content/src/db/plannerSettings';

/** A statement as the driver sent it: native `$n` placeholders and their values. */
export interface CapturedQuery {
  sql: string;
  bindings: unknown[];
  /** Run unprepared (`UNPREPARED`): planned for its values every time, never with a generic plan. */
  unprepared: boolean;
}

/** Records every statement a Knex instance runs, so a request's queries can be explained afterwards. */
export function captureQueries(db: Knex): { take(): CapturedQuery[] } {
  let captured: CapturedQuery[] = [];
  db.on('query', (q: { sql: string; bindings?: unknown[]; options?: { unprepared?: boolean } }) =>
    captured.push({ sql: q.sql, bindings: q.bindings ?? [], unprepared: Boolean(q.options?.unprepared) }),
  );
  return {
    take: () => {
      const out = captured;
      captured = [];
      return out;
    },
  };
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** A value as an SQL literal, for EXECUTE's arguments. */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  return client.escapeLiteral(String(value));
}

/**
 * Runs the statement under EXPLAIN ANALYZE on its own connection with the
 * service's session settings: the text plan and the JSON plan. With
 * `generic`, the plan Postgres keeps for a prepared statement (the service
 * prepares its reads), made without knowing the values.
 */
export async function explain(
  databaseUrl: string,
  query: CapturedQuery,
  settings: Record<string, string> = {},
  { generic = false } = {},
): Promise<{ text: string; root: PlanNode; ms: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [name, value] of Object.entries(settings)) await client.query(`SET ${name} = ${value}`);
    let statement = query.sql;
    let values: unknown[] = query.bindings;
    if (generic) {
      await client.query(`PREPARE explained AS ${query.sql}`);
      await client.query('SET plan_cache_mode = force_generic_plan');
      statement = query.bindings.length
        ? `EXECUTE explained(${query.bindings.map((v) => literal(client, v)).join(', ')})`
        : 'EXECUTE explained';
      values = [];
    }
    const text = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement}`, values });
    const json = await client.query({ text: `EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`, values });
    const [plan] = json.rows[0]['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[];
    return { text: text.rows.map((r) => r['QUERY PLAN']).join('\n'), root: plan!.Plan, ms: plan!['Execution Time'] };
  } finally {
    await client.end();
  }
}

function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

/**
 * What in a plan would grow with the table: a sequential scan of one of
 * `tables`, or any node reading more than `rowBudget` rows in total, those it
 * returns plus those its filter threw away (a sort, count or ranking over
 * everything matching, or an index walk filtering its way through the table,
 * instead of an index read that stops at the page).
 */
export function planProblems(root: PlanNode, opts: { tables: string[]; rowBudget: number }): string[] {
  const problems: string[] = [];
  for (const node of nodes(root)) {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && opts.tables.includes(node['Relation Name'])) {
      problems.push(`Seq Scan on ${node['Relation Name']}`);
    }
    const rows =
      (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'];
    if (rows > opts.rowBudget) {
      problems.push(
        `${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${node['Index Name'] ? ` (${node['Index Name']})` : ''} handles ${rows} rows`,
      );
    }
  }
  return problems;
}

export interface ExplainedRequest {
  query: CapturedQuery;
  text: string;
  root: PlanNode;
  ms: number;
  /** The generic plan of the same statement, which Postgres may use for it once prepared (none for an unprepared one). */
  generic?: { text: string; root: PlanNode; ms: number };
}

/**
 * The content service in this process on a free port, recording the
 * statements each request runs, so they can be explained with the settings
 * the service's own connections use.
 */
export async function startRecordingContent(cfg: Config) {
  const db = createDb(cfg.DATABASE_URL, { max: 2, settings: CONTENT_DB_SETTINGS });
  const recorder = captureQueries(db);
  const redis = createRedis(cfg.REDIS_URL);
  const logger = createLogger('content', 'silent');
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX, logger });
  const responseCache = new ResponseCache(cfg.CONTENT_CACHE_SECONDS);
  const server = await serve(createContentApp({ db, redis, bus, logger, config: cfg, responseCache }), 0);
  return {
    /** GETs `path` and explains every statement it ran; throws unless it answered 200. */
    async explainRequest(path: string): Promise<ExplainedRequest[]> {
      recorder.take();
      const res = await fetch(`${server.url}${path}`);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      const out: ExplainedRequest[] = [];
      for (const query of recorder.take()) {
        out.push({
          query,
          ...(await explain(cfg.DATABASE_URL, query, CONTENT_DB_SETTINGS)),
          generic: query.unprepared ? undefined : await explain(cfg.DATABASE_URL, query, CONTENT_DB_SETTINGS, { generic: true }),
        });
      }
      return out;
    },
    async close() {
      await server.close();
      await bus.close();
      redis.disconnect();
      await db.destroy();
    },
  };
}
