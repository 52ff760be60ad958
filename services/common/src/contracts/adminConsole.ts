/**
 * Operator console constants and helpers, free of zod so the
 * web app can import them at run time (through contracts/browser).
 */

/** Article stats refresh every 30 s; diagnostics auto-refresh (off by default) every 10 s. */
export const ARTICLE_STATS_REFRESH_MS = 30_000;
export const DIAGNOSTICS_REFRESH_MS = 10_000;
/** The dashboard's queue panel follows the pipeline as closely as the stats. */
export const QUEUES_REFRESH_MS = 30_000;

/** Tag list page sizes 25, 50 (default), 100; the overview shows the top 20 tags. */
export const TAG_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_TAG_PAGE_SIZE = 50;
export const TOP_TAGS_LIMIT = 20;

/** How many articles a low-SEO result shows as its sample. */
export const LOW_SEO_SAMPLE_SIZE = 20;
/** Failed jobs listed per queue on the dashboard. */
export const QUEUE_FAILURES_SHOWN = 5;

export type UsageBand = 'highUsage' | 'mediumUsage' | 'lowUsage' | 'rare' | 'oneOff';
/** Usage bands, highest first: 100+, 10–99, 3–9, 2, 1. */
export const USAGE_BANDS: readonly { key: UsageBand; label: string; min: number }[] = [
  { key: 'highUsage', label: 'High usage (100+)', min: 100 },
  { key: 'mediumUsage', label: 'Medium usage (10-99)', min: 10 },
  { key: 'lowUsage', label: 'Low usage (3-9)', min: 3 },
  { key: 'rare', label: 'Rare (2)', min: 2 },
  { key: 'oneOff', label: 'One-off (1)', min: 1 },
];
export function usageBand(count: number): UsageBand {
  return (USAGE_BANDS.find((b) => count >= b.min) ?? USAGE_BANDS[USAGE_BANDS.length - 1]!).key;
}

/**
 * Pagination: every page when there are 5 or fewer, otherwise the
 * first, the last and the neighbours of the current page, with an ellipsis
 * wherever pages are left out.
 */
export function paginationItems(current: number, total: number): (number | 'ellipsis')[] {
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  const shown = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const pages = [...shown].sort((a, b) => a - b);
  const items: (number | 'ellipsis')[] = [];
  pages.forEach((p, i) => {
    if (i > 0 && p - pages[i - 1]! > 1) items.push('ellipsis');
    items.push(p);
  });
  return items;
}

/** An article id input counts only when it is a whole number above 0. */
export function parseArticleId(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const id = Number.parseInt(trimmed, 10);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Where a signed-out operator lands, and the only places sign-in may send them back to. */
export const ADMIN_LOGIN_PATH = '/admin/login';
export function safeAdminReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/admin') || next.startsWith('//') || next.startsWith(ADMIN_LOGIN_PATH)) return '/admin';
  return /^\/admin(\/[A-Za-z0-9\-_/]*)?(\?[^#]*)?$/.test(next) ? next : '/admin';
}

/** UTC calendar days from `days - 1` days ago to today, oldest first (statistics group by UTC day). */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}
