import { parseHTML } from 'linkedom';
import { z } from 'zod';
import { htmlToText } from '@neuralbeat/common/html';
import type { JOB_TYPES } from '@neuralbeat/common/contracts';
import { parseFeed } from '../collect/feedParser';
import { countryFromCode, remoteCountry } from '../collect/countries';
import { htmlToProse, isRequirementHeading, splitRequirements, unescapeHtml } from './jobText';

export type JobType = (typeof JOB_TYPES)[number];
export type SalaryUnit = 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

/** One posting of a board, mapped to our job fields; `company` comes from the source. */
export interface BoardJob {
  externalId: string;
  title: string;
  /** Blank when the board names no place. */
  location: string;
  jobType: JobType;
  description: string;
  requirements: string;
  applyUrl: string;
  sourceUrl: string;
  remote: boolean;
  /** The country a remote applicant must be in (its English name), when the board names one clearly. */
  country: string | null;
  salary: { min: number; max: number; currency: string; unit: SalaryUnit | null } | null;
  postedAt: Date | null;
  /** The board's own closing date, when it has one. */
  deadline: Date | null;
}

/** What a board answered, mapped: the jobs, and the postings left out with why. */
export interface BoardRead {
  jobs: BoardJob[];
  skipped: { externalId: string; reason: string }[];
}

export class BoardFormatError extends Error {}

const REMOTE = /\bremote\b|\banywhere\b|work from home|\bwfh\b/i;

/** Full-time, Part-time or Contract from a commitment such as Lever's ("Full-time", "Contract", "Intern", "Scholarship"). */
export function jobTypeOf(commitment: string | null | undefined): JobType {
  const c = commitment ?? '';
  if (/part[\s-]?time/i.test(c)) return 'Part-time';
  if (/contract|freelance|temporary|\btemp\b|fixed[\s-]term|consult/i.test(c)) return 'Contract';
  return 'Full-time';
}

/** A title's qualifier that is a type and nothing else: "Contract", "Contractor", "6-month contract", "Part time", "Freelance". */
const TYPE_QUALIFIER =
  /^(?:\d+[\s-]?months?\s+)?(?:contract(?:or)?(?:[\s-]to[\s-]hire)?|freelance(?:r)?|temporary|temp|fixed[\s-]term(?:\s+contract)?|part[\s-]?time|full[\s-]?time)$/i;

/**
 * The type a posting's title states, when it states one clearly: part-time
 * anywhere ("Part-time Data Labeler"), or a type as a qualifier of its own, in
 * brackets or after a dash, bar or comma ("ML Engineer (Contract)", "Annotator -
 * Contractor"). Words of the role itself are no signal: "Contract Manager",
 * "Counsel, Contract Negotiations" are full-time roles for all the title says.
 */
export function jobTypeFromTitle(title: string): JobType | null {
  if (/\bpart[\s-]?time\b/i.test(title)) return 'Part-time';
  const qualifiers = [...title.matchAll(/[([]([^)\]]*)[)\]]/g)].map((m) => m[1]!);
  const last = title.replace(/[([][^)\]]*[)\]]/g, '').split(/\s[-–—|]\s|,\s*/);
  if (last.length > 1) qualifiers.push(last.at(-1)!);
  const stated = qualifiers.map((q) => q.trim()).find((q) => TYPE_QUALIFIER.test(q));
  return stated ? jobTypeOf(stated) : null;
}

const date = (value: string | number | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new BoardFormatError('The board did not answer JSON');
  }
};

const formatIssue = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  return `${issue.path.join('.') || 'response'}: ${issue.message}`;
};

// ---------- Greenhouse: GET /v1/boards/{token}/jobs?content=true ----------

