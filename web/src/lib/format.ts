/** Date display: "MMMM d, yyyy"; "No date" when missing, "Invalid date" when unparseable. */
const LONG = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function parse(value: string | Date | null | undefined): Date | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (date === null) return 'No date';
  if (date === 'invalid') return 'Invalid date';
  return LONG.format(date);
}

/** "MMM d, yyyy", as in "Posted Nov 2, 2026". */
export function formatShortDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (date === null) return 'No date';
  if (date === 'invalid') return 'Invalid date';
  return SHORT.format(date);
}

/** Trimmed search text, or null when blank (blank is never submitted). */
export function searchTarget(text: string): string | null {
  const q = text.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** Event dates: "Month d-d, yyyy" within one month, else "Month d, yyyy - Month d, yyyy". */
export function formatDateRange(start: string, end: string | null): string {
  const s = new Date(start);
  if (Number.isNaN(s.getTime())) return 'Invalid date';
  const e = end ? new Date(end) : null;
  if (!e || Number.isNaN(e.getTime()) || e.getTime() === s.getTime()) return LONG.format(s);
  if (s.getUTCFullYear() === e.getUTCFullYear() && s.getUTCMonth() === e.getUTCMonth()) {
    return `${MONTH.format(s)} ${s.getUTCDate()}-${e.getUTCDate()}, ${s.getUTCFullYear()}`;
  }
  return `${LONG.format(s)} - ${LONG.format(e)}`;
}

/** An event is past when its end date (or its start date without one) is before today. */
export function isPastEvent(event: { startDate: string; endDate: string | null }, now = new Date()): boolean {
  const today = now.toISOString().slice(0, 10);
  return (event.endDate ?? event.startDate).slice(0, 10) < today;
}
