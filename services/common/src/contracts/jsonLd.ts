import type { Event, Job, NewsArticle, Resource, Tool } from './api';
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

export function eventJsonLd(e: Event) {
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: e.name,
    description: e.description,
    startDate: e.startDate,
    ...(e.endDate ? { endDate: e.endDate } : {}),
    eventAttendanceMode: e.virtual ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: e.virtual ? { '@type': 'VirtualLocation', url: e.url } : { '@type': 'Place', name: e.location, address: e.location },
    ...(e.organizer ? { organizer: { '@type': 'Organization', name: e.organizer } } : {}),
    ...(e.url ? { url: e.url } : {}),
  };
}

export function jobPostingJsonLd(j: Job) {
  return {
    '@context': CONTEXT,
    '@type': 'JobPosting',
    title: j.title,
    description: j.description,
    datePosted: j.createdAt,
    employmentType: EMPLOYMENT_TYPE[j.jobType],
    hiringOrganization: { '@type': 'Organization', name: j.company, ...(j.companyLogoUrl ? { logo: j.companyLogoUrl } : {}) },
    jobLocation: { '@type': 'Place', address: j.location },
    ...(j.remote ? { jobLocationType: 'TELECOMMUTE' } : {}),
    ...(j.salaryRange ? { baseSalary: j.salaryRange } : {}),
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
