/** Date display of spec §5: "MMMM d, yyyy"; "No date" when missing, "Invalid date" when unparseable. */
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

/** Trimmed search text, or null when blank (spec §5: blank is never submitted). */
export function searchTarget(text: string): string | null {
  const q = text.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}
