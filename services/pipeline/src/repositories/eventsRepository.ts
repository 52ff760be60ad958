import { createHash } from 'node:crypto';
import type { Knex } from '@neuralbeat/common';
import { slugify } from '@neuralbeat/common/contracts';
import type { CollectedEvent } from '../events/collectedEvent';
import { samePlace } from '../events/place';

/** A collected event with its relevance, ready to store. */
export interface ScoredEvent extends CollectedEvent {
  score: number;
  reasons: string[];
}

export interface StoreResult {
  added: number[];
  updated: number[];
  /** Events taken down because their source cancelled them or no longer lists them. */
  closed: number[];
  /** Items that are an event another source brought first, joined to it. */
  joined: number[];
  skipped: { key: string; reason: string }[];
}

interface SourceRef {
  id: number;
  name: string;
  feed_url: string;
}

interface StoredEvent {
  id: number;
  name: string;
  location: string;
  virtual: boolean;
  source_url: string | null;
  published_by: string;
  operator_edited_fields: string[];
}

const hashOf = (e: ScoredEvent) => createHash('sha256').update(JSON.stringify(e)).digest('hex').slice(0, 32);

/**
 * Knex access to `events` and `event_source_items` for the collector. An item
 * of a source (its key) is one event: collecting it again updates that event;
 * an item of another source with the same name, start day and city (or both
 * online) joins the event it is instead of adding it twice.
 * Items in `dismissed_source_items` (their event deleted by an operator) are skipped.
 */
export class EventsRepository {
  /** When the source was first collected (`now`, on its first collection). */
  async firstCollectedAt(trx: Knex.Transaction, sourceId: number, now: Date): Promise<Date> {
    const [row] = await trx('news_sources')
      .where({ id: sourceId })
      .update({ first_collected_at: trx.raw('coalesce(first_collected_at, ?::timestamptz)', [now]) })
      .returning('first_collected_at');
    return (row as { first_collected_at: Date }).first_collected_at;
  }

  async store(trx: Knex.Transaction, source: SourceRef, events: ScoredEvent[], threshold: number, now: Date): Promise<StoreResult> {
    const result: StoreResult = { added: [], updated: [], closed: [], joined: [], skipped: [] };
    const known = new Map<string, { event_id: number; content_hash: string }>(
      (await trx('event_source_items').where({ source_id: source.id }).select('item_key', 'event_id', 'content_hash')).map(
        (r: { item_key: string; event_id: number; content_hash: string }) => [r.item_key, r],
      ),
    );
    // Items whose event an operator deleted: the deletion lasts.
    const dismissed = new Set((await trx('dismissed_source_items').where({ source_id: source.id }).pluck('item_key')) as string[]);
    const seen = new Set<string>();
    for (const event of events) {
      if (seen.has(event.key)) {
        result.skipped.push({ key: event.key, reason: 'listed twice' });
        continue;
      }
      seen.add(event.key);
      if (dismissed.has(event.key)) {
        result.skipped.push({ key: event.key, reason: 'deleted by an operator' });
        continue;
      }
      const hash = hashOf(event);
      const mapped = known.get(event.key);
      if (mapped) {
        if (mapped.content_hash === hash) continue;
        const stored = await trx<StoredEvent>('events').where({ id: mapped.event_id }).first();
        await trx('event_source_items').where({ source_id: source.id, item_key: event.key }).update({ content_hash: hash });
        // An event two sources carry takes its text from the one that brought it first.
        if (!stored || stored.source_url !== source.feed_url) continue;
        const wasPublished = (await trx('events').where({ id: stored.id }).first('published')).published as boolean;
        // The operator's corrections stand: the columns they edited keep their values.
        const fromSource = Object.entries(this.columns(event, source)).filter(
          ([column]) => !stored.operator_edited_fields.includes(column),
        );
        const changes = { ...Object.fromEntries(fromSource), ...this.publication(event, stored.published_by, threshold) };
        await trx('events')
          .where({ id: stored.id })
          .update({ ...changes, updated_at: trx.fn.now() });
        if (event.cancelled && wasPublished) result.closed.push(stored.id);
        else result.updated.push(stored.id);
        continue;
      }
      if (event.cancelled) {
        result.skipped.push({ key: event.key, reason: 'cancelled (STATUS:CANCELLED) before it was ever collected' });
        continue;
      }
      const twin = await this.sameEvent(trx, source.id, event);
      if (twin) {
        await trx('event_source_items').insert({ source_id: source.id, item_key: event.key, event_id: twin, content_hash: hash });
        result.joined.push(twin);
        continue;
      }
      const id = await this.insert(trx, event, source, threshold);
      await trx('event_source_items').insert({ source_id: source.id, item_key: event.key, event_id: id, content_hash: hash });
      result.added.push(id);
    }
    result.closed.push(
      ...(await this.unpublishGone(
        trx,
        source,
        [...known.keys()].filter((key) => !seen.has(key)),
        now,
      )),
    );
    return result;
  }

