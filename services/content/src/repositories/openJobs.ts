/**
 * A job visitors can see is open: not closed, and not past its validThrough.
 * The pipeline's sweep marks such a job closed within a minute; public reads do
 * not wait for it. An extra filter on the open-jobs index (`now()` cannot be in
 * its predicate), which only the few jobs past their date and not yet swept fail.
 */
export const OPEN_JOB_SQL = '(closed_at IS NULL AND (valid_through IS NULL OR valid_through > now()))';