const greenhouseSchema = z.object({
  jobs: z.array(
    z.object({
      id: z.union([z.number(), z.string()]).transform(String),
      title: z.string(),
      absolute_url: z.string(),
      location: z.object({ name: z.string().nullish() }).nullish(),
      content: z.string().nullish(),
      first_published: z.string().nullish(),
      updated_at: z.string().nullish(),
      application_deadline: z.string().nullish(),
      offices: z.array(z.object({ name: z.string().nullish() })).nullish(),
      metadata: z.array(z.object({ name: z.string().nullish(), value: z.unknown() })).nullish(),
      // Only with pay_transparency=true: structured pay, in cents.
      pay_input_ranges: z.array(z.object({ min_cents: z.number(), max_cents: z.number(), currency_type: z.string() })).nullish(),
    }),
  ),
});

/**
 * Greenhouse wraps a posting's own text between blocks the board adds: the
 * company intro, the pay-transparency block and the conclusion. Those stay in
 * the description whatever heading comes before them.
 */
function greenhouseParts(html: string): { intro: string; body: string; pay: string; conclusion: string } {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const take = (cls: string) =>
    Array.from(document.querySelectorAll(`.${cls}`))
      .map((el) => {
        const out = el.outerHTML;
        el.remove();
        return out;
      })
      .join('');
  const intro = take('content-intro');
  const pay = take('content-pay-transparency');
  const conclusion = take('content-conclusion');
  return { intro, body: document.body.innerHTML, pay, conclusion };
}

/** A board's answer; postings without a description (the list asked without content=true) are left out, as no page can be made of them. */
export function readGreenhouse(text: string): BoardRead {
  const parsed = greenhouseSchema.safeParse(jsonOf(text));
  if (!parsed.success) throw new BoardFormatError(`Not a Greenhouse board answer (${formatIssue(parsed.error)})`);
  const read: BoardRead = { jobs: [], skipped: [] };
  for (const j of parsed.data.jobs) {
    if (!j.content?.trim()) {
      read.skipped.push({ externalId: j.id, reason: 'no description (asked without content=true)' });
      continue;
    }
    const location = (j.location?.name ?? '').trim();
    const offices = (j.offices ?? []).map((o) => o.name ?? '');
    const remote = REMOTE.test(location) || offices.some((o) => REMOTE.test(o));
    const commitment = (j.metadata ?? []).find((m) => /employment|commitment|job type|time type/i.test(m.name ?? ''))?.value;
    const parts = greenhouseParts(unescapeHtml(j.content));
    const body = splitRequirements(htmlToProse(parts.body, j.absolute_url));
    const around = (html: string) => htmlToProse(html, j.absolute_url);
    const pay = j.pay_input_ranges?.[0];
    read.jobs.push({
      externalId: j.id,
      title: htmlToText(j.title),
      location: location || (remote ? 'Remote' : offices.join(', ')),
      jobType: typeof commitment === 'string' ? jobTypeOf(commitment) : (jobTypeFromTitle(j.title) ?? 'Full-time'),
      description: [around(parts.intro), body.description, around(parts.pay), around(parts.conclusion)].filter(Boolean).join('\n\n'),
      requirements: body.requirements,
      applyUrl: j.absolute_url,
      sourceUrl: j.absolute_url,
      remote,
      // The location names the country, else the one office does.
      country: remote ? (remoteCountry(location) ?? (offices.length === 1 ? remoteCountry(offices[0]!) : null)) : null,
      salary: pay ? { min: pay.min_cents / 100, max: pay.max_cents / 100, currency: pay.currency_type, unit: null } : null,
      postedAt: date(j.first_published) ?? date(j.updated_at),
      deadline: date(j.application_deadline),
    });
  }
  return read;
}

// ---------- Lever: GET /v0/postings/{site}?mode=json ----------

const leverSchema = z.array(
  z.object({
    id: z.string(),
    text: z.string(),
    categories: z
      .object({ commitment: z.string().nullish(), location: z.string().nullish(), allLocations: z.array(z.string()).nullish() })
      .nullish(),
    workplaceType: z.string().nullish(),
    country: z.string().nullish(),
    createdAt: z.number().nullish(),
    description: z.string().nullish(),
    lists: z.array(z.object({ text: z.string(), content: z.string() })).nullish(),
    additional: z.string().nullish(),
    hostedUrl: z.string(),
    applyUrl: z.string().nullish(),
    salaryRange: z.object({ min: z.number(), max: z.number(), currency: z.string(), interval: z.string().nullish() }).nullish(),
  }),
);

