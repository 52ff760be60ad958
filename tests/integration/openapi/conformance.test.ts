import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { startSystem, type RunningSystem } from '../../support/system';
import { adminCall, insertAccounts, READER, signIn } from '../../support/admin';
import { insertEvent, insertJob, insertNewsItem, insertResource, insertTool } from '../../support/factories';
import { until } from '../../support/until';
import { apiDocument } from './support';

/**
 * Real answers against the description: each call's body must validate against the
 * schema the served document gives for that path, method and status (JSON Schema
 * 2020-12, which OpenAPI 3.1 schemas are), read from the document itself.
 */

let sys: RunningSystem;
let cookie: string;
const seeded: Record<string, string | number> = {};

beforeAll(async () => {
  sys = await startSystem();
  const db = sys.database.db;
  await insertAccounts(db);
  cookie = await signIn(sys.url);
  const news = await insertNewsItem(db, { tags: ['llm', 'agents'] });
  await insertNewsItem(db);
  const tool = await insertTool(db);
  await insertTool(db, { category: 'Development' });
  const resource = await insertResource(db);
  const event = await insertEvent(db);
  const job = await insertJob(db);
  const closed = await insertJob(db, { closed_at: new Date() });
  Object.assign(seeded, {
    news: news.slug,
    tool: tool.slug,
    resource: resource.slug,
    event: event.slug,
    job: job.id,
    closedJob: closed.id,
  });
});
afterAll(async () => sys.stop());

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(apiDocument, 'openapi');
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The documented schema of an answer, following a response component's $ref. */
function documentedSchema(path: string, method: string, status: number): string {
  const operation = (apiDocument.paths?.[path] as Record<string, { responses: Record<string, unknown> }> | undefined)?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the description`);
  const key = String(status) in operation.responses ? String(status) : `${String(status)[0]}XX`;
  let response = operation.responses[key] as { $ref?: string; content?: Record<string, unknown> } | undefined;
  if (!response) throw new Error(`${method.toUpperCase()} ${path} does not describe a ${status}`);
  let where = pointer('paths', path, method, 'responses', key);
  if (response.$ref) {
    where = response.$ref.slice(2);
    response = (apiDocument.components?.responses as Record<string, typeof response>)[where.split('/').pop()!];
  }
  if (!response?.content?.['application/json']) throw new Error(`${method.toUpperCase()} ${path} ${status} has no JSON body`);
  return `openapi#/${where}/content/${pointer('application/json')}/schema`;
}

interface Call {
  /** The documented path template. */
  path: string;
  /** The URL asked, when it differs from the template. */
  url?: string;
  method?: 'get' | 'post' | 'patch' | 'delete';
  body?: unknown;
  status: number;
  /** Call as the operator (false: with no session). */
  operator?: boolean;
  account?: string;
}

async function check(call: Call) {
  const method = call.method ?? 'get';
  const url = typeof call.url === 'string' ? call.url : call.path;
  const res = await adminCall(sys.url, call.operator ? (call.account ?? cookie) : null, url, {
    method: method.toUpperCase(),
    ...(call.body !== undefined ? { body: call.body } : {}),
  });
  expect(res.status, `${method.toUpperCase()} ${url}: ${JSON.stringify(res.body)}`).toBe(call.status);
  const validate = ajv.getSchema(documentedSchema(call.path, method, call.status));
  if (!validate) throw new Error(`no schema for ${method} ${call.path} ${call.status}`);
  const valid = validate(res.body);
  expect(
    valid,
    `${method.toUpperCase()} ${url} ${call.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 500)}`,
  ).toBe(true);
  return res.body;
}

