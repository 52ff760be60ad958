import { TOOL_CATEGORIES } from './constants';
import { slugify } from './text';

/**
 * The tool submission rules without zod, so the form can check them
 * in the browser. The API's zod schema (`toolSubmissionSchema` in api.ts) uses
 * the same limits and messages; a unit test holds the two to the same answers.
 */
export const TOOL_SUBMISSION_LIMITS = {
  nameMin: 3,
  nameMax: 120,
  slugMax: 120,
  descriptionMin: 20,
  descriptionMax: 5000,
  shortDescriptionMin: 10,
  /** "fewer than 100": 99 is the longest allowed. */
  shortDescriptionMax: 99,
  pricingMax: 100,
  listItems: 20,
  listItemLength: 60,
} as const;

const L = TOOL_SUBMISSION_LIMITS;
export const TOOL_SUBMISSION_MESSAGES = {
  nameShort: 'Tool name must be at least 3 characters',
  nameLong: `Tool name must be at most ${L.nameMax} characters`,
  slugLong: `Slug must be at most ${L.slugMax} characters`,
  slugFormat: 'Slug may contain only lowercase letters, numbers and single hyphens',
  descriptionShort: 'Description must be at least 20 characters',
  descriptionLong: `Description must be at most ${L.descriptionMax} characters`,
  shortDescriptionShort: 'Short description must be at least 10 characters',
  shortDescriptionLong: 'Short description must be less than 100 characters',
  url: 'Please enter a valid URL',
  category: 'Please select a category',
  pricingLong: `Pricing must be at most ${L.pricingMax} characters`,
  tagsList: 'Tags must be a list',
  tagsCount: `Enter at most ${L.listItems} tags`,
  tagLength: `Each tag must be at most ${L.listItemLength} characters`,
  featuresList: 'Features must be a list',
  featuresCount: `Enter at most ${L.listItems} features`,
  featureLength: `Each feature must be at most ${L.listItemLength} characters`,
} as const;
const M = TOOL_SUBMISSION_MESSAGES;

export const TOOL_SLUG_PATTERN = /^([a-z0-9]+(-[a-z0-9]+)*)?$/;

/** An absolute http(s) URL, as the directory links to it. */
export function isWebUrl(text: string): boolean {
  // A host must follow the scheme at once: "https:///x" is not a web address, whatever URL() makes of it.
  if (!/^https?:\/\/[^/\\]/i.test(text) || text.length > 2000) return false;
  try {
    return Boolean(new URL(text).hostname);
  } catch {
    return false;
  }
}

/** Tags and features are typed comma separated, split on commas and trimmed. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What the submission form holds: every field as typed. */
export interface ToolSubmissionForm {
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  websiteUrl: string;
  logoUrl: string;
  category: string;
  tags: string;
  features: string;
  pricing: string;
}
export type ToolSubmissionField = keyof ToolSubmissionForm;
export type ToolSubmissionErrors = Partial<Record<ToolSubmissionField, string>>;

/** The POST /api/tools/submit body built from the form (tags and features are lists). */
export interface ToolSubmissionPayload {
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  websiteUrl: string;
  logoUrl: string | null;
  category: string;
  tags: string[];
  features: string[];
  pricing: string | null;
  submittedById: 1;
}

function listError(items: string[], tooMany: string, tooLong: string): string | undefined {
  if (items.length > L.listItems) return tooMany;
  if (items.some((s) => s.length > L.listItemLength)) return tooLong;
  return undefined;
}

/** The first broken rule of each field, with the messages of TOOL_SUBMISSION_MESSAGES; empty when the form may be sent. */
export function validateToolSubmissionForm(form: ToolSubmissionForm): ToolSubmissionErrors {
  const errors: ToolSubmissionErrors = {};
  const name = form.name.trim();
  if (name.length < L.nameMin) errors.name = M.nameShort;
  else if (name.length > L.nameMax) errors.name = M.nameLong;

  const slug = form.slug.trim();
  if (slug.length > L.slugMax) errors.slug = M.slugLong;
  else if (!TOOL_SLUG_PATTERN.test(slug)) errors.slug = M.slugFormat;

  const description = form.description.trim();
  if (description.length < L.descriptionMin) errors.description = M.descriptionShort;
  else if (description.length > L.descriptionMax) errors.description = M.descriptionLong;

  const short = form.shortDescription.trim();
  if (short.length < L.shortDescriptionMin) errors.shortDescription = M.shortDescriptionShort;
  else if (short.length > L.shortDescriptionMax) errors.shortDescription = M.shortDescriptionLong;

  if (!isWebUrl(form.websiteUrl.trim())) errors.websiteUrl = M.url;
  const logo = form.logoUrl.trim();
  if (logo && !isWebUrl(logo)) errors.logoUrl = M.url;

  if (!(TOOL_CATEGORIES as readonly string[]).includes(form.category)) errors.category = M.category;

  const tags = listError(splitCommaList(form.tags), M.tagsCount, M.tagLength);
  if (tags) errors.tags = tags;
  const features = listError(splitCommaList(form.features), M.featuresCount, M.featureLength);
  if (features) errors.features = features;

  if (form.pricing.trim().length > L.pricingMax) errors.pricing = M.pricingLong;
  return errors;
}

/** The request body for a valid form: trimmed text, a slug derived from the name when blank, lists split on commas. */
export function toolSubmissionPayload(form: ToolSubmissionForm): ToolSubmissionPayload {
  return {
    name: form.name.trim(),
    slug: form.slug.trim() || slugify(form.name).slice(0, L.slugMax).replace(/-+$/, ''),
    description: form.description.trim(),
    shortDescription: form.shortDescription.trim(),
    websiteUrl: form.websiteUrl.trim(),
    logoUrl: form.logoUrl.trim() || null,
    category: form.category,
    tags: splitCommaList(form.tags),
    features: splitCommaList(form.features),
    pricing: form.pricing.trim() || null,
    submittedById: 1,
  };
}
