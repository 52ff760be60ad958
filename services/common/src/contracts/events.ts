import { z } from 'zod';

/** The services that consume events; each has one durable event queue. */
export const SERVICE_NAMES = ['content', 'search', 'pipeline', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const id = z.number().int().positive();

/** Domain events and their payloads. Payloads carry ids and just enough to act without another round trip. */
export const EVENT_SCHEMAS = {
  'article.collected': z.object({ articleId: id, sourceId: id.optional() }),
  'newsfeed.published': z.object({ newsFeedId: id, articleId: id, slug: z.string() }),
  'newsfeed.updated': z.object({ newsFeedId: id }),
  'tool.submitted': z.object({ toolId: id, slug: z.string() }),
  'tool.approved': z.object({ toolId: id, slug: z.string() }),
  /** An operator edited, unlisted or deleted a tool: readers re-read whether and how it is listed. */
  'tool.changed': z.object({ toolId: id }),
  'resource.changed': z.object({ resourceId: id }),
  'event.changed': z.object({ eventId: id }),
  'job.changed': z.object({ jobId: id }),
  /** A pending subscriber's confirmation mail is due (content publishes at most one an hour per address). */
  'newsletter.confirmation-requested': z.object({ subscriberId: id }),
  /** A contact message was stored; the pipeline mails it to SITE_CONTACT_EMAIL. */
  'contact.message-received': z.object({ messageId: id }),
} as const;

export type EventName = keyof typeof EVENT_SCHEMAS;
export const EVENT_NAMES = Object.keys(EVENT_SCHEMAS) as EventName[];

/** Who subscribes to what: the one routing table of the event bus. */
export const EVENT_SUBSCRIBERS: Record<EventName, readonly ServiceName[]> = {
  'article.collected': ['pipeline'],
  'newsfeed.published': ['search'],
  'newsfeed.updated': ['search'],
  'tool.submitted': [],
  'tool.approved': ['search'],
  'tool.changed': ['search'],
  'resource.changed': ['search'],
  'event.changed': ['search'],
  'job.changed': ['search'],
  'newsletter.confirmation-requested': ['pipeline'],
  'contact.message-received': ['pipeline'],
};

export const eventQueueName = (service: ServiceName) => `events-${service}`;
