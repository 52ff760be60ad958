/** Which service owns which /api path: the gateway's one routing table. First match wins. */
export type ServiceKey = 'content' | 'search' | 'pipeline';

export interface ServiceRoute {
  pattern: RegExp;
  service: ServiceKey;
}

export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  { pattern: /^\/api\/(news|tools|resources|events|jobs)\/search\/?$/, service: 'search' },
  { pattern: /^\/api\/search(\/|$)/, service: 'search' },
  // Operator sign-in, tool review, the management of what visitors see, subscribers and contact messages live where
  // their rows live; every other admin call is the pipeline's.
  { pattern: /^\/api\/auth(\/|$)/, service: 'content' },
  { pattern: /^\/api\/admin\/(events|jobs|resources|tools)(\/|$)/, service: 'content' },
  { pattern: /^\/api\/admin\/(newsletter\/subscribers|contact-messages)(\/|$)/, service: 'content' },
  { pattern: /^\/api\/admin(\/|$)/, service: 'pipeline' },
  { pattern: /^\/api\/(home|news|tools|resources|events|jobs|newsletter|contact|ai-stats|tags)(\/|$)/, service: 'content' },
];

/**
 * A metrics label for an API path a service owns, from the routing table's
 * words only (`/api/news/*`, `/api/news/search`), never the raw URL.
 */
export function apiRouteLabel(path: string): string {
  const service = serviceFor(path);
  if (!service) return '/api/unmatched';
  const word = path.split('/', 3)[2];
  return service === 'search' && word !== 'search' ? `/api/${word}/search` : `/api/${word}/*`;
}

export function serviceFor(path: string): ServiceKey | undefined {
  return SERVICE_ROUTES.find((r) => r.pattern.test(path))?.service;
}
