import { z } from 'zod';

/**
 * The weekly digest: issue states, the composed sections, the public archive's
 * answers, the operator calls (pipeline, /api/admin/newsletter/issues) and the
 * digest's BullMQ queues.
 */

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

export const NEWSLETTER_DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'bounced'] as const;
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];

/** One linked item of a section; `url` is its page on the site. */
export const newsletterItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  /** One line under the title: an excerpt, a tool's short description, an event's date and place, a job's company. */
  summary: z.string(),
  /** News only: how many outlets reported the story. */
  outlets: z.number().optional(),
});
export type NewsletterItem = z.infer<typeof newsletterItemSchema>;
export const NEWSLETTER_SECTION_KINDS = ['news', 'tools', 'events', 'jobs'] as const;
export type NewsletterSectionKind = (typeof NEWSLETTER_SECTION_KINDS)[number];
export const newsletterSectionSchema = z.object({
  kind: z.enum(NEWSLETTER_SECTION_KINDS),
  title: z.string(),
  items: z.array(newsletterItemSchema),
});
export type NewsletterSection = z.infer<typeof newsletterSectionSchema>;

/** Placeholders in a stored issue's HTML and text, filled per subscriber when sending. */
export const NEWSLETTER_UNSUBSCRIBE_URL = '%%UNSUBSCRIBE_URL%%';
export const NEWSLETTER_UNSUBSCRIBE_LABEL = '%%UNSUBSCRIBE_LABEL%%';

/** A stored issue's body as one subscriber gets it. */
export const newsletterForSubscriber = (body: string, unsubscribeUrl: string) =>
  body.replaceAll(NEWSLETTER_UNSUBSCRIBE_URL, unsubscribeUrl).replaceAll(NEWSLETTER_UNSUBSCRIBE_LABEL, 'Unsubscribe');

/** The web version (archive, preview): no per-subscriber link; the footer offers the subscribe page instead. */
export const newsletterWebVersion = (body: string, siteUrl: string) =>
  body
    .replaceAll(NEWSLETTER_UNSUBSCRIBE_URL, `${siteUrl.replace(/\/$/, '')}/newsletter`)
    .replaceAll(NEWSLETTER_UNSUBSCRIBE_LABEL, 'Subscribe to the newsletter');

// ---------- public archive (content) ----------

export const newsletterArchiveEntrySchema = z.object({
  slug: z.string(),
  number: z.number(),
  subject: z.string(),
  preheader: z.string(),
  sentAt: z.string(),
});
export type NewsletterArchiveEntry = z.infer<typeof newsletterArchiveEntrySchema>;
export const newsletterArchiveResponseSchema = z.object({ issues: z.array(newsletterArchiveEntrySchema) });
export type NewsletterArchiveResponse = z.infer<typeof newsletterArchiveResponseSchema>;
export const newsletterArchiveIssueSchema = newsletterArchiveEntrySchema.extend({
  intro: z.string(),
  /** The web version: the issue's HTML without any per-subscriber link. */
  html: z.string(),
  sections: z.array(newsletterSectionSchema),
});
export type NewsletterArchiveIssue = z.infer<typeof newsletterArchiveIssueSchema>;
export const newsletterArchiveIssueResponseSchema = z.object({ issue: newsletterArchiveIssueSchema });
export type NewsletterArchiveIssueResponse = z.infer<typeof newsletterArchiveIssueResponseSchema>;

// ---------- operator API (pipeline) ----------

export const newsletterIssueCountsSchema = z.object({
  recipients: z.number(),
  pending: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
});
export type NewsletterIssueCounts = z.infer<typeof newsletterIssueCountsSchema>;
export const adminNewsletterIssueSummarySchema = z.object({
  id: z.number(),
  number: z.number(),
  slug: z.string(),
  subject: z.string(),
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  scheduledFor: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  counts: newsletterIssueCountsSchema,
});
export type AdminNewsletterIssueSummary = z.infer<typeof adminNewsletterIssueSummarySchema>;
export const adminNewsletterIssueSchema = adminNewsletterIssueSummarySchema.extend({
  preheader: z.string(),
  intro: z.string(),
  /** The rendered preview (the web version). */
  html: z.string(),
  text: z.string(),
  sections: z.array(newsletterSectionSchema),
});
export type AdminNewsletterIssue = z.infer<typeof adminNewsletterIssueSchema>;
export const adminNewsletterIssuesResponseSchema = z.object({ issues: z.array(adminNewsletterIssueSummarySchema) });
export type AdminNewsletterIssuesResponse = z.infer<typeof adminNewsletterIssuesResponseSchema>;
export const adminNewsletterIssueResponseSchema = z.object({ issue: adminNewsletterIssueSchema });
export type AdminNewsletterIssueResponse = z.infer<typeof adminNewsletterIssueResponseSchema>;
export const adminNewsletterDryRunResponseSchema = z.object({ recipients: z.number() });
export type AdminNewsletterDryRunResponse = z.infer<typeof adminNewsletterDryRunResponseSchema>;

export const newsletterIssueIdSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be an issue id' })
    .int('id must be an issue id')
    .positive('id must be an issue id')
    .max(2_147_483_647, 'id is too large'),
});

export const newsletterIssueEditSchema = z
  .object({
    subject: z
      .string({ error: 'subject must be text' })
      .trim()
      .min(1, 'subject must not be empty')
      .max(200, 'subject must be at most 200 characters')
      .optional(),
    preheader: z.string({ error: 'preheader must be text' }).trim().max(300, 'preheader must be at most 300 characters').optional(),
    intro: z.string({ error: 'intro must be text' }).trim().max(5000, 'intro must be at most 5000 characters').optional(),
  })
  .strict();
export type NewsletterIssueEdit = z.infer<typeof newsletterIssueEditSchema>;

export const newsletterTestSendSchema = z.object({
  email: z.string({ error: 'email is required' }).trim().max(254, 'email is too long').pipe(z.email('email must be an e-mail address')),
});

export const newsletterScheduleSchema = z.object({
  at: z.iso
    .datetime({ offset: true, error: 'at must be an ISO date-time (e.g. 2026-11-30T08:00:00Z)' })
    .refine((s) => new Date(s).getTime() > Date.now(), 'at must be in the future'),
});

// ---------- queues (pipeline) ----------

/**
 * `issue`: the weekly scheduler's job (`weekly`), an issue due to be sent
 * (`start`: creates its delivery rows and batch jobs). `batch`: sends one
 * keyset range of an issue's deliveries.
 */
export const NEWSLETTER_QUEUES = {
  issue: {
    name: 'newsletter-issue',
    payload: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('weekly') }),
      z.object({ kind: z.literal('start'), issueId: z.number().int().positive() }),
    ]),
  },
  batch: {
    name: 'newsletter-batch',
    payload: z.object({
      issueId: z.number().int().positive(),
      /** Subscriber ids in (afterId, throughId]. */
      afterId: z.number().int().nonnegative(),
      throughId: z.number().int().positive(),
    }),
  },
} as const;
export type NewsletterIssueJob = z.infer<typeof NEWSLETTER_QUEUES.issue.payload>;
export type NewsletterBatchJob = z.infer<typeof NEWSLETTER_QUEUES.batch.payload>;
