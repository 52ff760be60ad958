import type { ReviewTool } from '@neuralbeat/common/contracts';
import { presentTool, type ToolRow } from './toolPresenter';

export interface ToolReviewRow extends ToolRow {
  reviewed_at: Date | null;
  rejected_at: Date | null;
  rejection_reason: string | null;
  submitted_by: string | null;
  reviewed_by: string | null;
}

/** A tool as the review screen shows it: the public shape plus where it stands in review. */
export function presentReviewTool(row: ToolReviewRow): ReviewTool {
  return {
    ...presentTool(row),
    status: row.approved ? 'approved' : row.rejected_at ? 'rejected' : 'pending',
    submittedBy: row.submitted_by,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewedBy: row.reviewed_by,
    rejectionReason: row.rejection_reason,
  };
}
