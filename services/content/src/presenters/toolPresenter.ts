import type { Tool, ToolSummary } from '@neuralbeat/common/contracts';
import { isoUtc, jsonObjectSql } from './sqlJson';

export interface ToolRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  short_description: string;
  website_url: string;
  category: string;
  logo_url: string | null;
  tags: string[] | null;
  features: string[] | null;
  pricing: string | null;
  submitted_by_id: number | null;
  approved: boolean;
  created_at: Date;
}

/** The API's tool fields and the `tools` column (of a row aliased `t`) each is written from, in SQL. */
const TOOL_FIELDS_SQL: [field: string, sql: string][] = [
  ['id', 't.id'],
  ['slug', 't.slug'],
  ['name', 't.name'],
  ['shortDescription', 't.short_description'],
  ['description', 't.description'],
  ['category', 't.category'],
  ['tags', "coalesce(t.tags, '{}')"],
  ['features', "coalesce(t.features, '{}')"],
  ['pricing', 't.pricing'],
  ['websiteUrl', 't.website_url'],
  ['logoUrl', 't.logo_url'],
  ['createdAt', isoUtc('t.created_at')],
];
const LIST_ONLY_LEAVES_OUT = new Set(['description', 'features']);

/**
 * `presentToolSummary` in SQL, over a `tools` row aliased `t`: a directory page is
 * sent as Postgres writes it, so the content service neither parses 24 rows
 * (their tag arrays) nor serialises them again. `toolPresenter.test.ts` holds
 * both to the same output.
 */
export const TOOL_SUMMARY_JSON = jsonObjectSql(TOOL_FIELDS_SQL.filter(([field]) => !LIST_ONLY_LEAVES_OUT.has(field)));

export function presentTool(row: ToolRow): Tool {
  return { ...presentToolSummary(row), description: row.description, features: row.features ?? [] };
}

/** A tool as lists show it: what its card needs, without the long description and features. */
export function presentToolSummary(row: Omit<ToolRow, 'description' | 'features'>): ToolSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    shortDescription: row.short_description,
    category: row.category,
    tags: row.tags ?? [],
    pricing: row.pricing,
    websiteUrl: row.website_url,
    logoUrl: row.logo_url,
    createdAt: row.created_at.toISOString(),
  };
}
