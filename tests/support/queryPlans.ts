import pg from 'pg';
import type { Knex } from '@neuralbeat/common';

/** A statement as the driver sent it: native `$n` placeholders and their values. */
export interface CapturedQuery {
  sql: string;
  bindings: unknown[];
}

/** Records every statement a Knex instance runs, so a request's queries can be explained afterwards. */
export function captureQueries(db: Knex): { take(): CapturedQuery[] } {
  let captured: CapturedQuery[] = [];
  db.on('query', (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] }));
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
  Plans?: PlanNode[];
}

/** Runs the statement under EXPLAIN ANALYZE on its own connection: the text plan and the JSON plan. */
export async function explain(databaseUrl: string, query: CapturedQuery): Promise<{ text: string; root: PlanNode; ms: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const text = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.sql}`, values: query.bindings });
    const json = await client.query({ text: `EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`, values: query.bindings });
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
 * `tables`, or any node producing more than `rowBudget` rows in total (a sort,
 * count or ranking over everything matching instead of an index read that
 * stops at the page).
 */
export function planProblems(root: PlanNode, opts: { tables: string[]; rowBudget: number }): string[] {
  const problems: string[] = [];
  for (const node of nodes(root)) {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && opts.tables.includes(node['Relation Name'])) {
      problems.push(`Seq Scan on ${node['Relation Name']}`);
    }
    const rows = node['Actual Rows'] * node['Actual Loops'];
    if (rows > opts.rowBudget) {
      problems.push(`${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${node['Index Name'] ? ` (${node['Index Name']})` : ''} handles ${rows} rows`);
    }
  }
  return problems;
}
