import { STATIC_PAGES } from './pages';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * Head tags of /search, shared by the web app and the gateway (which writes them
 * for crawlers): the query in the title, the number of results in the
 * description, and noindex when a query found nothing. `total` is null while unknown.
 */
export function searchPageMeta(q: string, total: number | null): { title: string; description: string; noindex: boolean; path: string } {
  const query = q.trim();
  const base = STATIC_PAGES['/search']!;
  if (!query) return { title: base.title!, description: base.description, noindex: false, path: '/search' };
  const quoted = `“${clip(query, 60)}”`;
  const path = `/search?q=${encodeURIComponent(query)}`;
  if (total === null) return { title: `Search results for ${quoted}`, description: base.description, noindex: false, path };
  if (total === 0)
    return { title: `No results for ${quoted}`, description: `Nothing on NeuralBeat matches ${quoted} yet.`, noindex: true, path };
  return {
    title: `Search results for ${quoted}`,
    description: `${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'} for ${quoted} in AI news, tools, guides, events and jobs on NeuralBeat.`,
    noindex: false,
    path,
  };
}
