import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatShortDate, isPastEvent, searchTarget } from './format';

describe('date display', () => {
  it('formats, and says when a date is missing or invalid', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('March 5, 2026');
    expect(formatDate(null)).toBe('No date');
    expect(formatDate('not a date')).toBe('Invalid date');
    expect(formatShortDate('2026-11-02T00:00:00Z')).toBe('Nov 2, 2026');
  });

  it('formats event ranges within and across months', () => {
    expect(formatDateRange('2026-06-10T00:00:00Z', '2026-06-14T00:00:00Z')).toBe('June 10-14, 2026');
    expect(formatDateRange('2026-06-29T00:00:00Z', '2026-07-02T00:00:00Z')).toBe('June 29, 2026 - July 2, 2026');
    expect(formatDateRange('2026-12-30T00:00:00Z', '2027-01-02T00:00:00Z')).toBe('December 30, 2026 - January 2, 2027');
    expect(formatDateRange('2026-06-10T00:00:00Z', null)).toBe('June 10, 2026');
  });

  it('judges an event past by its end date, or start date without one', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isPastEvent({ startDate: '2026-11-20T00:00:00Z', endDate: '2026-11-22T00:00:00Z' }, now)).toBe(false);
    expect(isPastEvent({ startDate: '2026-11-20T00:00:00Z', endDate: '2026-11-21T00:00:00Z' }, now)).toBe(true);
    expect(isPastEvent({ startDate: '2026-11-21T00:00:00Z', endDate: null }, now)).toBe(true);
  });

  it('builds the search URL only for non-blank text', () => {
    expect(searchTarget('   ')).toBeNull();
    expect(searchTarget(' gpt & co ')).toBe('/search?q=gpt%20%26%20co');
  });
});
