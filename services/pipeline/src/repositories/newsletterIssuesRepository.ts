import { randomUUID } from 'node:crypto';
import type { Knex } from '@neuralbeat/common';
import type { NewsletterIssueCounts, NewsletterIssueStatus, NewsletterSection } from '@neuralbeat/common/contracts';

export interface IssueRow {
  id: number;
  number: number;
  slug: string;
  subject: string;
  preheader: string;
  intro: string;
  content: { sections: NewsletterSection[] };
  html: string;
  text_body: string;
  batch_ends: number[] | null;
  status: NewsletterIssueStatus;
  scheduled_for: Date | null;
  sent_at: Date | null;
  recipient_count: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface StoryRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  publish_date: Date;
  outlets: number;
}
export interface ToolRow {
  id: number;
  name: string;
  slug: string;
  short_description: string;
}
export interface EventRow {
  id: number;
  name: string;
  slug: string;
  location: string;
  start_date: Date;
  virtual: boolean;
}
export interface JobRow {
  id: number;
  title: string;
  company: string;
  location: string;
  remote: boolean;
}

/** A delivery to send: the row, the subscriber's address and what their unsubscribe token is made of. */
export interface DeliveryTarget {
  subscriber_id: number;
  /** The claiming run's token: marks of this row go through only while it holds the claim. */
  claim: string;
  email: string;
  token_nonce: string;
}

/** Another run of the batch claimed the row meanwhile: it sends the copy, this run must not. */
export class ClaimLost extends Error {
  constructor() {
    super('delivery claimed by another run');
    this.name = 'ClaimLost';
  }
}

/** The pg connection knex hands out (node-postgres' Client). */
interface PgConnection {
  query(sql: string, params?: unknown[]): Promise<{ rowCount: number | null }>;
}

/** A `sent` mark written but not yet committed. */
export interface PreparedMark {
  /** Writes COMMIT before returning; `done` settles with its answer. */
  commit(): { written: true; done: Promise<void> };
  rollback(): Promise<void>;
}

export type NewIssue = Pick<IssueRow, 'number' | 'slug' | 'subject' | 'preheader' | 'intro' | 'content' | 'html' | 'text_body'>;

/**
 * The digest's reads and writes: composition reads over the site's content
 * (owned by content; read as the pipeline reads articles), issues, deliveries.
 */
export class IssuesRepository {
  constructor(readonly db: Knex) {}

  /**
   * The window's stories, a story cluster once (its newest live item), ranked by
   * the number of outlets that reported it (distinct sources among the
   * cluster's articles, held copies included), then by recency.
   */
  async topStories(from: Date, to: Date, limit: number): Promise<StoryRow[]> {
    const { rows } = await this.db.raw<{ rows: StoryRow[] }>(
      `SELECT id, title, slug, excerpt, publish_date, outlets FROM (
         SELECT DISTINCT ON (coalesce(a.story_cluster_id, -nf.id))
           nf.id, nf.title, nf.slug, nf.excerpt, nf.publish_date,
           CASE WHEN a.story_cluster_id IS NULL THEN 1 ELSE (
             SELECT count(DISTINCT coalesce(ca.source_id::text, ca.news_source, ca.id::text))
             FROM articles ca WHERE ca.story_cluster_id = a.story_cluster_id
           ) END::int AS outlets
         FROM news_feed nf JOIN articles a ON a.id = nf.article_id
         WHERE nf.publish_date >= ? AND nf.publish_date < ?
         ORDER BY coalesce(a.story_cluster_id, -nf.id), nf.publish_date DESC, nf.id DESC
       ) s
       ORDER BY outlets DESC, publish_date DESC, id DESC
       LIMIT ?`,
      [from, to, limit],
    );
    return rows;
  }