  /**
   * Items this source no longer lists (an event deleted, an occurrence removed by a
   * new EXDATE) that are still to come: their events leave the site unless an
   * operator published them. Past ones stay as they were. Their hash is cleared,
   * so an item that comes back is stored again and published by its score.
   */
  private async unpublishGone(trx: Knex.Transaction, source: SourceRef, gone: string[], now: Date): Promise<number[]> {
    if (!gone.length) return [];
    const items = trx('event_source_items').where({ source_id: source.id }).whereIn('item_key', gone);
    const ids = (await trx('events')
      .whereIn('id', items.clone().select('event_id'))
      .where({ source_url: source.feed_url, published: true, published_by: 'relevance' })
      .where('start_date', '>', now)
      .update({ published: false, updated_at: trx.fn.now() })
      .returning('id')) as { id: number }[];
    await items.update({ content_hash: '' });
    return ids.map((r) => r.id);
  }

  /** An event another source brought with the same name and start day, in the same city or also online. */
  private async sameEvent(trx: Knex.Transaction, sourceId: number, event: ScoredEvent): Promise<number | null> {
    const day = event.start.toISOString().slice(0, 10);
    const candidates = await trx<StoredEvent>('events')
      .whereRaw('lower(name) = ?', [event.name.toLowerCase()])
      .whereRaw(`(start_date AT TIME ZONE 'UTC')::date = ?::date`, [day])
      .whereNotExists(trx('event_source_items').whereRaw('event_source_items.event_id = events.id').where('source_id', sourceId))
      // The event brought first wins when several could be this one.
      .orderBy('id')
      .select('id', 'location', 'virtual');
    return candidates.find((c) => samePlace(c, event))?.id ?? null;
  }

  private columns(e: ScoredEvent, source: SourceRef) {
    return {
      name: e.name,
      description: e.description,
      location: e.location,
      start_date: e.start,
      end_date: e.end,
      all_day: e.allDay,
      event_type: e.eventType,
      url: e.url,
      registration_url: e.url,
      image_url: e.imageUrl,
      organizer: e.organizer,
      price: e.price,
      virtual: e.virtual,
      timezone: e.timezone,
      recurring: e.recurring,
      recurrence_pattern: e.recurrencePattern,
      speakers: e.speakers,
      topics: e.topics,
      tags: e.tags,
      ai_relevance_score: e.score,
      ai_relevance_reasons: JSON.stringify(e.reasons),
      event_status: e.cancelled ? 'cancelled' : 'scheduled',
      source_name: source.name,
      source_id: e.key,
      source_url: source.feed_url,
    };
  }

  /** Published when relevant enough and not cancelled, unless an operator chose; a cancellation always unpublishes. */
  private publication(e: ScoredEvent, publishedBy: string, threshold: number): { published?: boolean } {
    if (e.cancelled) return { published: false };
    if (publishedBy === 'operator') return {};
    return { published: e.score >= threshold };
  }

  private async insert(trx: Knex.Transaction, e: ScoredEvent, source: SourceRef, threshold: number): Promise<number> {
    const base =
      slugify(e.recurring ? `${e.name} ${e.start.toISOString().slice(0, 10)}` : e.name)
        .slice(0, 80)
        .replace(/-+$/, '') || 'event';
    const taken = new Set((await trx('events').where('slug', base).orWhere('slug', 'like', `${base}-%`).pluck('slug')) as string[]);
    const row = { ...this.columns(e, source), published_by: 'relevance', ...this.publication(e, 'relevance', threshold) };
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (taken.has(slug)) continue;
      // Another source's collection may take the slug meanwhile: skip to the next instead of failing the collection.
      const [inserted] = await trx('events')
        .insert({ ...row, slug })
        .onConflict('slug')
        .ignore()
        .returning('id');
      if (inserted) return (inserted as { id: number }).id;
    }
  }
}
