import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  adminMailListResponseSchema,
  adminMailMessageResponseSchema,
  adminNewsletterDryRunResponseSchema,
  adminNewsletterIssueResponseSchema,
  adminNewsletterIssuesResponseSchema,
  adminSourceResultSchema,
  adminSourcesResponseSchema,
  articleStatsSchema,
  auditQuerySchema,
  auditResponseSchema,
  diagnosticResponseSchema,
  dryRunRequestSchema,
  duplicateResetRequestSchema,
  duplicateResetResultSchema,
  duplicateStatsSchema,
  lowSeoFixResultSchema,
  newsletterIssueEditSchema,
  newsletterScheduleSchema,
  newsletterTestSendSchema,
  providerHistorySchema,
  publishedStatusFixResultSchema,
  queueRetryRequestSchema,
  queueRetryResultSchema,
  queuesResponseSchema,
  sourceAddRequestSchema,
  sourceIntervalRequestSchema,
  stuckRequeueResultSchema,
} from '../contracts';
import { idParam, messageResponseSchema, ok, operation } from './operations';

/** The pipeline's operator API under /api/admin: dashboard, fix tools, diagnostics, queues, sources, audit, mail, digest issues. */

const operator = { operator: true } as const;
const pipeline = 'Operator: pipeline' as const;
const newsletter = 'Operator: newsletter' as const;
const FIX =
  'Runs as a job on the admin-fix queue and answers with its result. A dry run (the default) only reports what would change. ' +
  'A 503 `fix_unavailable` means no worker took it (nothing changed); a 504 `fix_timeout` that it runs on and will show in the audit log.';
const issueId = idParam("The issue's id.");
const sourceId = idParam("The source's id.");
const sourceChange = (operationId: string, summary: string) =>
  operation({
    ...operator,
    operationId,
    summary,
    tag: pipeline,
    path: sourceId,
    responses: { 200: ok('The source as it is now.', adminSourceResultSchema) },
    errors: [404],
  });