const LEVER_INTERVAL: Record<string, SalaryUnit> = {
  'per-year-salary': 'YEAR',
  'per-month-salary': 'MONTH',
  'per-week-salary': 'WEEK',
  'per-day-wage': 'DAY',
  'per-hour-wage': 'HOUR',
};

export function readLever(text: string): BoardRead {
  const parsed = leverSchema.safeParse(jsonOf(text));
  if (!parsed.success) throw new BoardFormatError(`Not a Lever postings answer (${formatIssue(parsed.error)})`);
  const read: BoardRead = { jobs: [], skipped: [] };
  for (const p of parsed.data) {
    const location = (p.categories?.location ?? p.categories?.allLocations?.join(', ') ?? '').trim();
    const remote = p.workplaceType === 'remote' || REMOTE.test(location);
    const lists = (p.lists ?? []).map((l) => ({ heading: htmlToText(l.text), html: `<ul>${l.content}</ul>` }));
    const section = (l: { heading: string; html: string }) => `<h3>${l.heading}</h3>${l.html}`;
    const description = htmlToProse(
      [p.description ?? '', ...lists.filter((l) => !isRequirementHeading(l.heading)).map(section), p.additional ?? ''].join(''),
      p.hostedUrl,
    );
    const requirements = htmlToProse(
      lists
        .filter((l) => isRequirementHeading(l.heading))
        .map(section)
        .join(''),
      p.hostedUrl,
    );
    if (!description) {
      read.skipped.push({ externalId: p.id, reason: 'no description' });
      continue;
    }
    const s = p.salaryRange;
    read.jobs.push({
      externalId: p.id,
      title: htmlToText(p.text),
      location: location || (remote ? 'Remote' : ''),
      jobType: jobTypeOf(p.categories?.commitment),
      description,
      requirements,
      applyUrl: p.applyUrl ?? p.hostedUrl,
      sourceUrl: p.hostedUrl,
      remote,
      country: countryFromCode(p.country) ?? (remote ? remoteCountry(location) : null),
      salary: s && s.max >= s.min ? { min: s.min, max: s.max, currency: s.currency, unit: LEVER_INTERVAL[s.interval ?? ''] ?? null } : null,
      postedAt: date(p.createdAt),
      deadline: null,
    });
  }
  return read;
}

// ---------- RSS / Atom / JSON Feed of jobs ----------

/** A job feed: each item a posting, its guid (else link) the board's id; type from a category that is one (else the title), remote from both. */
export async function readJobFeed(text: string, contentType?: string): Promise<BoardRead> {
  const read: BoardRead = { jobs: [], skipped: [] };
  for (const item of await parseFeed(text, contentType)) {
    const externalId = item.guid ?? item.link;
    if (!externalId || !item.link) {
      read.skipped.push({ externalId: externalId ?? '', reason: 'no link or guid' });
      continue;
    }
    const prose = htmlToProse(item.contentHtml || item.summary || '', item.link);
    if (!prose) {
      read.skipped.push({ externalId, reason: 'no description' });
      continue;
    }
    const labels = [item.title, ...item.categories].join(' | ');
    const remote = REMOTE.test(labels);
    read.jobs.push({
      externalId,
      title: htmlToText(item.title),
      location: remote ? 'Remote' : '',
      jobType: jobTypeOf(item.categories.find((c) => TYPE_QUALIFIER.test(c.trim())) ?? jobTypeFromTitle(item.title)),
      ...splitRequirements(prose),
      applyUrl: item.link,
      sourceUrl: item.link,
      remote,
      country: null,
      salary: null,
      postedAt: item.publishedAt,
      deadline: null,
    });
  }
  return read;
}
