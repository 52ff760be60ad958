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

export function serviceFor(path: string): ServiceKey | undefined {
  return SERVICE_ROUTES.find((r) => r.pattern.test(path))?.service;
}
