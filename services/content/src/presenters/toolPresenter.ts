import type { Tool } from '@neuralbeat/common/contracts';
import { isoUtc } from './sqlJson';

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

/**
 * `presentTool` in SQL, over a `tools` row aliased `t`: a directory page is
 * sent as Postgres writes it, so the content service neither parses 24 rows
 * (their tag and feature arrays) nor serialises them again.
 * `toolPresenter.test.ts` holds both to the same output.
 */
export const TOOL_JSON = `json_build_object(
  'id', t.id, 'slug', t.slug, 'name', t.name, 'shortDescription', t.short_description, 'description', t.description,
  'category', t.category, 'tags', coalesce(t.tags, '{}'), 'features', coalesce(t.features, '{}'), 'pricing', t.pricing,
  'websiteUrl', t.website_url, 'logoUrl', t.logo_url, 'createdAt', ${isoUtc('t.created_at')})`;

export function presentTool(row: ToolRow): Tool {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    shortDescription: row.short_description,
    description: row.description,
    category: row.category,
    tags: row.tags ?? [],
    features: row.features ?? [],
    pricing: row.pricing,
    websiteUrl: row.website_url,
    logoUrl: row.logo_url,
    createdAt: row.created_at.toISOString(),
  };
}
