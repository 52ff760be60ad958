import { Readable } from 'node:stream';
import type { Job, Queue } from 'bullmq';
import { conflict, notFound, type Logger } from '@neuralbeat/common';
import {
  newsletterWebVersion,
  type AdminNewsletterIssue,
  type AdminNewsletterIssueSummary,
  type NewsletterBatchJob,
  type NewsletterIssueCounts,
  type NewsletterIssueEdit,
} from '@neuralbeat/common/contracts';
import { composeIssue } from './compose';
import { IssueSender, type RawMailTransport } from './deliver';
import type { IssueRow, IssuesRepository } from '../repositories/newsletterIssuesRepository';
import { IssueMessage, type Recipient } from './message';
import { renderIssueHtml, renderIssueText } from './render';

/** The settings the digest reads. */
export interface DigestSettings {
  SITE_URL: string;
  MAIL_FROM: string;
  NEWSLETTER_AUTO_SEND: boolean;
  PIPELINE_BACKOFF_MS: number;
}

/** A subscriber's unsubscribe links (signed tokens; services/common/src/mail/tokens.ts). */
export type UnsubscribeLinks = (subscriberId: number, tokenNonce: string) => Promise<{ url: string; mailto: string }>;

export interface NewsletterIssuesDeps {
  repo: IssuesRepository;
  issueQueue: Queue;
  batchQueue: Queue;
  config: DigestSettings;
  logger: Logger;
  /** With `transport`: what sending needs, absent in processes that only queue work. */
  links?: UnsubscribeLinks;
  transport?: RawMailTransport;
  /** Deliveries per batch job. */
  batchSize?: number;
  /** Messages in flight at once per batch job. */
  concurrency?: number;
}

/** Attempts of a batch job: 4xx deferrals retry with exponential backoff from PIPELINE_BACKOFF_MS. */
export const BATCH_ATTEMPTS = 8;
const DEFAULT_BATCH_SIZE = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The weekly digest's life: compose (draft), edit, test, schedule or send now,
 * then sending (delivery rows, batch jobs) until sent. Used by the operator
 * API, the CLI and the digest's workers.
 */
export class NewsletterIssues {
  private readonly messages = new Map<number, IssueMessage>();

  constructor(private readonly deps: NewsletterIssuesDeps) {}

  get repo(): IssuesRepository {
    return this.deps.repo;
  }

  private site(): string {
    return this.deps.config.SITE_URL.replace(/\/$/, '');
  }

  private webUrl(slug: string): string {
    return `${this.site()}/newsletter/${slug}`;
  }

  private async render(row: Pick<IssueRow, 'number' | 'slug' | 'subject' | 'preheader' | 'intro' | 'content'>, date: Date) {
    const input = {
      number: row.number,
      subject: row.subject,
      preheader: row.preheader,
      intro: row.intro,
      sections: row.content.sections,
      webUrl: this.webUrl(row.slug),
      siteUrl: this.site(),
      date,
    };
    return { html: await renderIssueHtml(input), text_body: renderIssueText(input) };
  }

  /** A new draft from the past 7 days. */
  async compose(now = new Date()): Promise<IssueRow> {
    return this.deps.repo.insertDraft(async (number) => {
      const composed = await composeIssue(this.deps.repo, this.site(), number, now);
      const slug = `${now.toISOString().slice(0, 10)}-issue-${number}`;
      const content = { sections: composed.sections };
      const fields = { number, slug, subject: composed.subject, preheader: composed.preheader, intro: composed.intro, content };
      return { ...fields, ...(await this.render(fields, now)) };
    });
  }

  async get(id: number): Promise<IssueRow> {
    const row = await this.deps.repo.find(id);
    if (!row) throw notFound('No such issue');
    return row;
  }

  async list(): Promise<AdminNewsletterIssueSummary[]> {
    const rows = await this.deps.repo.list();
    const counts = await this.deps.repo.counts(rows.map((r) => r.id));
    return rows.map((r) => this.summary(r, counts.get(r.id)!));
  }

