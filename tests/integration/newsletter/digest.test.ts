import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { AppError, createRedis } from '@neuralbeat/common';
import { simpleParser } from 'mailparser';
import { newsletterWebVersion } from '@neuralbeat/common/contracts';
import { composeIssue } from '../../../services/pipeline/src/newsletter/compose';
import { IssuesRepository } from '../../../services/pipeline/src/repositories/newsletterIssuesRepository';
import { IssueMessage } from '../../../services/pipeline/src/newsletter/message';
import { renderIssueHtml, renderIssueText } from '../../../services/pipeline/src/newsletter/render';
import { pipelineConfig } from '../../../services/pipeline/src/config';
import { createDigest, type Digest } from '../../../services/pipeline/src/newsletter/digest';
import { WEEKLY_SCHEDULER_ID, scheduleWeeklyDigest } from '../../../services/pipeline/src/workers/newsletterDelivery';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../../support/testEnv';
import { insertArticle, insertEvent, insertJob, insertNewsItem, insertTool } from '../../support/factories';

/** Composition of the weekly digest from real rows, its mjml rendering and its MIME message as a mail reader parses it. */
const SITE = 'https://neuralbeat.test';
const DAY = 86_400_000;
const NOW = new Date('2026-11-30T08:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

/** A story reported by `outlets` sources: one live item, the other copies held in its cluster. */
async function story(title: string, published: Date, outlets: number) {
  const item = await insertNewsItem(t.db, { title, slug: title.toLowerCase().replace(/\W+/g, '-'), publish_date: published });
  if (outlets > 1) {
    const [cluster] = await t.db('story_clusters').insert({ origin_article_id: item.article_id }).returning('id');
    await t.db('articles').where({ id: item.article_id }).update({ story_cluster_id: cluster.id });
    for (let i = 1; i < outlets; i++) {
      await insertArticle(t.db, { story_cluster_id: cluster.id, news_source: `Outlet ${i}`, is_duplicate: true, publish_date: published });
    }
    return { item, clusterId: cluster.id as number };
  }
  return { item, clusterId: null };
}

describe('weekly digest composition', () => {
  it('counts a story cluster once, ranks by outlets then recency, keeps the week, links every item to its page', async () => {
    const big = await story('Three outlets report a model release', ago(3), 3);
    // A second live item of the same cluster (published later) does not make the story appear twice.
    const sameStory = await insertNewsItem(t.db, { title: 'Same release, another angle', slug: 'same-release', publish_date: ago(2) });
    await t.db('articles').where({ id: sameStory.article_id }).update({ story_cluster_id: big.clusterId });
    await story('Two outlets on a funding round', ago(1), 2);
    await story('A single-source newer story', ago(0.5), 1);
    await story('A single-source older story', ago(5), 1);
    await story('Last month, out of the window', ago(10), 5);

    await insertTool(t.db, { name: 'Approved This Week', slug: 'approved-this-week', reviewed_at: ago(2), approved: true });
    await insertTool(t.db, { name: 'Approved Long Ago', slug: 'approved-long-ago', reviewed_at: ago(30), approved: true });
    await insertTool(t.db, { name: 'Rejected This Week', slug: 'rejected-this-week', reviewed_at: ago(1), approved: false });
    await insertEvent(t.db, { name: 'Next Week Summit', slug: 'next-week-summit', start_date: new Date(NOW.getTime() + 7 * DAY) });
    await insertEvent(t.db, { name: 'Far Away Expo', slug: 'far-away-expo', start_date: new Date(NOW.getTime() + 40 * DAY) });
    await insertEvent(t.db, {
      name: 'Unpublished Meetup',
      slug: 'unpublished',
      start_date: new Date(NOW.getTime() + DAY),
      published: false,
    });
    const job = await insertJob(t.db, { title: 'Research Engineer', created_at: ago(2) });
    await insertJob(t.db, { title: 'Old Opening', created_at: ago(20) });

    const issue = await composeIssue(new IssuesRepository(t.db), SITE, 7, NOW);
    const news = issue.sections.find((s) => s.kind === 'news')!;
    expect(news.items.map((i) => [i.title, i.outlets])).toEqual([
      ['Same release, another angle', 3],
      ['Two outlets on a funding round', 2],
      ['A single-source newer story', 1],
      ['A single-source older story', 1],
    ]);
    expect(news.items[0]!.url).toBe(`${SITE}/news/same-release`);
    expect(issue.sections.find((s) => s.kind === 'tools')!.items).toEqual([
      expect.objectContaining({ title: 'Approved This Week', url: `${SITE}/directory/approved-this-week` }),
    ]);
    expect(issue.sections.find((s) => s.kind === 'events')!.items).toEqual([
      expect.objectContaining({ title: 'Next Week Summit', url: `${SITE}/events/next-week-summit` }),
    ]);
    expect(issue.sections.find((s) => s.kind === 'jobs')!.items).toEqual([
      expect.objectContaining({ title: 'Research Engineer', url: `${SITE}/jobs/${job.id}` }),
    ]);
    expect(issue.subject).toBe('NeuralBeat Weekly #7: Same release, another angle');
    expect(issue.preheader.length).toBeGreaterThan(0);
  });

  it('leaves out the sections that are empty this week', async () => {
    const quiet = new Date('2030-01-07T08:00:00Z');
    const issue = await composeIssue(new IssuesRepository(t.db), SITE, 8, quiet);
    expect(issue.sections).toEqual([]);
    expect(issue.subject).toBe('NeuralBeat Weekly #8: your week in AI');
  });
});

describe('digest rendering and message', () => {
  const input = {
    number: 3,
    subject: 'NeuralBeat Weekly #3: Models & “agents” <everywhere>',
    preheader: 'The week in AI',
    intro: 'Hello readers.',
    sections: [
      {
        kind: 'news' as const,
        title: 'Top stories',
        items: [{ id: 1, title: 'A & B <ship>', url: `${SITE}/news/a-b`, summary: 'Summary', outlets: 2 }],
      },
    ],
    webUrl: `${SITE}/newsletter/2026-11-30-issue-3`,
    siteUrl: SITE,
    date: NOW,
  };

  it('renders tables with the colour-scheme meta, the escaped items and a footer link placeholder; the web version has no subscriber link', async () => {
    const html = await renderIssueHtml(input);
    expect(html).toContain('<meta name="color-scheme" content="light dark"');
    expect(html).toContain('<table');
    // Nothing loaded from elsewhere when the mail is opened: no web fonts.
    expect(html).not.toMatch(/fonts\.googleapis\.com|<link[^>]+stylesheet/);
    expect(html).toContain('A &amp; B &lt;ship&gt;');
    expect(html).toContain('href="%%UNSUBSCRIBE_URL%%"');
    expect(html).not.toContain('<img');
    const web = newsletterWebVersion(html, SITE);
    expect(web).not.toContain('%%');
    expect(web).toContain(`href="${SITE}/newsletter"`);
    expect(renderIssueText(input)).toContain(`* A & B <ship> (reported by 2 outlets)\n  Summary\n  ${SITE}/news/a-b`);
  });

  it('builds each copy from the issue encoded once: one-line List-Unsubscribe headers, a stable Message-ID, both parts with the subscriber link', async () => {
    const html = await renderIssueHtml(input);
    const message = new IssueMessage({
      from: 'NeuralBeat <newsletter@neuralbeat.example>',
      subject: input.subject,
      html,
      text: renderIssueText(input),
      key: '42',
    });
    const url = `${SITE}/newsletter/unsubscribe?token=${'a'.repeat(120)}`;
    const raw = message.build({
      email: 'reader@example.com',
      id: '9',
      unsubscribeUrl: url,
      unsubscribeMailto: 'mailto:unsubscribe@neuralbeat.example?subject=unsubscribe',
    });
    const text = raw.toString('utf8');
    const headerBlock = text.slice(0, text.indexOf('\r\n\r\n'));
    expect(headerBlock).toContain(`\r\nList-Unsubscribe: <${url}>, <mailto:unsubscribe@neuralbeat.example?subject=unsubscribe>\r\n`);
    expect(headerBlock).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    expect(text.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(input.subject);
    expect(parsed.messageId).toBe(message.messageId('9'));
    expect(message.messageId('9')).toBe(
      new IssueMessage({ from: 'x <newsletter@neuralbeat.example>', subject: 's', html: '', text: '', key: '42' }).messageId('9'),
    );
    expect(message.messageId('10')).not.toBe(message.messageId('9'));
    expect(parsed.html).toContain(`href="${url}"`);
    expect(parsed.html).toContain('>Unsubscribe</a>');
    expect(parsed.text).toContain(`Unsubscribe: ${url}`);
    expect(parsed.html).not.toContain('%%');
  });
});

describe('issue states and the weekly job', () => {
  const redis = createRedis(inject('redisUrl'));
  const digests: Digest[] = [];
  afterAll(async () => {
    await Promise.all(digests.map((d) => d.close()));
    redis.disconnect();
  });
  const digestWith = async (env: Record<string, string>) => {
    const config = pipelineConfig({ DATABASE_URL: t.url, REDIS_PREFIX: testRedisPrefix(), SITE_URL: SITE, ...env });
    const d = await createDigest({ db: t.db, redis, logger: pino({ level: 'silent' }), config, workers: false });
    digests.push(d);
    return d;
  };
  const conflictOf = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof AppError ? e.status : e),
    );

  it('draft and scheduled issues are editable (rendered again); a sending one is not; a schedule queues a delayed start', async () => {
    const { issues, queues } = await digestWith({});
    const draft = await issues.compose();
    const edited = await issues.edit(draft.id, { intro: 'A new intro for this week.' });
    expect(edited.intro).toBe('A new intro for this week.');
    expect(edited.html).toContain('A new intro for this week.');
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await issues.schedule(draft.id, at);
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduled_for: at });
    const job = await queues.issue.getJob(`start-${draft.id}-${at.getTime()}`);
    expect(job?.data).toEqual({ kind: 'start', issueId: draft.id });
    expect(await job?.getState()).toBe('delayed');
    await issues.edit(draft.id, { subject: 'Edited while scheduled' });
    // Its time not yet come, a start leaves it scheduled.
    await issues.start(draft.id);
    expect((await issues.get(draft.id)).status).toBe('scheduled');

    await issues.sendNow(draft.id);
    expect((await issues.get(draft.id)).status).toBe('sending');
    expect(await conflictOf(issues.edit(draft.id, { intro: 'too late' }))).toBe(409);
    expect(await conflictOf(issues.sendNow(draft.id))).toBe(409);
    expect(await conflictOf(issues.schedule(draft.id, at))).toBe(409);
  });

  it('the weekly job composes a draft without NEWSLETTER_AUTO_SEND, and with it sends the issue scheduled for this week', async () => {
    const manual = await digestWith({ NEWSLETTER_AUTO_SEND: 'false' });
    expect((await manual.issues.weekly()).status).toBe('draft');

    const auto = await digestWith({ NEWSLETTER_AUTO_SEND: 'true' });
    const planned = await auto.issues.compose();
    await auto.issues.schedule(planned.id, new Date(Date.now() + 2 * 86_400_000));
    const sent = await auto.issues.weekly();
    expect(sent).toMatchObject({ id: planned.id, status: 'sending' });
    // Nothing scheduled: a new issue is composed and sent.
    const composed = await auto.issues.weekly();
    expect(composed.id).not.toBe(planned.id);
    expect(composed.status).toBe('sending');
  });

  it('one weekly job scheduler for the installation, at the configured day and hour in the configured zone', async () => {
    const { queues } = await digestWith({});
    const config = { NEWSLETTER_DIGEST_DAY: 'wednesday' as const, NEWSLETTER_DIGEST_HOUR: 9, NEWSLETTER_TIME_ZONE: 'Europe/Berlin' };
    await scheduleWeeklyDigest(queues.issue, config);
    await scheduleWeeklyDigest(queues.issue, config);
    const schedulers = await queues.issue.getJobSchedulers();
    expect(schedulers.map((j) => j.key)).toEqual([WEEKLY_SCHEDULER_ID]);
    const next = new Date(schedulers[0]!.next!);
    const berlin = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Berlin',
      weekday: 'long',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).format(next);
    expect(berlin).toBe('Wednesday 09:00');
  });
});
