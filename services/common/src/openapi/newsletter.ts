import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  contactMessageSchema,
  newsletterArchiveIssueResponseSchema,
  newsletterArchiveResponseSchema,
  newsletterConfirmResponseSchema,
  newsletterEventsResponseSchema,
  newsletterEventsSchema,
  newsletterSubscribeSchema,
  newsletterTokenSchema,
  newsletterUnsubscribeInfoSchema,
} from '../contracts';
import { messageResponseSchema, ok, operation, slugParam } from './operations';

/** The newsletter's and the contact form's public calls (the content service). */
export const newsletterPaths: ZodOpenApiPathsObject = {
  '/api/newsletter/subscribe': {
    post: operation({
      rateLimited: true,
      operationId: 'subscribeToNewsletter',
      summary: 'Ask for the newsletter',
      description:
        "Mails a confirmation link (double opt-in). The answer is the same whatever the address's state, so it tells no one who subscribes.",
      tag: 'Newsletter',
      body: newsletterSubscribeSchema,
      responses: { 200: ok('A confirmation mail is on its way, if one is due.', messageResponseSchema) },
    }),
  },
  '/api/newsletter/confirm': {
    post: operation({
      rateLimited: true,
      operationId: 'confirmNewsletter',
      summary: 'Confirm a subscription with the token from its mail',
      tag: 'Newsletter',
      body: newsletterTokenSchema,
      responses: { 200: ok('Confirmed.', newsletterConfirmResponseSchema) },
    }),
  },
  '/api/newsletter/unsubscribe': {
    get: operation({
      rateLimited: true,
      operationId: 'describeUnsubscribeLink',
      summary: 'Whom an unsubscribe link is for',
      description: 'Changes nothing (mail scanners fetch links): the address, masked, and its state. Never cached.',
      tag: 'Newsletter',
      query: newsletterTokenSchema,
      responses: { 200: ok('The link is valid.', newsletterUnsubscribeInfoSchema) },
    }),
    post: operation({
      rateLimited: true,
      operationId: 'unsubscribeFromNewsletter',
      summary: 'Unsubscribe with the token from a mail',
      description:
        "The gateway also takes a mail client's RFC 8058 one-click POST at `/newsletter/unsubscribe` and turns it into this call.",
      tag: 'Newsletter',
      body: newsletterTokenSchema,
      responses: { 200: ok('Unsubscribed.', messageResponseSchema) },
    }),
  },
  '/api/newsletter/events': {
    post: operation({
      operationId: 'receiveMailEvents',
      summary: "The mail provider's bounces, complaints and unsubscribes",
      description:
        'Permanent bounces, complaints and unsubscribes stop mail to the address; a temporary bounce (`permanent: false`) changes nothing.',
      tag: 'Newsletter',
      body: newsletterEventsSchema,
      security: [{ webhookSecret: [] }],
      responses: { 200: ok('How many addresses were newly suppressed.', newsletterEventsResponseSchema) },
      errors: [401, 404],
    }),
  },
  '/api/newsletter/issues': {
    get: operation({
      rateLimited: true,
      operationId: 'listNewsletterIssues',
      summary: 'The archive of sent issues',
      tag: 'Newsletter',
      responses: { 200: ok('Sent issues, newest first.', newsletterArchiveResponseSchema) },
    }),
  },
  '/api/newsletter/issues/{slug}': {
    get: operation({
      rateLimited: true,
      operationId: 'getNewsletterIssue',
      summary: 'One sent issue, as its web version',
      tag: 'Newsletter',
      path: slugParam("The issue's slug."),
      responses: { 200: ok('The issue.', newsletterArchiveIssueResponseSchema) },
      errors: [404],
    }),
  },
  '/api/contact': {
    post: operation({
      rateLimited: true,
      operationId: 'sendContactMessage',
      summary: 'Send a message to the editors',
      description: '`website` is a honeypot people never see: a message with it filled gets the same answer and is dropped.',
      tag: 'Contact',
      body: contactMessageSchema,
      responses: { 200: ok('Received.', messageResponseSchema) },
    }),
  },
};
