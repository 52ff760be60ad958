import { transactionWithEvents, type EventBus, type Knex, type Logger } from '@neuralbeat/common';
import { canonicalTag } from '@neuralbeat/common/contracts';
import { collectSource, type CollectionRun } from '../collect/sourceCollection';
import { SourcesRepository, type NewsSourceRow } from '../repositories/sourcesRepository';
import { distinct, type EventsRead } from './collectedEvent';
import { EventsRepository, type ScoredEvent } from '../repositories/eventsRepository';
import { RECURRENCE_HORIZON_DAYS, readIcal } from './icalReader';
import { scoreRelevance } from './relevance';
import { readEventFeed, readEventPage } from './webReaders';

const DAY_MS = 86_400_000;
/** Events that ended this long before a source's first collection are history, not news: never imported. */
export const PAST_CUTOFF_DAYS = 30;

interface EventLists {
  added: number[];
  updated: number[];
  /** Events unpublished because their source cancelled them. */
  closed: number[];
  /** Items that were an event another source had brought, joined to it. */
  joined?: number[];
  seen?: number;
  skipped?: { key: string; reason: string }[];
}
export type EventCollectResult = CollectionRun<EventLists>;

export interface EventCollectorOptions {
  timeoutMs: number;
  userAgent: string;
  /** Events scoring at least this are published; the rest wait for an operator. */
  relevanceThreshold: number;
  /** Today, for the 12-month window and the first collection (bench/realEvents.bench.ts replays old calendars as of their day). */
  now?: () => Date;
}

/** Which reader a body needs: an iCalendar file, an HTML page (Event JSON-LD) or an RSS/Atom feed. */
function formatOf(text: string, contentType = ''): 'ical' | 'html' | 'feed' {
  const head = text
    .slice(0, 512)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^BEGIN:VCALENDAR/i.test(head) || contentType.includes('text/calendar')) return 'ical';
  if (contentType.includes('html') || /^<!doctype html|^<html/i.test(head)) return 'html';
  return 'feed';
}

/**
 * Collects an event source (`ical`: an iCalendar feed; `event-feed`: an RSS/Atom
 * event feed or a page with Event JSON-LD) into `events`. Each event is scored for
 * AI relevance and published at or above the threshold; each event added, changed
 * or cancelled is announced with `event.changed` from the outbox in the same
 * transaction, so search and the caches follow.
 */
export class EventCollector {
  private readonly db: Knex;
  private readonly logger: Logger;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly options: EventCollectorOptions;
  private readonly sources: SourcesRepository;
  private readonly events = new EventsRepository();
  constructor(db: Knex, logger: Logger, bus: Pick<EventBus, 'publish'>, options: EventCollectorOptions) {
    this.db = db;
    this.logger = logger;
    this.bus = bus;
    this.options = options;
    this.sources = new SourcesRepository(db);
  }

  /** Never throws for a bad source: the problem is recorded on the source and reported. */
  collect(sourceId: number, requestId?: string): Promise<EventCollectResult> {
    const { timeoutMs, userAgent } = this.options;
    return collectSource<EventLists>(
      { sources: this.sources, logger: this.logger, timeoutMs, userAgent },
      {
        noun: 'event source',
        none: { added: [], updated: [], closed: [] },
        // No conditional GET: the 12-month window of recurrences moves every day, unchanged file or not.
        conditional: false,
        store: async (source, fetched) => {
          const result = await this.store(source, fetched.text, fetched.contentType, requestId);
          return {
            result,
            tally: {
              seen: result.seen,
              folded: result.joined.length,
              unidentified: result.skipped.length,
              added: result.added.length,
              updated: result.updated.length,
              closed: result.closed.length,
            },
            logged: {
              kind: source.kind,
              added: result.added.length,
              updated: result.updated.length,
              closed: result.closed.length,
              joined: result.joined.length,
              skipped: result.skipped.length,
            },
          };
        },
      },
      sourceId,
      requestId,
    );
  }

  /** Reads the body in its format and stores its events in the 12-month window, scored, announcing each change. */
  private async store(source: NewsSourceRow, text: string, contentType: string | undefined, requestId?: string) {
    const format = formatOf(text, contentType);
    if (source.kind === 'ical' && format !== 'ical') throw new Error('Not an iCalendar file (no BEGIN:VCALENDAR)');
    const now = this.options.now?.() ?? new Date();
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const firstCollected = await this.events.firstCollectedAt(trx, source.id, now);
      const cutoff = new Date(firstCollected.getTime() - PAST_CUTOFF_DAYS * DAY_MS);
      const read = await this.read(format, text, source, {
        from: new Date(Math.max(cutoff.getTime(), now.getTime() - PAST_CUTOFF_DAYS * DAY_MS)),
        to: new Date(now.getTime() + RECURRENCE_HORIZON_DAYS * DAY_MS),
      });
      const skipped = [...read.skipped];
      const current: ScoredEvent[] = [];
      for (const event of read.events) {
        if ((event.end ?? event.start).getTime() < cutoff.getTime()) {
          skipped.push({ key: event.key, reason: `ended more than ${PAST_CUTOFF_DAYS} days before the source's first collection` });
          continue;
        }
        const relevance = scoreRelevance(event);
        current.push({
          ...event,
          tags: distinct([...event.tags.map(canonicalTag), ...relevance.subjects]),
          score: relevance.score,
          reasons: relevance.reasons,
        });
      }
      const stored = await this.events.store(trx, source, current, this.options.relevanceThreshold, now);
      for (const id of [...stored.added, ...stored.updated, ...stored.closed]) emit('event.changed', { eventId: id }, requestId);
      return { ...stored, seen: read.events.length + read.skipped.length, skipped: [...skipped, ...stored.skipped] };
    });
  }

  private read(
    format: 'ical' | 'html' | 'feed',
    text: string,
    source: NewsSourceRow,
    window: { from: Date; to: Date },
  ): EventsRead | Promise<EventsRead> {
    if (format === 'ical') return readIcal(text, window, source.name);
    if (format === 'html') return readEventPage(text, source.feed_url);
    return readEventFeed(text);
  }
}
