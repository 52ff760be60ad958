import type { Knex } from '@neuralbeat/common';
import type { NewsletterSection } from '@neuralbeat/common/contracts';

export interface SentIssueRow {
  slug: string;
  number: number;
  subject: string;
  preheader: string;
  sent_at: Date;
}
export interface SentIssueDetailRow extends SentIssueRow {
  intro: string;
  html: string;
  content: { sections: NewsletterSection[] };
}

const ARCHIVE_LIMIT = 500;

/** Sent newsletter issues, read for the public archive (the pipeline writes them). */
export class NewsletterIssuesRepository {
  constructor(private readonly db: Knex) {}

  sent(): Promise<SentIssueRow[]> {
    return this.db('newsletter_issues')
      .select('slug', 'number', 'subject', 'preheader', 'sent_at')
      .where({ status: 'sent' })
      .orderBy([
        { column: 'sent_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(ARCHIVE_LIMIT);
  }

  sentBySlug(slug: string): Promise<SentIssueDetailRow | undefined> {
    return this.db('newsletter_issues')
      .select('slug', 'number', 'subject', 'preheader', 'sent_at', 'intro', 'html', 'content')
      .where({ status: 'sent', slug })
      .first();
  }
}
