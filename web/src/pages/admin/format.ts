/** Date and time helpers of the operator console. */
const DATE_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Nov 23, 2026, 2:05 PM" in the operator's own time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Invalid date' : DATE_TIME.format(d);
}

/** Today in the operator's time zone as yyyy-MM-dd (the reset date picker's default). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "15 min", "2 h", "1 day" for a schedule interval. */
export function formatInterval(seconds: number): string {
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round((seconds / 3600) * 10) / 10} h`;
  const days = Math.round((seconds / 86_400) * 10) / 10;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
