/**
 * Job-board answers in the real shapes of Greenhouse's Job Board API
 * (`/v1/boards/{token}/jobs?content=true`) and Lever's postings API
 * (`/v0/postings/{site}?mode=json`), with text written for the tests.
 */

const DAY_MS = 86_400_000;
// Fixed once per run, so the same fixture is the same answer byte for byte (a board that did not change).
const NOW = Date.now();
/** A time `days` before the run started, so fixtures stay within the jobs' maximum age whenever the tests run. */
export const daysAgo = (days: number) => new Date(NOW - days * DAY_MS);

const escapeHtml = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FixtureGreenhouseJob {
  id: number;
  title: string;
  location: string;
  /** HTML; the board sends it entity-escaped once, as Greenhouse does. */
  html?: string;
  firstPublished?: string;
  updatedAt?: string;
  deadline?: string | null;
  offices?: string[];
  employmentType?: string;
  pay?: { min: number; max: number; currency: string };
}

const DEFAULT_GREENHOUSE_HTML =
  '<div class="content-intro"><p>Acme builds <strong>evaluation tools</strong> for language models.</p>' +
  '<script>alert(1)</script><p><a href="javascript:alert(1)">Our story</a></p></div>' +
  '<h3>What you will do</h3><ul><li>Ship model evaluation pipelines</li><li>Work with research</li></ul>' +
  '<h3>Qualifications</h3><ul><li>3+ years of Python</li><li>Experience with PyTorch</li></ul>' +
  '<div class="content-pay-transparency"><div class="pay-input"><div class="title">US pay range</div><div class="pay-range"><span>$100,000</span><span>&mdash;</span><span>$120,000 USD</span></div></div></div>';

/** A Greenhouse board answer: `meta` first, each job with the keys the live API sends. */
export function greenhouseBoard(jobs: FixtureGreenhouseJob[], { content = true } = {}): string {
  return JSON.stringify({
    meta: { total: jobs.length },
    jobs: jobs.map((j) => ({
      absolute_url: `https://job-boards.greenhouse.io/acme/jobs/${j.id}`,
      data_compliance: [
        {
          type: 'gdpr',
          requires_consent: false,
          requires_processing_consent: false,
          requires_retention_consent: false,
          retention_period: null,
        },
      ],
      internal_job_id: j.id + 1000,
      location: { name: j.location },
      metadata: j.employmentType ? [{ id: 1, name: 'Employment Type', value: j.employmentType, value_type: 'single_select' }] : [],
      id: j.id,
      updated_at: j.updatedAt ?? daysAgo(1).toISOString(),
      requisition_id: `R${j.id}`,
      title: j.title,
      company_name: 'Acme AI',
      first_published: j.firstPublished ?? daysAgo(3).toISOString(),
      language: 'en',
      application_deadline: j.deadline ?? null,
      ...(j.pay
        ? {
            pay_input_ranges: [
              { min_cents: j.pay.min * 100, max_cents: j.pay.max * 100, currency_type: j.pay.currency, title: 'Pay', blurb: null },
            ],
          }
        : {}),
      ...(content
        ? {
            content: escapeHtml(j.html ?? DEFAULT_GREENHOUSE_HTML),
            departments: [{ id: 7, name: 'Research ', child_ids: [], parent_id: null }],
            offices: (j.offices ?? [j.location]).map((name, i) => ({ id: 10 + i, name, location: null, child_ids: [], parent_id: null })),
          }
        : {}),
    })),
  });
}

export interface FixtureLeverPosting {
  id: string;
  text: string;
  commitment?: string;
  location: string;
  workplaceType?: 'remote' | 'hybrid' | 'onsite';
  country?: string;
  createdAt?: number;
  salary?: { min: number; max: number; currency: string; interval: string };
}

/** A Lever postings answer: an array of postings with the keys the live API sends. */
export function leverPostings(postings: FixtureLeverPosting[]): string {
  return JSON.stringify(
    postings.map((p) => ({
      additionalPlain: 'We offer a learning budget.',
      additional:
        '<div><b style="font-size: 16px">Benefits:</b></div><div>We offer a <span style="color: red">learning budget</span>.</div>',
      categories: { commitment: p.commitment ?? 'Full-time', location: p.location, team: 'Research', allLocations: [p.location] },
      createdAt: p.createdAt ?? daysAgo(2).getTime(),
      descriptionPlain: 'About the role',
      description:
        '<div><b style="font-size: 24px">About the Role</b></div><div><br></div><div>You will train and evaluate <i>speech models</i>.</div>',
      id: p.id,
      lists: [
        { text: 'Responsibilities', content: '<li>Train models</li><li>Write evaluations</li>' },
        { text: 'What We Require', content: '<li>Experience with JAX</li><li>Published research</li>' },
      ],
      text: p.text,
      country: p.country ?? 'US',
      workplaceType: p.workplaceType ?? 'onsite',
      ...(p.salary
        ? { salaryRange: p.salary, salaryDescription: '<div>Base pay only.</div>', salaryDescriptionPlain: 'Base pay only.' }
        : {}),
      opening: '',
      openingPlain: '',
      descriptionBody: '',
      descriptionBodyPlain: '',
      hostedUrl: `https://jobs.lever.co/acme/${p.id}`,
      applyUrl: `https://jobs.lever.co/acme/${p.id}/apply`,
    })),
  );
}
