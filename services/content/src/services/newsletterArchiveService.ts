import { notFound, type Knex } from '@neuralbeat/common';
import {
  newsletterWebVersion,
  type NewsletterArchiveEntry,
  type NewsletterArchiveIssueResponse,
  type NewsletterArchiveResponse,
} from '@neuralbeat/common/contracts';
import { NewsletterIssuesRepository, type SentIssueRow } from '../repositories/newsletterIssuesRepository';

const entry = (r: SentIssueRow): NewsletterArchiveEntry => ({
  slug: r.slug,
  number: r.number,
  subject: r.subject,
  preheader: r.preheader,
  sentAt: r.sent_at.toISOString(),
});

/** The newsletter archive: sent issues only, each as its web version (no subscriber's links). */
export class NewsletterArchiveService {
  private readonly issues: NewsletterIssuesRepository;

  constructor(
    db: Knex,
    private readonly siteUrl: string,
  ) {
    this.issues = new NewsletterIssuesRepository(db);
  }

  async list(): Promise<NewsletterArchiveResponse> {
    return { issues: (await this.issues.sent()).map(entry) };
  }

  async issue(slug: string): Promise<NewsletterArchiveIssueResponse> {
    const row = await this.issues.sentBySlug(slug);
    if (!row) throw notFound('No such newsletter issue');
    return {
      issue: { ...entry(row), intro: row.intro, html: newsletterWebVersion(row.html, this.siteUrl), sections: row.content.sections },
    };
  }
}
