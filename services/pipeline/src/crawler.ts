import type { Config } from '@neuralbeat/common';

/** The product token robots.txt rules name to address our crawler. */
export const CRAWLER_TOKEN = 'NeuralBeatBot';

/** The user agent of every feed and page request: who we are and how to reach us. */
export function crawlerUserAgent(config: Pick<Config, 'SITE_URL' | 'SITE_CONTACT_EMAIL'>): string {
  return `${CRAWLER_TOKEN}/1.0 (+${config.SITE_URL}; ${config.SITE_CONTACT_EMAIL})`;
}
