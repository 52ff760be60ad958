import { describe, expect, it } from 'vitest';
import { toolSubmissionSchema } from './api';
import { splitCommaList, toolSubmissionPayload, validateToolSubmissionForm, type ToolSubmissionForm } from './toolSubmission';

const valid: ToolSubmissionForm = {
  name: 'Meeting Scribe',
  slug: '',
  description: 'Records, transcribes and summarises meetings.',
  shortDescription: 'Notes for every meeting',
  websiteUrl: 'https://scribe.example',
  logoUrl: '',
  category: 'NLP Tools',
  tags: 'meetings, notes',
  features: '',
  pricing: '',
};

/** Inputs around every limit and format rule of the form. */
const CASES: Partial<ToolSubmissionForm>[] = [
  {},
  { name: 'ab' },
  { name: '  abc  ' },
  { name: '   ab   ' },
  { name: 'x'.repeat(120) },
  { name: 'x'.repeat(121) },
  { slug: 'good-slug-2' },
  { name: 'Café Überblick' },
  { name: 'Straße 東京 🚀' },
  { slug: 'Bad Slug' },
  { slug: 'double--hyphen' },
  { slug: '-lead' },
  { slug: 'x'.repeat(121) },
  { description: 'x'.repeat(19) },
  { description: 'x'.repeat(20) },
  { description: 'x'.repeat(5001) },
  { shortDescription: 'x'.repeat(9) },
  { shortDescription: 'x'.repeat(10) },
  { shortDescription: 'x'.repeat(99) },
  { shortDescription: 'x'.repeat(100) },
  { websiteUrl: 'nope' },
  { websiteUrl: 'ftp://files.example' },
  { websiteUrl: 'javascript:alert(1)' },
  { websiteUrl: 'http://' },
  { websiteUrl: 'https://ok.example/path?q=1' },
  { websiteUrl: '  https://padded.example  ' },
  { logoUrl: 'https://cdn.example/logo.png' },
  { logoUrl: 'logo.png' },
  { logoUrl: 'data:image/png;base64,AAAA' },
  { category: '' },
  { category: 'Cooking' },
  { category: 'Development' },
  { tags: ' a, b ,,c ' },
  { tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') },
  { tags: 'x'.repeat(61) },
  { features: 'x'.repeat(61) },
  { features: Array.from({ length: 21 }, (_, i) => `f${i}`).join(',') },
  { pricing: 'x'.repeat(101) },
  { pricing: 'Freemium' },
];

describe('tool submission rules in the browser and on the server', () => {
  it.each(CASES.map((c) => [JSON.stringify(c).slice(0, 60), c] as const))('agree on %s', (_label, over) => {
    const form = { ...valid, ...over };
    const browser = validateToolSubmissionForm(form);
    const server = toolSubmissionSchema.safeParse(toolSubmissionPayload(form));
    const serverErrors: Record<string, string> = {};
    if (!server.success) for (const issue of server.error.issues) serverErrors[String(issue.path[0])] ??= issue.message;
    // A blank slug is derived from the name before sending, so the server never sees the browser's blank.
    expect(serverErrors).toEqual(browser);
  });

  it('builds the payload with lists and a derived slug', () => {
    expect(
      toolSubmissionPayload({ ...valid, name: ' Meeting Scribe 2.0 ', tags: ' a, b ,,c ', features: 'Live notes,Summaries', pricing: ' ' }),
    ).toEqual({
      name: 'Meeting Scribe 2.0',
      slug: 'meeting-scribe-2-0',
      description: valid.description,
      shortDescription: valid.shortDescription,
      websiteUrl: valid.websiteUrl,
      logoUrl: null,
      category: 'NLP Tools',
      tags: ['a', 'b', 'c'],
      features: ['Live notes', 'Summaries'],
      pricing: null,
      submittedById: 1,
    });
    expect(toolSubmissionPayload({ ...valid, name: 'Café Überblick' }).slug).toBe('cafe-uberblick');
    expect(splitCommaList(' , ,')).toEqual([]);
  });
});