export const operatorPipelinePaths: ZodOpenApiPathsObject = {
  '/api/admin/article-stats': {
    get: operation({
      ...operator,
      operationId: 'getArticleStats',
      summary: 'Articles waiting at each stage, and by status',
      tag: pipeline,
      responses: { 200: ok('The counts.', articleStatsSchema) },
    }),
  },
  '/api/admin/duplicate-stats': {
    get: operation({
      ...operator,
      operationId: 'getDuplicateStats',
      summary: 'Duplicates found, by day',
      tag: pipeline,
      responses: { 200: ok('The counts.', duplicateStatsSchema) },
    }),
  },
  '/api/admin/provider-history': {
    get: operation({
      ...operator,
      operationId: 'getProviderHistory',
      summary: 'AI provider calls and successes per day',
      tag: pipeline,
      responses: { 200: ok('Per provider, per day.', providerHistorySchema) },
    }),
  },
  '/api/admin/reset-duplicates': {
    post: operation({
      ...operator,
      operationId: 'resetDuplicates',
      summary: 'Send articles marked duplicate back through dedupe',
      description: `From a date, or the given article ids (which win). ${FIX}`,
      tag: pipeline,
      body: duplicateResetRequestSchema,
      responses: { 200: ok('What was (or would be) reset.', duplicateResetResultSchema) },
    }),
  },
  '/api/admin/fix-published-statuses': {
    post: operation({
      ...operator,
      operationId: 'fixPublishedStatuses',
      summary: 'Mark articles that are in the feed as published',
      description: FIX,
      tag: pipeline,
      body: dryRunRequestSchema,
      bodyOptional: true,
      responses: { 200: ok('What was (or would be) fixed.', publishedStatusFixResultSchema) },
    }),
  },
  '/api/admin/fix-low-seo-articles': {
    post: operation({
      ...operator,
      operationId: 'fixLowSeoArticles',
      summary: 'Send articles below the SEO threshold back through SEO',
      description: FIX,
      tag: pipeline,
      body: dryRunRequestSchema,
      bodyOptional: true,
      responses: { 200: ok('What was (or would be) fixed.', lowSeoFixResultSchema) },
    }),
  },
  '/api/admin/requeue-stuck-articles': {
    post: operation({
      ...operator,
      operationId: 'requeueStuckArticles',
      summary: 'Queue again the articles stuck at a stage',
      description: FIX,
      tag: pipeline,
      body: dryRunRequestSchema,
      bodyOptional: true,
      responses: { 200: ok('What was (or would be) queued again.', stuckRequeueResultSchema) },
    }),
  },
  '/api/admin/diagnose-pipeline': {
    get: operation({
      ...operator,
      operationId: 'diagnosePipeline',
      summary: "The pipeline's health, with the bottleneck and the tool that fixes it",
      tag: pipeline,
      responses: { 200: ok('The report.', diagnosticResponseSchema) },
    }),
  },
  '/api/admin/queues': {
    get: operation({
      ...operator,
      operationId: 'listQueues',
      summary: 'Every queue: its counts and recent failures',
      tag: pipeline,
      responses: { 200: ok('The queues.', queuesResponseSchema) },
    }),
  },
  '/api/admin/queues/{name}/retry': {
    post: operation({
      ...operator,
      operationId: 'retryFailedJobs',
      summary: "Retry a queue's failed jobs, or one of them",
      tag: pipeline,
      path: z.object({ name: z.string().min(1).max(200).meta({ description: 'The queue name, e.g. `pipeline-seo`.' }) }),
      body: queueRetryRequestSchema,
      bodyOptional: true,
      responses: { 200: ok('How many were retried.', queueRetryResultSchema) },
      errors: [404],
    }),
  },
  '/api/admin/sources': {
    get: operation({
      ...operator,
      operationId: 'listSources',
      summary: 'The news, job and event sources, with their schedule and health',
      tag: pipeline,
      responses: { 200: ok('The sources.', adminSourcesResponseSchema) },
    }),
    post: operation({
      ...operator,
      operationId: 'addSource',
      summary: 'Add a source; it is collected at once',
      tag: pipeline,
      body: sourceAddRequestSchema,
      responses: { 201: ok('The new source.', adminSourceResultSchema) },
    }),
  },
  '/api/admin/sources/{id}': {
    patch: operation({
      ...operator,
      operationId: 'setSourceInterval',
      summary: 'Change how often a source is collected',
      tag: pipeline,
      path: sourceId,
      body: sourceIntervalRequestSchema,
      responses: { 200: ok('The source as it is now.', adminSourceResultSchema) },
      errors: [404],
    }),
  },
  '/api/admin/sources/{id}/enable': { post: sourceChange('enableSource', 'Enable a source; it is collected at once') },
  '/api/admin/sources/{id}/disable': { post: sourceChange('disableSource', 'Disable a source') },
  '/api/admin/sources/{id}/collect': { post: sourceChange('collectSource', 'Collect a source now') },
  '/api/admin/audit': {
    get: operation({
      ...operator,
      operationId: 'listAudit',
      summary: "The audit log: every operator's change, newest first",
      tag: pipeline,
      query: auditQuerySchema,
      responses: { 200: ok('The latest entries.', auditResponseSchema) },
    }),
  },
  '/api/admin/mail': {
    get: operation({
      ...operator,
      operationId: 'listCaughtMail',
      summary: 'Mail the local catcher caught (none when mail goes to a relay)',
      tag: newsletter,
      responses: { 200: ok('Where mail goes, and the caught messages.', adminMailListResponseSchema) },
    }),
    delete: operation({
      ...operator,
      operationId: 'clearCaughtMail',
      summary: 'Delete every caught message',
      tag: newsletter,
      responses: { 200: ok('How many were deleted.', messageResponseSchema) },
    }),
  },
  '/api/admin/mail/{id}': {
    get: operation({
      ...operator,
      operationId: 'getCaughtMail',
      summary: 'One caught message, with its headers and bodies',
      tag: newsletter,
      path: z.object({ id: z.string().min(1).meta({ description: "The caught message's id." }) }),
      responses: { 200: ok('The message.', adminMailMessageResponseSchema) },
      errors: [404],
    }),
  },
  '/api/admin/newsletter/issues': {
    get: operation({
      ...operator,
      operationId: 'listDigestIssues',
      summary: "The digest's issues, newest first",
      tag: newsletter,
      responses: { 200: ok('The issues with their delivery counts.', adminNewsletterIssuesResponseSchema) },
    }),
    post: operation({
      ...operator,
      operationId: 'composeDigestIssue',
      summary: 'Compose a new draft issue from the week',
      tag: newsletter,
      responses: { 201: ok('The draft.', adminNewsletterIssueResponseSchema) },
    }),
  },
  '/api/admin/newsletter/issues/{id}': {
    get: operation({
      ...operator,
      operationId: 'getDigestIssue',
      summary: 'One issue, with its preview',
      tag: newsletter,
      path: issueId,
      responses: { 200: ok('The issue.', adminNewsletterIssueResponseSchema) },
      errors: [404],
    }),
    patch: operation({
      ...operator,
      operationId: 'editDigestIssue',
      summary: "Edit a draft's subject, preheader or intro",
      tag: newsletter,
      path: issueId,
      body: newsletterIssueEditSchema,
      responses: { 200: ok('The issue as saved.', adminNewsletterIssueResponseSchema) },
      errors: [404, 409],
    }),
  },
  '/api/admin/newsletter/issues/{id}/test': {
    post: operation({
      ...operator,
      operationId: 'testSendDigestIssue',
      summary: 'Send an issue to one address as a test',
      tag: newsletter,
      path: issueId,
      body: newsletterTestSendSchema,
      responses: { 200: ok('Sent.', messageResponseSchema) },
      errors: [404, 409],
    }),
  },
  '/api/admin/newsletter/issues/{id}/schedule': {
    post: operation({
      ...operator,
      operationId: 'scheduleDigestIssue',
      summary: 'Schedule an issue to be sent at a time',
      tag: newsletter,
      path: issueId,
      body: newsletterScheduleSchema,
      responses: { 200: ok('The issue, scheduled.', adminNewsletterIssueResponseSchema) },
      errors: [404, 409],
    }),
  },
  '/api/admin/newsletter/issues/{id}/send-now': {
    post: operation({
      ...operator,
      operationId: 'sendDigestIssueNow',
      summary: 'Start sending an issue now',
      tag: newsletter,
      path: issueId,
      responses: { 200: ok('The issue, sending.', adminNewsletterIssueResponseSchema) },
      errors: [404, 409],
    }),
  },
  '/api/admin/newsletter/issues/{id}/dry-run': {
    get: operation({
      ...operator,
      operationId: 'dryRunDigestIssue',
      summary: 'How many subscribers an issue would go to now',
      tag: newsletter,
      path: issueId,
      responses: { 200: ok('The count.', adminNewsletterDryRunResponseSchema) },
      errors: [404],
    }),
  },
};
