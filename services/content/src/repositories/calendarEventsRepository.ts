import type { Knex } from '@neuralbeat/common';
import type { CalendarEvent } from '@neuralbeat/common/contracts';

/** Calendars list at most this many events: a feed is read by calendar apps every few hours, not browsed. */
const CALENDAR_LIMIT = 1000;

interface CalendarRow {
  slug: string;
  name: string;
  description: string;
  location: string;
  start_date: Date;
  end_date: Date | null;
  all_day: boolean;
  timezone: string | null;
  virtual: boolean;
  url: string | null;
  organizer: string | null;
  event_status: 'scheduled' | 'cancelled';
  updated_at: Date;
}

/** Knex access to events as calendars need them. */
export class CalendarEventsRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /**
   * One published event by slug (whatever its date), or the published events not
   * yet over, soonest first, optionally those with a tag (`machine-learning`
   * also finds `machine learning`).
   */
  async calendar(filter: { tag?: string; slug?: string }): Promise<CalendarEvent[]> {
    const q = this.db<CalendarRow>('events')
      .where('published', true)
      .select(
        'slug',
        'name',
        'description',
        'location',
        'start_date',
        'end_date',
        'all_day',
        'timezone',
        'virtual',
        'url',
        'organizer',
        'event_status',
        'updated_at',
      )
      .orderBy([
        { column: 'start_date', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(CALENDAR_LIMIT);
    if (filter.slug) q.where('slug', filter.slug);
    else q.whereRaw('COALESCE(end_date, start_date) >= now()');
    if (filter.tag) {
      const tag = filter.tag.toLowerCase();
      q.whereRaw('(? = ANY(tags) OR ? = ANY(tags))', [tag, tag.replace(/-/g, ' ')]);
    }
    const rows = await q;
    return rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      description: r.description,
      location: r.location,
      startDate: r.start_date.toISOString(),
      endDate: r.end_date ? r.end_date.toISOString() : null,
      allDay: r.all_day,
      timezone: r.timezone,
      virtual: r.virtual,
      url: r.url,
      organizer: r.organizer,
      eventStatus: r.event_status,
      updatedAt: r.updated_at.toISOString(),
    }));
  }
}
