import type { ReviewTool } from '@neuralbeat/common/contracts';
import type { ToolRow } from './toolPresenter';

export interface ToolReviewRow extends ToolRow {
  reviewed_at: Date | null;
  rejected_at: Date | null;
  rejection_reason: string | null;
  submitted_by: string | null;
  reviewed_by: string | null;
}

export function presentReviewTool(row: ToolReviewRow): ReviewTool {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    shortDescription: row.short_description,
    description: row.description,
    websiteUrl: row.website_url,
    logoUrl: row.logo_url,
    category: row.category,
    tags: row.tags ?? [],
    features: row.features ?? [],
    pricing: row.pricing,
    status: row.approved ? 'approved' : row.rejected_at ? 'rejected' : 'pending',
    submittedBy: row.submitted_by,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewedBy: row.reviewed_by,
    rejectionReason: row.rejection_reason,
  };
}