  toolsApproved(from: Date, to: Date, limit: number): Promise<ToolRow[]> {
    return this.db('tools')
      .select('id', 'name', 'slug', 'short_description')
      .where('approved', true)
      .where('reviewed_at', '>=', from)
      .where('reviewed_at', '<', to)
      .orderBy([
        { column: 'reviewed_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
  }

  upcomingEvents(from: Date, to: Date, limit: number): Promise<EventRow[]> {
    return this.db('events')
      .select('id', 'name', 'slug', 'location', 'start_date', 'virtual')
      .where('published', true)
      .where('start_date', '>=', from)
      .where('start_date', '<', to)
      .orderBy([
        { column: 'start_date', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(limit);
  }

  jobsCreated(from: Date, to: Date, limit: number): Promise<JobRow[]> {
    return this.db('jobs')
      .select('id', 'title', 'company', 'location', 'remote')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
  }

  /** Stores a new draft built for the next issue number (taken one at a time: the weekly job and an operator may compose at once). */
  async insertDraft(build: (number: number) => Promise<NewIssue>): Promise<IssueRow> {
    return this.db.transaction(async (trx) => {
      await trx.raw("SELECT pg_advisory_xact_lock(hashtext('newsletter_issue_number'))");
      const [{ n }] = await trx('newsletter_issues').max<{ n: number | null }[]>({ n: 'number' });
      const issue = await build((n ?? 0) + 1);
      const [row] = await trx('newsletter_issues')
        .insert({ ...issue, content: JSON.stringify(issue.content), status: 'draft' })
        .returning('*');
      return row as IssueRow;
    });
  }

  async find(id: number): Promise<IssueRow | undefined> {
    return this.db<IssueRow>('newsletter_issues').where({ id }).first();
  }

  list(limit = 100): Promise<IssueRow[]> {
    return this.db<IssueRow>('newsletter_issues')
      .select('*')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
  }

  /** Updates an issue still in one of `states`; undefined when it is not (any more). */
  async updateIn(id: number, states: NewsletterIssueStatus[], patch: Partial<IssueRow>): Promise<IssueRow | undefined> {
    const [row] = await this.db('newsletter_issues')
      .where({ id })
      .whereIn('status', states)
      .update({ ...patch, updated_at: this.db.fn.now() })
      .returning('*');
    return row as IssueRow | undefined;
  }

  /** An issue scheduled for a time within [from, to), the earliest first: the weekly job sends it instead of composing one. */
  async scheduledWithin(from: Date, to: Date): Promise<IssueRow | undefined> {
    return this.db<IssueRow>('newsletter_issues')
      .where({ status: 'scheduled' })
      .where('scheduled_for', '>=', from)
      .where('scheduled_for', '<', to)
      .orderBy('scheduled_for')
      .first();
  }

  /** Issues sending or scheduled: on start, their jobs are made sure of (a queue emptied by an operator, a lost delayed job). */
  unfinished(): Promise<IssueRow[]> {
    return this.db<IssueRow>('newsletter_issues').whereIn('status', ['scheduled', 'sending']);
  }

  async confirmedCount(): Promise<number> {
    const [{ n }] = await this.db('newsletters').where({ status: 'confirmed' }).count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }

  /**
   * One pending delivery per confirmed subscriber, in keyset chunks so a large
   * list is not one long statement; a row that exists already (a start taken
   * up again after a crash) is left as it is.
   */
  async createDeliveries(issueId: number): Promise<void> {
    let after = 0;
    for (;;) {
      const { rows } = await this.db.raw<{ rows: { last: number | null }[] }>(
        `WITH chunk AS (
           SELECT id FROM newsletters WHERE status = 'confirmed' AND id > ? ORDER BY id LIMIT 5000
         ), ins AS (
           INSERT INTO newsletter_deliveries (issue_id, subscriber_id) SELECT ?, id FROM chunk
           ON CONFLICT DO NOTHING
         )
         SELECT max(id) AS last FROM chunk`,
        [after, issueId],
      );
      const last = rows[0]?.last;
      if (last == null) return;
      after = last;
    }
  }

  /**
   * The subscriber id closing each batch of `batchSize` deliveries (every
   * batchSize-th, and the last), fixed on first call with the recipient count:
   * batches taken up again never overlap ones already queued.
   */
  async fixBatches(issueId: number, batchSize: number): Promise<number[]> {
    const { rows } = await this.db.raw<{ rows: { batch_ends: number[] }[] }>(
      `UPDATE newsletter_issues SET
         batch_ends = coalesce(batch_ends, (
           SELECT coalesce(array_agg(subscriber_id ORDER BY subscriber_id), '{}') FROM (
             SELECT subscriber_id, row_number() OVER (ORDER BY subscriber_id) AS n, count(*) OVER () AS total
             FROM newsletter_deliveries WHERE issue_id = :id
           ) d WHERE n % :size = 0 OR n = total)),
         recipient_count = coalesce(recipient_count, (SELECT count(*) FROM newsletter_deliveries WHERE issue_id = :id)),
         updated_at = now()
       WHERE id = :id RETURNING batch_ends`,
      { id: issueId, size: batchSize },
    );
    return rows[0]?.batch_ends ?? [];
  }

  /**
   * The batch's deliveries not yet done, claimed for sending (attempts + 1).
   * Rows of subscribers no longer confirmed (unsubscribed, bounced meanwhile)
   * end as failed and are not sent.
   */
  async claimBatch(issueId: number, afterId: number, throughId: number): Promise<DeliveryTarget[]> {
    const claim = randomUUID();
    await this.db.raw(
      `UPDATE newsletter_deliveries d SET status = 'failed', last_error = 'no longer subscribed'
       FROM newsletters s
       WHERE d.issue_id = ? AND d.subscriber_id > ? AND d.subscriber_id <= ? AND d.status IN ('pending', 'sending')
         AND s.id = d.subscriber_id AND s.status <> 'confirmed'`,
      [issueId, afterId, throughId],
    );
    const { rows } = await this.db.raw<{ rows: DeliveryTarget[] }>(
      `UPDATE newsletter_deliveries d SET status = 'sending', attempts = d.attempts + 1, claim = ?
       FROM newsletters s
       WHERE d.issue_id = ? AND d.subscriber_id > ? AND d.subscriber_id <= ? AND d.status IN ('pending', 'sending')
         AND s.id = d.subscriber_id
       RETURNING d.subscriber_id, d.claim, s.email, s.token_nonce`,
      [claim, issueId, afterId, throughId],
    );
    return rows.sort((a, b) => a.subscriber_id - b.subscriber_id);
  }

  /**
   * Marks the delivery sent in a transaction left open on a connection of its
   * own: `commit()` writes COMMIT to the socket before it returns (pg sends a
   * query on an idle connection at once), so the caller can order it before
   * the message's final "." with no I/O in between (see deliver.ts).
   */
  async prepareSent(issueId: number, target: DeliveryTarget): Promise<PreparedMark> {
    const client = this.db.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(c: PgConnection): Promise<void> };
    const conn = await client.acquireConnection();
    const end = async (sql: 'COMMIT' | 'ROLLBACK', sent?: Promise<unknown>) => {
      try {
        await (sent ?? conn.query(sql));
      } finally {
        await client.releaseConnection(conn);
      }
    };
    try {
      // One round trip: BEGIN and the mark as one simple query (ids are integers, the claim a UUID we made).
      const results = (await conn.query(
        `BEGIN; UPDATE newsletter_deliveries SET status = 'sent', sent_at = now(), last_error = NULL
         WHERE issue_id = ${Number(issueId)} AND subscriber_id = ${Number(target.subscriber_id)}
           AND claim = '${target.claim.replace(/[^0-9a-f-]/g, '')}' AND status = 'sending'`,
      )) as unknown as { rowCount: number | null }[];
      if (!results[1]?.rowCount) throw new ClaimLost();
    } catch (err) {
      await end('ROLLBACK').catch(() => undefined);
      throw err;
    }
    return {
      commit: () => {
        // Written now, awaited later: the caller sends the message's "." right after this returns.
        const sent = conn.query('COMMIT');
        return { written: true, done: end('COMMIT', sent) };
      },
      rollback: () => end('ROLLBACK'),
    };
  }

  /** The server refused after all (or never took it): back to pending for a retry, or failed. */
  async markUnsent(issueId: number, target: DeliveryTarget, status: 'pending' | 'failed', error: string): Promise<void> {
    await this.db('newsletter_deliveries')
      .where({ issue_id: issueId, subscriber_id: target.subscriber_id, claim: target.claim })
      .update({ status, sent_at: null, last_error: error.slice(0, 1000) });
  }

  /** A permanent refusal: this delivery bounced and the address is suppressed (no further issue reaches it). */
  async markBounced(issueId: number, target: DeliveryTarget, error: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('newsletter_deliveries')
        .where({ issue_id: issueId, subscriber_id: target.subscriber_id, claim: target.claim })
        .update({ status: 'bounced', sent_at: null, last_error: error.slice(0, 1000) });
      await trx('newsletters')
        .where({ id: target.subscriber_id })
        .whereIn('status', ['pending', 'confirmed'])
        .update({
          status: 'bounced',
          suppressed_at: trx.fn.now(),
          suppressed_reason: `bounce: ${error}`.slice(0, 500),
          updated_at: trx.fn.now(),
        });
    });
  }

  /** Gives up on the batch's rows still not sent after its last attempt. */
  async failRemaining(issueId: number, afterId: number, throughId: number, error: string): Promise<void> {
    await this.db('newsletter_deliveries')
      .where({ issue_id: issueId })
      .where('subscriber_id', '>', afterId)
      .where('subscriber_id', '<=', throughId)
      .whereIn('status', ['pending', 'sending'])
      .update({ status: 'failed', last_error: error.slice(0, 1000) });
  }

  /** `sent` once no delivery is pending or sending; true when this call finished it. */
  async finishIfDone(issueId: number): Promise<boolean> {
    const n = await this.db('newsletter_issues')
      .where({ id: issueId, status: 'sending' })
      .whereNotExists(
        this.db('newsletter_deliveries').where({ issue_id: issueId }).whereIn('status', ['pending', 'sending']).select(this.db.raw('1')),
      )
      .update({ status: 'sent', sent_at: this.db.fn.now(), updated_at: this.db.fn.now() });
    return n > 0;
  }

  async counts(issueIds: number[]): Promise<Map<number, NewsletterIssueCounts>> {
    const map = new Map<number, NewsletterIssueCounts>();
    for (const id of issueIds) map.set(id, { recipients: 0, pending: 0, sent: 0, failed: 0, bounced: 0 });
    if (!issueIds.length) return map;
    const rows = await this.db('newsletter_deliveries')
      .select('issue_id', 'status')
      .count<{ issue_id: number; status: string; n: string }[]>({ n: '*' })
      .whereIn('issue_id', issueIds)
      .groupBy('issue_id', 'status');
    for (const r of rows) {
      const c = map.get(r.issue_id)!;
      const n = Number(r.n);
      c.recipients += n;
      if (r.status === 'pending' || r.status === 'sending') c.pending += n;
      else c[r.status as 'sent' | 'failed' | 'bounced'] += n;
    }
    return map;
  }
}