  async detail(id: number): Promise<AdminNewsletterIssue> {
    const row = await this.get(id);
    const counts = (await this.deps.repo.counts([id])).get(id)!;
    return {
      ...this.summary(row, counts),
      preheader: row.preheader,
      intro: row.intro,
      html: newsletterWebVersion(row.html, this.site()),
      text: newsletterWebVersion(row.text_body, this.site()),
      sections: row.content.sections,
    };
  }

  summary(row: IssueRow, counts: NewsletterIssueCounts): AdminNewsletterIssueSummary {
    return {
      id: row.id,
      number: row.number,
      slug: row.slug,
      subject: row.subject,
      status: row.status,
      scheduledFor: iso(row.scheduled_for),
      sentAt: iso(row.sent_at),
      createdAt: row.created_at.toISOString(),
      counts,
    };
  }

  /** Subject, preheader or intro of an issue not yet sending; rendered again. */
  async edit(id: number, patch: NewsletterIssueEdit): Promise<IssueRow> {
    const row = await this.get(id);
    if (row.status !== 'draft' && row.status !== 'scheduled')
      throw conflict(`Issue #${row.number} is ${row.status} and can no longer be edited`);
    const next = { ...row, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    const updated = await this.deps.repo.updateIn(id, ['draft', 'scheduled'], {
      subject: next.subject,
      preheader: next.preheader,
      intro: next.intro,
      ...(await this.render(next, row.created_at)),
    });
    if (!updated) throw conflict(`Issue #${row.number} started sending meanwhile and can no longer be edited`);
    return updated;
  }

  /** One copy to one address, marked as a test; no delivery row, no subscriber. */
  async testSend(id: number, email: string): Promise<void> {
    const row = await this.get(id);
    if (!this.deps.transport) throw conflict('This process cannot send mail');
    const message = new IssueMessage({
      from: this.deps.config.MAIL_FROM,
      subject: `[Test] ${row.subject}`,
      html: row.html,
      text: row.text_body,
      key: `${row.id}-test-${Date.now()}`,
    });
    // A test recipient is no subscriber: the unsubscribe link leads to the subscribe page.
    const recipient: Recipient = { email, id: 'test', unsubscribeUrl: `${this.site()}/newsletter` };
    await this.deps.transport.send({ from: message.envelopeFrom, to: [email] }, Readable.from([message.build(recipient)]));
  }

  async schedule(id: number, at: Date): Promise<IssueRow> {
    const row = await this.get(id);
    const updated = await this.deps.repo.updateIn(id, ['draft', 'scheduled'], { status: 'scheduled', scheduled_for: at });
    if (!updated) throw conflict(`Issue #${row.number} is ${row.status} and cannot be scheduled`);
    await this.deps.issueQueue.add(
      'start',
      { kind: 'start', issueId: id },
      { jobId: `start-${id}-${at.getTime()}`, delay: Math.max(0, at.getTime() - Date.now()) },
    );
    return updated;
  }

  /** Sending starts at once (the same path for the console, the CLI and the weekly job). */
  async sendNow(id: number): Promise<IssueRow> {
    const row = await this.get(id);
    const updated = await this.deps.repo.updateIn(id, ['draft', 'scheduled'], { status: 'sending' });
    if (!updated) throw conflict(`Issue #${row.number} is already ${row.status}`);
    await this.deps.issueQueue.add('start', { kind: 'start', issueId: id }, { jobId: `start-${id}` });
    return updated;
  }

  dryRun(): Promise<number> {
    return this.deps.repo.confirmedCount();
  }

  /**
   * The issue queue's `start` job: delivery rows for every confirmed
   * subscriber, the batches fixed, one job per batch. Safe to run again (a
   * crash, a second start job): rows and batches are made once, jobs have
   * stable ids.
   */
  async start(issueId: number, now = new Date()): Promise<void> {
    const row = await this.deps.repo.find(issueId);
    if (!row) return;
    if (row.status === 'scheduled') {
      // A schedule moved later leaves its earlier job behind: only the job of the current time sends.
      if (!row.scheduled_for || row.scheduled_for.getTime() > now.getTime() + 1000) return;
      if (!(await this.deps.repo.updateIn(issueId, ['scheduled'], { status: 'sending' }))) return;
    } else if (row.status !== 'sending') {
      return;
    }
    await this.deps.repo.createDeliveries(issueId);
    const ends = await this.deps.repo.fixBatches(issueId, this.deps.batchSize ?? DEFAULT_BATCH_SIZE);
    const jobs = ends.map((throughId, i) => {
      const data: NewsletterBatchJob = { issueId, afterId: i === 0 ? 0 : ends[i - 1]!, throughId };
      return {
        name: 'batch',
        data,
        opts: {
          jobId: `batch-${issueId}-${data.afterId}-${throughId}`,
          attempts: BATCH_ATTEMPTS,
          backoff: { type: 'exponential' as const, delay: this.deps.config.PIPELINE_BACKOFF_MS },
        },
      };
    });
    for (let i = 0; i < jobs.length; i += 1000) await this.deps.batchQueue.addBulk(jobs.slice(i, i + 1000));
    if (await this.deps.repo.finishIfDone(issueId)) this.deps.logger.info({ issueId }, 'newsletter issue had no recipients');
  }

  private async messageOf(row: IssueRow): Promise<IssueMessage> {
    let message = this.messages.get(row.id);
    if (!message) {
      message = new IssueMessage({
        from: this.deps.config.MAIL_FROM,
        subject: row.subject,
        html: row.html,
        text: row.text_body,
        key: String(row.id),
      });
      // Only the issues being sent now are kept.
      if (this.messages.size >= 4) this.messages.delete(this.messages.keys().next().value!);
      this.messages.set(row.id, message);
    }
    return message;
  }

  /**
   * A batch job: claims the range's unsent deliveries and sends them. Throws
   * when some were deferred (4xx), so the job retries them with backoff.
   */
  async sendBatch(job: NewsletterBatchJob): Promise<void> {
    const { repo, transport, links: linksOf, logger } = this.deps;
    if (!transport || !linksOf) throw new Error('newsletter batch without a mail transport');
    const row = await repo.find(job.issueId);
    if (!row || row.status !== 'sending') return;
    const targets = await repo.claimBatch(job.issueId, job.afterId, job.throughId);
    if (targets.length) {
      const message = await this.messageOf(row);
      const links = new Map<number, { url: string; mailto: string }>();
      for (const t of targets) links.set(t.subscriber_id, await linksOf(t.subscriber_id, t.token_nonce));
      const sender = new IssueSender({ repo, transport, logger, concurrency: this.deps.concurrency ?? 10 });
      const outcome = await sender.sendAll(job.issueId, message, targets, (t) => ({
        email: t.email,
        id: String(t.subscriber_id),
        unsubscribeUrl: links.get(t.subscriber_id)!.url,
        unsubscribeMailto: links.get(t.subscriber_id)!.mailto,
      }));
      logger.debug({ issueId: job.issueId, ...outcome }, 'newsletter batch sent');
      if (outcome.retry) throw new Error(`${outcome.retry} deliveries deferred by the server; retrying`);
    }
    await repo.finishIfDone(job.issueId);
  }

  /** After a batch job's last attempt: what is still unsent fails, and the issue may be done. */
  async giveUpBatch(job: Job<NewsletterBatchJob>, err: Error): Promise<void> {
    await this.deps.repo.failRemaining(job.data.issueId, job.data.afterId, job.data.throughId, err.message);
    await this.deps.repo.finishIfDone(job.data.issueId);
  }

  /**
   * The weekly job. With NEWSLETTER_AUTO_SEND: an issue an operator scheduled
   * for this week is sent now, else a new one is composed and sent. Without:
   * a draft waits for an operator.
   */
  async weekly(now = new Date()): Promise<IssueRow> {
    if (!this.deps.config.NEWSLETTER_AUTO_SEND) return this.compose(now);
    const week = 7 * 86_400_000;
    const scheduled = await this.deps.repo.scheduledWithin(new Date(now.getTime() - week), new Date(now.getTime() + week));
    const issue = scheduled ?? (await this.compose(now));
    return this.sendNow(issue.id);
  }

  async counts(id: number): Promise<NewsletterIssueCounts> {
    return (await this.deps.repo.counts([id])).get(id)!;
  }
}
