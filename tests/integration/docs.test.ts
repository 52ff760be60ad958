import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_SUBSCRIBERS, PIPELINE_QUEUES } from '@neuralbeat/common/contracts';

const DOCUMENTS = ['README.md', ...fs.readdirSync('docs').flatMap((f) => (f.endsWith('.md') ? [path.join('docs', f)] : []))];

/** The text outside fenced and inline code, where Markdown links live. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
const anchorsOf = (markdown: string) =>
  new Set(
    [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );

describe('documentation', () => {
  it('README.md stays a five-minute read: at most 250 lines and 20 KB', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(20_000);
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it.each(DOCUMENTS)('%s links only to files and headings that exist', (file) => {
    const broken: string[] = [];
    const links = [...prose(fs.readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    for (const link of links.filter((l) => !/^[a-z]+:/i.test(l))) {
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const resolved = target ? path.join(path.dirname(file), target) : file;
      if (!fs.existsSync(resolved)) broken.push(`${link}: no such file`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor))
        broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('every doc is linked from the README', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    for (const doc of DOCUMENTS.filter((d) => d !== 'README.md')) expect(readme, doc).toContain(`](${doc})`);
  });

  it('the architecture diagram names every subscribed event and every pipeline queue', () => {
    const architecture = fs.readFileSync('docs/architecture.md', 'utf8');
    for (const [event, subscribers] of Object.entries(EVENT_SUBSCRIBERS)) if (subscribers.length > 0) expect(architecture).toContain(event);
    for (const { name } of Object.values(PIPELINE_QUEUES)) expect(architecture).toContain(name);
  });
});