describe('public answers match the description', () => {
  it('the check tells a body that drifted from its schema', () => {
    const home = ajv.getSchema(documentedSchema('/api/home', 'get', 200))!;
    expect(home({ latestNews: [] })).toBe(true);
    expect(home({ latestNews: [{ id: 'one' }] })).toBe(false);
    expect(home({ latestNews: [], extra: true })).toBe(false);
    const error = ajv.getSchema(documentedSchema('/api/news', 'get', 400))!;
    expect(error({ error: { status: 400, code: 'validation_failed', message: 'limit must be a number', field: 'limit' } })).toBe(true);
    expect(error({ message: 'no envelope' })).toBe(false);
  });

  it('reads', async () => {
    const calls: Call[] = [
      { path: '/api/home', status: 200 },
      { path: '/api/news', url: '/api/news?limit=2&offset=0', status: 200 },
      { path: '/api/news/tags', status: 200 },
      { path: '/api/news/tag/{tag}', url: '/api/news/tag/LLM', status: 200 },
      { path: '/api/news/category/{category}', url: '/api/news/category/Research', status: 200 },
      { path: '/api/news/{param}', url: `/api/news/${seeded.news}`, status: 200 },
      { path: '/api/tools', url: '/api/tools?category=Development&pricing=free', status: 200 },
      { path: '/api/tools/featured', status: 200 },
      { path: '/api/tools/{slug}', url: `/api/tools/${seeded.tool}`, status: 200 },
      { path: '/api/tools/{slug}/similar', url: `/api/tools/${seeded.tool}/similar`, status: 200 },
      { path: '/api/resources', status: 200 },
      { path: '/api/resources/{slug}', url: `/api/resources/${seeded.resource}`, status: 200 },
      { path: '/api/events', status: 200 },
      { path: '/api/events/upcoming', status: 200 },
      { path: '/api/events/{slug}', url: `/api/events/${seeded.event}`, status: 200 },
      { path: '/api/jobs', status: 200 },
      { path: '/api/jobs/featured', status: 200 },
      { path: '/api/jobs/{id}', url: `/api/jobs/${seeded.job}`, status: 200 },
      { path: '/api/ai-stats', status: 200 },
      { path: '/api/newsletter/issues', status: 200 },
    ];
    for (const call of calls) await check(call);
  });

  it('searches, once the search service has indexed a record', async () => {
    const created = await check({
      path: '/api/admin/events',
      method: 'post',
      operator: true,
      status: 201,
      body: {
        name: 'Quarzeline Workshop',
        description: 'A day of hands-on retrieval work.',
        location: 'Graz, Austria',
        startDate: '2027-03-01T09:00:00.000Z',
        eventType: 'Workshop',
      },
    });
    expect(created.item.name).toBe('Quarzeline Workshop');
    await until(async () => {
      const res = await fetch(`${sys.url}/api/events/search?q=quarzeline`);
      return res.ok && ((await res.json()) as unknown[]).length > 0;
    });
    const hits = await check({ path: '/api/events/search', url: '/api/events/search?q=quarzeline', status: 200 });
    expect(hits.length).toBe(1);
    await check({ path: '/api/news/search', url: '/api/news/search?q=news', status: 200 });
    await check({ path: '/api/tools/search', url: '/api/tools/search?q=%21%21', status: 200 });
  });

  it('posts', async () => {
    await check({
      path: '/api/contact',
      method: 'post',
      status: 200,
      body: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
    });
    await check({ path: '/api/newsletter/subscribe', method: 'post', status: 200, body: { email: 'reader@example.com' } });
    const submitted = await check({
      path: '/api/tools/submit',
      method: 'post',
      status: 201,
      body: {
        name: 'Conformance Tool',
        description: 'A tool submitted to check the documented answer of a submission.',
        shortDescription: 'Checks documented answers',
        websiteUrl: 'https://conformance.example',
        category: 'Development',
      },
    });
    expect(submitted.tool.slug).toBe('conformance-tool');
  });

  it('errors are the documented envelope, for each status', async () => {
    const calls: Call[] = [
      { path: '/api/news', url: '/api/news?limit=abc', status: 400 },
      { path: '/api/tools', url: '/api/tools?pricing=cheap', status: 400 },
      { path: '/api/events/search', url: '/api/events/search', status: 400 },
      { path: '/api/contact', method: 'post', body: { email: 'x' }, status: 400 },
      { path: '/api/newsletter/confirm', method: 'post', body: { token: 'not-a-token' }, status: 400 },
      { path: '/api/tools/{slug}', url: '/api/tools/no-such-tool', status: 404 },
      { path: '/api/news/{param}', url: '/api/news/no-such-article', status: 404 },
      { path: '/api/jobs/{id}', url: `/api/jobs/${seeded.closedJob}`, status: 410 },
      { path: '/api/auth/session', status: 401 },
      { path: '/api/admin/queues', status: 401 },
      { path: '/api/auth/login', method: 'post', body: { username: 'operator', password: 'wrong' }, status: 401 },
      { path: '/api/admin/newsletter/issues/{id}', url: '/api/admin/newsletter/issues/999999', operator: true, status: 404 },
      { path: '/api/admin/events', method: 'post', body: { name: '' }, operator: true, status: 400 },
    ];
    calls.push({
      path: '/api/admin/events',
      method: 'post',
      operator: true,
      status: 409,
      body: {
        name: 'Taken',
        slug: seeded.event,
        description: 'A second event under a taken slug.',
        location: 'Online',
        startDate: '2027-01-01',
        eventType: 'Meetup',
      },
    });
    for (const call of calls) {
      const body = await check(call);
      expect(body.error.status).toBe(call.status);
    }
    const reader = await signIn(sys.url, READER);
    await check({ path: '/api/admin/queues', operator: true, account: reader, status: 403 });
  });
});

