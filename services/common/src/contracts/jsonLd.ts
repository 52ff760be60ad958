import type { Event, Job, NewsArticle, Resource, Tool } from './api';
import { JOB_LOCATION_UNSTATED } from './constants';
import { placeUnknown, proseToHtml } from './text';
import type { NewsletterArchiveEntry } from './newsletterIssues';

/**
 * schema.org descriptions of our pages, built once for both the gateway (the
 * HTML crawlers read) and the web app (the head it renders). `abs` turns a
 * site path into an absolute URL.
 */
type Abs = (path: string) => string;
const CONTEXT = 'https://schema.org';
const EMPLOYMENT_TYPE: Record<Job['jobType'], string> = { 'Full-time': 'FULL_TIME', 'Part-time': 'PART_TIME', Contract: 'CONTRACTOR' };

export function websiteJsonLd(abs: Abs) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: 'NeuralBeat',
    url: abs('/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: abs('/search?q={search_term_string}') },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function organizationJsonLd(abs: Abs, extra: { email?: string; sameAs?: string[] } = {}) {
  return { '@context': CONTEXT, '@type': 'Organization', name: 'NeuralBeat', url: abs('/'), logo: abs('/images/og-image.png'), ...extra };
}

export function newsArticleJsonLd(a: NewsArticle, abs: Abs) {
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: a.title,
    description: a.excerpt,
    datePublished: a.publishDate,
    dateModified: a.updatedAt ?? a.publishDate,
    author: { '@type': 'Person', name: a.author },
    publisher: { '@type': 'Organization', name: 'NeuralBeat', logo: { '@type': 'ImageObject', url: abs('/images/og-image.png') } },
    image: [a.imageUrl ?? abs('/images/og-image.png')],
    mainEntityOfPage: abs(`/news/${a.slug}`),
    keywords: a.tags.join(', '),
    ...(a.sourceUrl ? { isBasedOn: a.sourceUrl } : {}),
  };
}

export function softwareApplicationJsonLd(t: Tool) {
  return {
    '@context': CONTEXT,
    '@type': 'SoftwareApplication',
    name: t.name,
    description: t.description,
    applicationCategory: t.category,
    url: t.websiteUrl,
    ...(t.logoUrl ? { image: t.logoUrl } : {}),
    ...(t.pricing
      ? { offers: { '@type': 'Offer', category: t.pricing, ...(t.pricing === 'Free' ? { price: '0', priceCurrency: 'USD' } : {}) } }
      : {}),
    keywords: t.tags.join(', '),
  };
}

export function learningResourceJsonLd(r: Resource, abs: Abs) {
  return {
    '@context': CONTEXT,
    '@type': 'LearningResource',
    name: r.title,
    description: r.summary,
    educationalLevel: r.difficultyLevel,
    learningResourceType: 'Guide',
    about: r.category,
    datePublished: r.publishedAt,
    keywords: r.tags.join(', '),
    url: abs(`/learn/${r.slug}`),
    publisher: { '@type': 'Organization', name: 'NeuralBeat' },
  };
}

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };

/** An Offer from the price as stored ("Free", "$299", "USD 15", "From EUR 40"), or nothing when it names no amount. */
export function eventOffer(price: string | null, url: string) {
  if (!price) return null;
  if (/^\s*free\b/i.test(price))
    return { '@type': 'Offer', price: 0, priceCurrency: 'USD', availability: 'https://schema.org/InStock', url };
  const amount = price.replace(/,/g, '').match(/\d+(?:\.\d+)?/)?.[0];
  const currency = price.match(/\b[A-Z]{3}\b/)?.[0] ?? Object.entries(CURRENCY_SYMBOLS).find(([symbol]) => price.includes(symbol))?.[1];
  if (!amount || !currency) return null;
  return { '@type': 'Offer', price: Number(amount), priceCurrency: currency, availability: 'https://schema.org/InStock', url };
}

/**
 * Google's Event rich result: required name, startDate and location (a Place with
 * its address, or a VirtualLocation with a URL: the event's own link, else its page
 * here), and the recommended description, endDate, eventStatus,
 * eventAttendanceMode, image, organizer and offers (when the price names an amount).
 * All-day events give their dates without a time.
 *
 * None (null) for an event at a place not yet known ("To be announced") and not
 * online: Google requires the Place's address, so a Place without one is an invalid
 * item that can give no rich result, and "To be announced" as the address would
 * tell search engines a place that does not exist. The data comes once the place is known.
 */
