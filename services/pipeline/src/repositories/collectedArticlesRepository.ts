import type { Knex } from '@neuralbeat/common';
import { isThin } from '../fulltext/thinText';

/** The article columns a collected feed item fills. */
export interface CollectedItem {
  title: string;
  content: string;
  excerpt: string;
  image_url: string | null;
  source_url: string;
  source_id: number;
  item_key: string;
  canonical_url: string | null;
  pipeline_stage?: string;
  feed_hash: string;
  [column: string]: unknown;
}

interface KnownArticle {
  id: number;
  item_key: string;
  feed_hash: string | null;
  title: string;
  excerpt: string | null;
  content: string | null;
  full_text_status: string | null;
  published: boolean;
}

/** Knex access to `articles` for the collector: new items inserted, edited ones updated and sent through the pipeline again. */
export class CollectedArticlesRepository {
  private readonly hashOf: (row: { title: string; excerpt: string; content: string }) => string;
  constructor(hashOf: (row: { title: string; excerpt: string; content: string }) => string) {
    this.hashOf = hashOf;
  }

  /** Stores a fetch's items (one per identity) in the caller's transaction: returns the ids of articles added and of articles the feed edited. */
  async store(trx: Knex.Transaction, rows: CollectedItem[]): Promise<{ added: number[]; updated: number[] }> {
    if (!rows.length) return { added: [], updated: [] };
    const sourceId = rows[0]!.source_id;
    const known = new Map<string, KnownArticle>();
    for (let i = 0; i < rows.length; i += 1000) {
      const keys = rows.slice(i, i + 1000).map((r) => r.item_key);
      const found: KnownArticle[] = await trx('articles')
        .where({ source_id: sourceId })
        .whereIn('item_key', keys)
        .select('id', 'item_key', 'feed_hash', 'title', 'excerpt', 'content', 'full_text_status', 'published');
      for (const a of found) known.set(a.item_key, a);
    }
    const fresh = rows.filter((r) => !known.has(r.item_key));
    const added: number[] = [];
    for (let i = 0; i < fresh.length; i += 500) {
      const inserted = await trx('articles')
        .insert(fresh.slice(i, i + 500))
        .onConflict(['source_id', 'item_key'])
        .ignore()
        .returning('id');
      added.push(...inserted.map((r: { id: number }) => r.id));
    }
    const updated: number[] = [];
    for (const row of rows) {
      const before = known.get(row.item_key);
      if (!before) continue;
      // Rows stored before hashes were kept are compared by their own text.
      const previous =
        before.feed_hash ?? this.hashOf({ title: before.title, excerpt: before.excerpt ?? '', content: before.content ?? '' });
      if (previous === row.feed_hash) continue;
      await this.applyEdit(trx, before, row);
      updated.push(before.id);
    }
    return { added, updated };
  }

  /**
   * The publisher changed the item: take the new text and run the article
   * through the pipeline again (a new generation). A published article stays
   * live while it is refreshed; others are judged afresh, duplicate check included.
   * Page text already fetched is kept when the feed still carries only a summary:
   * the full-text stage re-checks the page with a conditional request.
   */
  private async applyEdit(trx: Knex.Transaction, before: KnownArticle, row: CollectedItem): Promise<void> {
    const thin = isThin(row.content);
    const keepPage = before.full_text_status === 'page' && thin;
    const text = thin
      ? keepPage
        ? {}
        : { content: row.content, full_text_status: null, full_text_note: null }
      : { content: row.content, full_text_status: 'feed', full_text_note: null };
    await trx('articles')
      .where({ id: before.id })
      .update({
        title: row.title,
        excerpt: row.excerpt,
        ...text,
        ...(row.image_url ? { image_url: row.image_url } : {}),
        source_url: row.source_url,
        canonical_url: row.canonical_url,
        feed_hash: row.feed_hash,
        pipeline_stage: thin ? 'collected' : 'extracted',
        pipeline_generation: trx.raw('pipeline_generation + 1'),
        processing_status: before.published ? 'processing' : 'pending',
        ...(before.published ? {} : { is_duplicate: false, duplicate_of: null, duplicate_detection_data: null }),
        last_error: null,
        updated_at: trx.fn.now(),
      });
  }
}
