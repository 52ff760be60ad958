import { z } from 'zod';
import { MAX_PAGE_LIMIT, SIMPLE_EMAIL_PATTERN } from './constants';
import { CONTACT_LIMITS, NEWSLETTER_EVENT_TYPES, SUBSCRIBER_STATUSES } from './newsletterConstants';

/**
 * Subscriptions (double opt-in, unsubscribe, the bounce webhook), contact
 * messages and the caught mail: the public calls (content), the operator calls
 * (content: subscribers, contact inbox; pipeline: mail) and their answers.
 * The digest's issues are in newsletterIssues.ts.
 */

const requiredEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(254, 'Email is too long')
    .regex(SIMPLE_EMAIL_PATTERN, 'Please enter a valid email address.');

/** A signed link's token (services/common/src/mail/tokens.ts); its signature is checked by the service. */
const token = z
  .string({ error: 'token is required' })
  .trim()
  .min(1, 'token is required')
  .max(512, 'This link is invalid. Please subscribe again.');

export const newsletterTokenSchema = z.object({ token });
export type NewsletterTokenRequest = z.infer<typeof newsletterTokenSchema>;

export const newsletterEventsSchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(NEWSLETTER_EVENT_TYPES, { error: 'type must be bounce, complaint or unsubscribe' }),
        email: requiredEmail('email is required'),
        /** Bounces only: false for a temporary failure (mailbox full), which does not suppress. */
        permanent: z.boolean({ error: 'permanent must be true or false' }).optional(),
      }),
      { error: 'events must be a list' },
    )
    .max(1000, 'events: at most 1000 per call'),
});
export type NewsletterEventsRequest = z.infer<typeof newsletterEventsSchema>;

const contactText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long (at most ${max} characters)`);

/** POST /api/contact. `website` is the honeypot: people never see it, so a filled one is a bot. */
export const contactMessageSchema = z.object({
  name: contactText('Name', CONTACT_LIMITS.name),
  email: requiredEmail('Email is required'),
  subject: contactText('Subject', CONTACT_LIMITS.subject),
  message: contactText('Message', CONTACT_LIMITS.message),
  website: z.string({ error: 'website must be text' }).max(500).optional().default(''),
});
export type ContactMessageRequest = z.input<typeof contactMessageSchema>;

const pageQuery = (defaultLimit: number) => ({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(defaultLimit),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be an integer')
    .min(0, 'offset must be 0 or more')
    .max(1_000_000_000, 'offset is too large')
    .default(0),
});

export const adminSubscribersQuerySchema = z.object({
  q: z.string().trim().max(254, 'q is too long').optional(),
  status: z.enum(SUBSCRIBER_STATUSES, { error: `status must be one of ${SUBSCRIBER_STATUSES.join(', ')}` }).optional(),
  ...pageQuery(50),
});
export const adminContactMessagesQuerySchema = z.object(pageQuery(25));

export const newsletterIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be an integer')
    .positive('id must be positive')
    .max(2_147_483_647, 'id is too large'),
});

// ---------- answers ----------

export const newsletterMessageResponseSchema = z.object({ message: z.string() });
export type NewsletterMessageResponse = z.infer<typeof newsletterMessageResponseSchema>;
export const newsletterConfirmResponseSchema = z.object({ message: z.string(), email: z.string() });
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponseSchema>;
/** GET /api/newsletter/unsubscribe?token=: who the link is for (masked) and where they stand; changes nothing. */
export const newsletterUnsubscribeInfoSchema = z.object({ email: z.string(), status: z.enum(SUBSCRIBER_STATUSES) });
export type NewsletterUnsubscribeInfo = z.infer<typeof newsletterUnsubscribeInfoSchema>;
export const newsletterEventsResponseSchema = z.object({ suppressed: z.number() });
export type NewsletterEventsResponse = z.infer<typeof newsletterEventsResponseSchema>;

export const adminSubscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  suppressedReason: z.string().nullable(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;
export const adminSubscribersResponseSchema = z.object({ subscribers: z.array(adminSubscriberSchema), total: z.number() });
export type AdminSubscribersResponse = z.infer<typeof adminSubscribersResponseSchema>;
/** GET /api/admin/newsletter/subscribers/{id}/export: everything stored about one subscriber. */
export const subscriberExportSchema = z.object({
  exportedAt: z.string(),
  subscriber: adminSubscriberSchema.extend({
    confirmationSentAt: z.string().nullable(),
    suppressedAt: z.string().nullable(),
    updatedAt: z.string(),
  }),
  deliveries: z.array(
    z.object({
      issueId: z.number(),
      issueNumber: z.number().nullable(),
      subject: z.string().nullable(),
      status: z.string(),
      attempts: z.number(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type SubscriberExport = z.infer<typeof subscriberExportSchema>;

export const adminContactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  deliveryError: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;
export const adminContactMessagesResponseSchema = z.object({ messages: z.array(adminContactMessageSchema), total: z.number() });
export type AdminContactMessagesResponse = z.infer<typeof adminContactMessagesResponseSchema>;

export const adminMailSummarySchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  size: z.number(),
});
export type AdminMailSummary = z.infer<typeof adminMailSummarySchema>;
export const adminMailListResponseSchema = z.object({
  /** Whether this pipeline runs the local catcher (no SMTP_URL). */
  enabled: z.boolean(),
  /** Where mail goes: the relay's address without its password, or the catcher's. */
  smtp: z.string(),
  messages: z.array(adminMailSummarySchema),
});
export type AdminMailListResponse = z.infer<typeof adminMailListResponseSchema>;
export const adminMailMessageSchema = adminMailSummarySchema.omit({ size: true }).extend({
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
  html: z.string().nullable(),
  text: z.string().nullable(),
});
export type AdminMailMessage = z.infer<typeof adminMailMessageSchema>;
export const adminMailMessageResponseSchema = z.object({ message: adminMailMessageSchema });
export type AdminMailMessageResponse = z.infer<typeof adminMailMessageResponseSchema>;
