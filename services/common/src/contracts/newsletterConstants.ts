/**
 * Subscription and contact constants the web app reads at run time too (no
 * zod here: the browser barrel exports this file).
 */

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced', 'complained'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** What the bounce/complaint webhook (POST /api/newsletter/events) accepts. */
export const NEWSLETTER_EVENT_TYPES = ['bounce', 'complaint', 'unsubscribe'] as const;
export type NewsletterEventType = (typeof NEWSLETTER_EVENT_TYPES)[number];

/** A confirmation mail goes to one address at most this often. */
export const CONFIRMATION_RESEND_MS = 60 * 60 * 1000;

/** Longest contact name, subject and message: far above what a person writes, so they only keep a bot from storing megabytes. */
export const CONTACT_LIMITS = { name: 200, subject: 300, message: 10_000 } as const;

/** The public answers, word for word. */
export const NEWSLETTER_MESSAGES = {
  subscribed: 'Check your inbox to confirm your subscription.',
  confirmed: 'Your subscription is confirmed.',
  unsubscribed: 'You are unsubscribed.',
  badToken: 'This link has expired or is invalid. Please subscribe again.',
  contactSent: 'Message sent',
} as const;
