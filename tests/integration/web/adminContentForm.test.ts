import { describe, expect, it } from 'vitest';
import {
  ADMIN_CONTENT_KINDS,
  ADMIN_CONTENT_SCHEMAS,
  TOOL_SUBMISSION_MESSAGES,
  adminEventSchema,
  adminToolSchema,
} from '@neuralbeat/common/contracts';
import { ADMIN_KINDS } from '../../../web/src/pages/admin/contentKinds';

describe('the content operators manage', () => {
  it.each(ADMIN_CONTENT_KINDS)('the %s form offers every field the API takes, and only those', (kind) => {
    const apiFields = Object.keys(ADMIN_CONTENT_SCHEMAS[kind].shape).filter((f) => f !== 'published');
    expect(ADMIN_KINDS[kind].fields.map((f) => f.name).sort()).toEqual(apiFields.sort());
    expect(apiFields).toContain(ADMIN_KINDS[kind].nameField);
  });

  it('holds tools to the submission rules and messages', () => {
    const result = adminToolSchema.safeParse({
      name: 'Ok',
      description: 'Long enough description here.',
      shortDescription: 'Short',
      websiteUrl: 'ftp://example.com',
      category: 'NLP Tools',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      name: TOOL_SUBMISSION_MESSAGES.nameShort,
      shortDescription: TOOL_SUBMISSION_MESSAGES.shortDescriptionShort,
      websiteUrl: TOOL_SUBMISSION_MESSAGES.url,
    });
  });

  it('reads blanks as absent, tags in lower case once each, and dates as instants', () => {
    const event = adminEventSchema.parse({
      name: ' Summit ',
      slug: '',
      description: 'Talks',
      location: 'Online',
      startDate: '2027-01-02T10:00:00+01:00',
      eventType: 'Conference',
      url: '',
      organizer: '  ',
      tags: ['LLM', 'llm', ' Agents ', ''],
    });
    expect(event).toMatchObject({
      name: 'Summit',
      slug: null,
      url: null,
      organizer: null,
      tags: ['llm', 'agents'],
      published: true,
      virtual: false,
    });
    expect(event.startDate.toISOString()).toBe('2027-01-02T09:00:00.000Z');
    const bad = adminEventSchema.safeParse({ ...event, slug: 'Not A Slug', url: 'javascript:alert(1)' });
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(['slug', 'url']);
  });
});