describe('operator answers match the description', () => {
  it('content: sign-in, tags, review, managed content, subscribers, the inbox', async () => {
    const calls: Call[] = [
      { path: '/api/auth/session', operator: true, status: 200 },
      { path: '/api/tags/stats', operator: true, status: 200 },
      { path: '/api/tags/list', url: '/api/tags/list?pageSize=5', operator: true, status: 200 },
      { path: '/api/admin/tools/review', operator: true, status: 200 },
      { path: '/api/admin/jobs', url: '/api/admin/jobs?limit=5', operator: true, status: 200 },
      { path: '/api/admin/resources', operator: true, status: 200 },
      { path: '/api/admin/tools', operator: true, status: 200 },
      { path: '/api/admin/newsletter/subscribers', operator: true, status: 200 },
      { path: '/api/admin/contact-messages', operator: true, status: 200 },
    ];
    for (const call of calls) await check(call);
    const { items } = await check({ path: '/api/admin/events', operator: true, status: 200 });
    const id = items[0].id as number;
    await check({ path: '/api/admin/events/{id}', url: `/api/admin/events/${id}`, operator: true, status: 200 });
    await check({
      path: '/api/admin/events/{id}',
      url: `/api/admin/events/${id}`,
      method: 'patch',
      body: { price: 'Free' },
      operator: true,
      status: 200,
    });
    await check({
      path: '/api/admin/events/{id}/unpublish',
      url: `/api/admin/events/${id}/unpublish`,
      method: 'post',
      operator: true,
      status: 200,
    });
    // The tool submitted by 'posts' above waits for review.
    const { tools } = await check({ path: '/api/admin/tools/review', operator: true, status: 200 });
    expect(tools.length).toBeGreaterThan(0);
    await check({
      path: '/api/admin/tools/{id}/reject',
      url: `/api/admin/tools/${tools[0].id}/reject`,
      method: 'post',
      body: { reason: 'Test' },
      operator: true,
      status: 200,
    });
  });

  it('pipeline: dashboard, diagnostics, queues, sources, audit, mail, digest issues, a dry-run fix', async () => {
    const calls: Call[] = [
      { path: '/api/admin/article-stats', operator: true, status: 200 },
      { path: '/api/admin/duplicate-stats', operator: true, status: 200 },
      { path: '/api/admin/provider-history', operator: true, status: 200 },
      { path: '/api/admin/diagnose-pipeline', operator: true, status: 200 },
      { path: '/api/admin/queues', operator: true, status: 200 },
      { path: '/api/admin/sources', operator: true, status: 200 },
      { path: '/api/admin/mail', operator: true, status: 200 },
      { path: '/api/admin/newsletter/issues', operator: true, status: 200 },
      { path: '/api/admin/fix-published-statuses', method: 'post', body: { dryRun: true }, operator: true, status: 200 },
    ];
    for (const call of calls) await check(call);
    const { issue } = await check({ path: '/api/admin/newsletter/issues', method: 'post', operator: true, status: 201 });
    await check({
      path: '/api/admin/newsletter/issues/{id}',
      url: `/api/admin/newsletter/issues/${issue.id}`,
      operator: true,
      status: 200,
    });
    await check({
      path: '/api/admin/newsletter/issues/{id}/dry-run',
      url: `/api/admin/newsletter/issues/${issue.id}/dry-run`,
      operator: true,
      status: 200,
    });
    // After the changes above, the audit log has entries of several kinds.
    const { entries } = await check({ path: '/api/admin/audit', operator: true, status: 200 });
    expect(entries.length).toBeGreaterThan(0);
  });
});
