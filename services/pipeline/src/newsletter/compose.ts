import type { NewsletterItem, NewsletterSection } from '@neuralbeat/common/contracts';
import type { IssuesRepository } from '../repositories/newsletterIssuesRepository';

const DAY_MS = 86_400_000;
const PER_SECTION = { news: 5, tools: 5, events: 5, jobs: 5 } as const;

export const DEFAULT_INTRO =
  'Here is your week in AI: the stories most outlets covered, the tools we added to the directory, events coming up and new jobs.';

export interface ComposedIssue {
  subject: string;
  preheader: string;
  intro: string;
  sections: NewsletterSection[];
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

const eventDate = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Composes an issue from the week before `now`: top stories, tools approved,
 * events of the next three weeks and new jobs, each linking to its page on the
 * site. Sections with nothing this week are left out. The subject and
 * preheader come from the top story.
 */
export async function composeIssue(repo: IssuesRepository, siteUrl: string, number: number, now = new Date()): Promise<ComposedIssue> {
  const from = new Date(now.getTime() - 7 * DAY_MS);
  const site = siteUrl.replace(/\/$/, '');
  const [stories, tools, events, jobs] = await Promise.all([
    repo.topStories(from, now, PER_SECTION.news),
    repo.toolsApproved(from, now, PER_SECTION.tools),
    repo.upcomingEvents(now, new Date(now.getTime() + 21 * DAY_MS), PER_SECTION.events),
    repo.jobsCreated(from, now, PER_SECTION.jobs),
  ]);
  const sections: NewsletterSection[] = [];
  const add = (kind: NewsletterSection['kind'], title: string, items: NewsletterItem[]) => {
    if (items.length) sections.push({ kind, title, items });
  };
  add(
    'news',
    'Top stories',
    stories.map((s) => ({
      id: s.id,
      title: s.title,
      url: `${site}/news/${s.slug}`,
      summary: clip(s.excerpt, 220),
      outlets: s.outlets,
    })),
  );
  add(
    'tools',
    'New in the directory',
    tools.map((t) => ({ id: t.id, title: t.name, url: `${site}/directory/${t.slug}`, summary: clip(t.short_description, 160) })),
  );
  add(
    'events',
    'Coming up',
    events.map((e) => ({
      id: e.id,
      title: e.name,
      url: `${site}/events/${e.slug}`,
      summary: `${eventDate(e.start_date)} · ${e.virtual ? 'Online' : e.location}`,
    })),
  );
  add(
    'jobs',
    'New jobs',
    jobs.map((j) => ({
      id: j.id,
      title: j.title,
      url: `${site}/jobs/${j.id}`,
      summary: `${j.company} · ${j.remote ? 'Remote' : j.location}`,
    })),
  );
  const top = stories[0];
  const subject = top ? `NeuralBeat Weekly #${number}: ${clip(top.title, 120)}` : `NeuralBeat Weekly #${number}: your week in AI`;
  const preheader = top
    ? clip(top.excerpt || top.title, 140)
    : clip(`This week: ${sections.map((s) => `${s.items.length} ${s.title.toLowerCase()}`).join(', ') || 'a quiet week in AI'}.`, 140);
  return { subject, preheader, intro: DEFAULT_INTRO, sections };
}
