import type { Tool } from '@neuralbeat/common/contracts';

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