export function eventJsonLd(e: Event, abs: Abs) {
  if (!e.virtual && placeUnknown(e.location)) return null;
  const page = abs(`/events/${e.slug}`);
  const date = (iso: string) => (e.allDay ? iso.slice(0, 10) : iso);
  const offer = eventOffer(e.price, e.url ?? page);
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: e.name,
    description: e.description,
    startDate: date(e.startDate),
    ...(e.endDate ? { endDate: date(e.endDate) } : {}),
    eventAttendanceMode: e.virtual ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: e.eventStatus === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    location: e.virtual ? { '@type': 'VirtualLocation', url: e.url ?? page } : { '@type': 'Place', name: e.location, address: e.location },
    ...(e.imageUrl ? { image: [e.imageUrl] } : {}),
    ...(e.organizer ? { organizer: { '@type': 'Organization', name: e.organizer, ...(e.url ? { url: e.url } : {}) } } : {}),
    ...(offer ? { offers: offer } : {}),
    url: page,
  };
}

/**
 * Google's JobPosting: the whole posting in HTML (the description, then the
 * requirements under their own heading), and where the work is. A remote job
 * is TELECOMMUTE with the country applicants must be in when the board names
 * one, and no place ("Remote" is none). Any other job's location is its place,
 * unless its board named none: no made-up place is given.
 */
export function jobPostingJsonLd(j: Job) {
  const requirements = !j.requirements.trim() || /^#{2,3} /.test(j.requirements) ? j.requirements : `## Requirements\n\n${j.requirements}`;
  const where = j.remote
    ? {
        jobLocationType: 'TELECOMMUTE',
        ...(j.applicantCountry ? { applicantLocationRequirements: { '@type': 'Country', name: j.applicantCountry } } : {}),
      }
    : j.location && j.location !== JOB_LOCATION_UNSTATED
      ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: j.location } } }
      : {};
  return {
    '@context': CONTEXT,
    '@type': 'JobPosting',
    title: j.title,
    description: proseToHtml(j.description) + proseToHtml(requirements),
    datePosted: j.createdAt,
    ...(j.validThrough ? { validThrough: j.validThrough } : {}),
    employmentType: EMPLOYMENT_TYPE[j.jobType],
    hiringOrganization: { '@type': 'Organization', name: j.company, ...(j.companyLogoUrl ? { logo: j.companyLogoUrl } : {}) },
    ...where,
    ...(j.salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: j.salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              minValue: j.salary.min,
              maxValue: j.salary.max,
              ...(j.salary.unit ? { unitText: j.salary.unit } : {}),
            },
          },
        }
      : {}),
    directApply: false,
    url: j.applyUrl,
  };
}

/** The About page: where the site's sitemap is: its structured data names the site search and /sitemap.xml. */
export function aboutPageJsonLd(abs: Abs) {
  return {
    '@context': CONTEXT,
    '@type': 'AboutPage',
    name: 'About NeuralBeat',
    url: abs('/about'),
    isPartOf: { '@type': 'WebSite', name: 'NeuralBeat', url: abs('/') },
    about: { '@type': 'Organization', name: 'NeuralBeat', url: abs('/') },
    significantLink: [abs('/sitemap.xml')],
  };
}

/** An archived newsletter issue: an article of the newsletter's periodical. */
export function newsletterIssueJsonLd(issue: NewsletterArchiveEntry, abs: Abs) {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: issue.subject,
    description: issue.preheader,
    datePublished: issue.sentAt,
    url: abs(`/newsletter/${issue.slug}`),
    isPartOf: { '@type': 'Periodical', name: 'The NeuralBeat Newsletter', url: abs('/newsletter/archive') },
    author: { '@type': 'Organization', name: 'NeuralBeat', url: abs('/') },
    publisher: { '@type': 'Organization', name: 'NeuralBeat', logo: { '@type': 'ImageObject', url: abs('/images/og-image.png') } },
  };
}
