import { aboutPageJsonLd, organizationJsonLd, websiteJsonLd } from '@neuralbeat/common/contracts/browser';
import { siteConfig } from '../app/siteConfig';
import { absoluteUrl } from './Seo';

/** The site and its publisher (with the search action), described on the home and About pages. */
export const siteJsonLd = () => [
  websiteJsonLd(absoluteUrl),
  organizationJsonLd(absoluteUrl, { email: siteConfig.contactEmail, sameAs: Object.values(siteConfig.social) }),
];

/** The About page adds where the sitemap is. */
export const aboutJsonLd = () => [...siteJsonLd(), aboutPageJsonLd(absoluteUrl)];
