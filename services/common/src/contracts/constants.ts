/** Business constants, shared by the services and the web app. */
export const NEWS_PAGE_SIZE = 9;
export const POPULAR_TAG_LIMIT = 12;
export const TAGS_PER_CARD = 3;
export const RELATED_EXCERPT_LENGTH = 140;
export const SLUG_FALLBACK_ARTICLES = 50;
export const SLUG_FALLBACK_MIN_WORD_LENGTH = 4;
export const MAX_PAGE_LIMIT = 100;
/** Tools in a page of the directory (a multiple of its 1, 2 and 3 columns). */
export const DIRECTORY_PAGE_SIZE = 24;
/** Response header of a list sent a page at a time (the directory, search results): how many match in all. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** An event's location while its place is not known: what the collectors write when a source names none. */
export const NO_LOCATION = 'To be announced';

export const SEO_SCORE_THRESHOLD = 68;
export const PROCESSING_ATTEMPTS_CAP = 3;
export const DUPLICATE_STATS_DAYS = 30;
export const RECENT_DUPLICATES_HOURS = 24;
export const AI_STATS_CACHE_SECONDS = 300;

export const TOOL_CATEGORIES = [
  'Content Creation',
  'Image Generation',
  'Development',
  'AI Chatbots',
  'Computer Vision',
  'Data Analytics',
  'NLP Tools',
  'No-Code AI',
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export const PRICING_MODELS = ['Free', 'Freemium', 'Paid'] as const;

export const RESOURCE_CATEGORIES = [
  'AI Basics',
  'Machine Learning',
  'Deep Learning',
  'NLP',
  'Computer Vision',
  'AI Ethics',
  'Tutorials',
] as const;
export const DIFFICULTY_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
/**
 * What a source is: a news feed, an event calendar or feed, or a job board. Each
 * kind has its own collector; all share one table, one schedule per source and
 * one set of counters (see migration 2026112601A).
 */
export const SOURCE_KINDS = ['news', 'ical', 'event-feed', 'greenhouse', 'lever', 'job-feed'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
/** The kinds whose sources are job boards. */
export const JOB_SOURCE_KINDS = ['greenhouse', 'lever', 'job-feed'] as const satisfies readonly SourceKind[];

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract'] as const;
/** A collected job's location when its board names no place: shown to visitors, never given to crawlers as a place. */
export const JOB_LOCATION_UNSTATED = 'See the posting';
export const NEWS_CATEGORIES = ['Research', 'Product Launch', 'Policy', 'Business', 'Tutorial', 'Opinion'] as const;

export const PROCESSING_STATUSES = ['pending', 'processing', 'completed', 'failed', 'skipped', 'duplicate'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** Providers whose output counts as "known AI generated" on the AI stats page. */
export const AI_GENERATING_PROVIDERS = ['openai', 'gemini'] as const;
export const AI_PROVIDER_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  gemini: 'Google Gemini',
  local: 'Local (extractive)',
};
export const LEGACY_PROVIDER_NAME = 'Legacy (Unknown)';

/** Acronyms the display helper upper-cases. */
export const TAG_ACRONYMS = [
  'ai',
  'ml',
  'cv',
  'nlp',
  'llm',
  'gpu',
  'api',
  'tpu',
  'ui',
  'ux',
  'ar',
  'vr',
  'xr',
  'roi',
  'saas',
  'b2b',
  'b2c',
  'seo',
  'cto',
  'ceo',
  'ipo',
  'nft',
  'agx',
  'agi',
  'rag',
] as const;

/** Simple e-mail pattern: no spaces, one at sign, a dot in the domain. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
