import { describe, expect, it } from 'vitest';
import { compareStories, sameWord, SHORT_THRESHOLD } from './storyMatch';
import { storyNames, storyNumbers, storyText } from './storyText';

// Headlines and texts written for these tests, in the shapes real feeds use.
const DAY = 86_400_000;
const at = new Date('2026-11-16T10:00:00Z');
const story = (title: string, body = '', sourceId: number | null = 1, publishDate: Date | null = at) => ({
  text: storyText(title, body),
  sourceId,
  publishDate,
});
const judge = (a: ReturnType<typeof story>, b: ReturnType<typeof story>) => compareStories(a, b);

const lookalikes: [string, string, string, string, string][] = [
  [
    'model versions',
    'Introducing Nimbus Sonnet 5',
    'Nimbus Sonnet 5 is our most capable mid-size model yet.',
    'Introducing Nimbus Opus 5',
    'Nimbus Opus 5 is our most capable large model yet.',
  ],
  ['point releases', 'Corvid 4.1', 'Corvid 4.1 improves reasoning and tool use.', 'Corvid 4', 'Corvid 4 improves reasoning and tool use.'],
  [
    'money and series',
    'Acme AI raises $13B Series F at $183B valuation',
    'Acme AI announced a funding round led by new investors.',
    'Acme AI raises $65 billion in Series H',
    'Acme AI announced a funding round led by new investors.',
  ],
  [
    'people',
    "Maria Lopez appointed to Acme AI's board",
    'Acme AI today announced that Maria Lopez has joined its Board of Directors.',
    "Tom Becker appointed to Acme AI's board",
    'Acme AI today announced that Tom Becker has joined its Board of Directors.',
  ],
  ['years', 'KI Prognosen 2025', 'Unsere Prognosen für das kommende Jahr.', 'KI-Prognosen 2026', 'Unsere Prognosen für das kommende Jahr.'],
  [
    'series letters',
    'Acme raises Series B funding round',
    'Acme raises Series B funding round',
    'Acme raises Series A funding round',
    'Acme raises Series A funding round',
  ],
  [
    'parts',
    'Community Showcase Part 3',
    'Some of the best projects come from our community. This post highlights a few.',
    'Community Showcase Part 2',
    'Some of the best projects come from our community. This post highlights a few.',
  ],
  ['months', 'Changelist: May 2025', 'Product updates from May 2025!', 'Changelist: June 2025', 'Product updates from June 2025!'],
  [
    'places',
    'Acme opens a research office in Zurich',
    'The new office will host 40 researchers working on safety.',
    'Acme opens a research office in Toronto',
    'The new office will host 40 researchers working on safety.',
  ],
];

describe('lookalike stories are different stories', () => {
  it.each(lookalikes)('%s: from the same source and from two sources', (_kind, t1, b1, t2, b2) => {
    const same = judge(story(t1, b1, 1), story(t2, b2, 1));
    expect(same.duplicate).toBe(false);
    expect(same.sameSource).toBe(true);
    const cross = judge(story(t1, b1, 1), story(t2, b2, 2));
    expect(cross.duplicate).toBe(false);
    expect(cross.blocker?.kind).toMatch(/numbers|names/);
  });

  it('one source posting the same headline twice with different texts posted two stories', () => {
    const a = story(
      'Sharing new research, models and datasets from our lab',
      'Today we release a segmentation model and a speech dataset.',
    );
    const b = story(
      'Sharing new research, models and datasets from our lab',
      'This update covers agents, robustness evaluations and a new architecture.',
    );
    expect(judge(a, b)).toMatchObject({ duplicate: false, sameSource: true });
  });

  it('two announcements written from one template are two stories, from one source or two', () => {
    const release = (product: string) =>
      `${product} is available today for developers and teams, the company said after months of private testing. ` +
      'Engineers can call it through the existing API without changing their code, and pricing stays the same for three months. ' +
      'The team published a system card that lists known limitations and the safeguards added to reduce misuse.';
    const a = story('Ledger brings audit trails to agents', release('Ledger'), 1);
    expect(judge(a, story('Vega assistant launches for teams', release('Vega'), 1))).toMatchObject({ duplicate: false, sameSource: true });
    expect(judge(a, story('Ledger brings audit trails to agents', release('Vega'), 2))).toMatchObject({
      duplicate: false,
      reason: 'names differ',
    });
  });

  it("two publishers' monthly updates share a month and a year, which is no evidence of one story", () => {
    const v = judge(
      story('August 2026 Product Update', 'August 2026 Product Update', 1),
      story('Changelist: August 2026', 'Beacon updates from August 2026!', 2),
    );
    expect(v.similarity).toBeGreaterThan(SHORT_THRESHOLD);
    expect(v).toMatchObject({ duplicate: false, reason: 'only 1 shared words besides numbers and dates' });
  });

  it('short texts need stronger evidence: few shared words or weeks apart are not enough', () => {
    expect(judge(story('Launch week recap', '', 1), story('Launch week recap', '', 2, new Date(+at + 30 * DAY)))).toMatchObject({
      duplicate: false,
      reason: expect.stringMatching(/days apart/),
    });
    const twoWords = judge(story('Agents everywhere', '', 1), story('Agents everywhere, survey finds', '', 2));
    expect(twoWords.similarity).toBeGreaterThan(SHORT_THRESHOLD);
    expect(twoWords).toMatchObject({ duplicate: false, reason: 'only 2 shared words besides numbers and dates' });
  });
});

describe('copies of one story are one story', () => {
  const body =
    'The lab released an open-weights language model that tops a public reasoning benchmark. It was trained for four months on curated data and runs on a single GPU. ' +
    'Researchers can download the weights today under a permissive licence, and the team published its training recipe and evaluation code alongside the release.';

  it('the same item re-published by another site: its name added, a footer, a cut summary', () => {
    const original = story('Open-weights model tops reasoning benchmark', body, 1);
    expect(
      judge(original, story('Open-weights model tops reasoning benchmark | AI Wire', `${body} The post appeared first on Lab Blog.`, 2)),
    ).toMatchObject({ duplicate: true });
    expect(
      judge(original, story('Lab Blog: Open-weights model tops reasoning benchmark', `${body.split(' ').slice(0, 30).join(' ')} …`, 2)),
    ).toMatchObject({ duplicate: true });
    const tiny = story('Comet for Android', 'Comet for Android', 1);
    expect(
      judge(tiny, story('Comet for Android | Tech Feed', 'Comet for Android. The post Comet for Android appeared first on Tech Feed.', 2))
        .duplicate,
    ).toBe(true);
  });

  it("another outlet's headline for the same news", () => {
    expect(
      judge(
        story('Acme unveils open model that beats rivals on reasoning', '', 1),
        story('Acme unveils new open model, beating rivals at reasoning', '', 2),
      ).duplicate,
    ).toBe(true);
    expect(
      judge(
        story('Two dead in shooting at Empire State Building', '', 1),
        story('2 dead after shooting outside Empire State Building', '', 2),
      ).duplicate,
    ).toBe(true);
  });

  it('the same headline from two blogs on the same day, each with a summary of its own', () => {
    const headline = 'Sparse attention routing halves the memory of long-context transformers';
    const first = story(
      headline,
      'We propose a routing scheme that sends each token to a few attention blocks chosen by a learned gate. ' +
        'On document question answering it keeps accuracy while using half the memory of dense attention.',
      1,
    );
    const second = story(
      headline,
      'A new preprint from a university group shows how transformers can read book-length inputs on one accelerator, ' +
        'by letting a small network decide which parts of the context each word should look at.',
      2,
      new Date(+at + 9 * 3_600_000),
    );
    expect(judge(first, second).similarity).toBeLessThan(SHORT_THRESHOLD);
    expect(judge(first, second)).toMatchObject({ duplicate: true, reason: 'same headline the same day' });
    // Days apart, or a headline too short to be told from chance, it takes more.
    expect(judge(first, { ...second, publishDate: new Date(+at + 3 * DAY) }).duplicate).toBe(false);
    expect(
      judge(
        story('Weekly research digest', 'Five papers on agents we read this week.', 1),
        story('Weekly research digest', 'Robotics, vision and speech news.', 2),
      ).duplicate,
    ).toBe(false);
    // One source printing a headline twice still needs the same text.
    expect(judge(first, { ...second, sourceId: 1 }).duplicate).toBe(false);
  });

  it('one source re-posting an item under a new address', () => {
    expect(
      judge(story('Open-weights model tops reasoning benchmark', body, 1), story('Open-weights model tops reasoning benchmark', body, 1)),
    ).toMatchObject({ duplicate: true, sameSource: true });
  });

  it('full articles need less than headlines: a close rewrite of a long text counts', () => {
    const article =
      `${body} Independent engineers tested the release on consumer hardware and reported consistent answers across repeated prompts. ` +
      'Analysts said the model could lower costs for startups building assistants, while safety reviewers asked for more evaluations of misuse before wider deployment.';
    const rewrite = article
      .replace('released', 'has released')
      .replace('four months', 'about four months')
      .replace('Researchers can download', 'Anyone can download')
      .replace('Analysts said', 'Analysts believe');
    const v = judge(
      story('Lab releases open-weights model', article, 1),
      story('An open model from the lab leads a reasoning benchmark', rewrite, 2),
    );
    expect(v.short).toBe(false);
    expect(v.duplicate).toBe(true);
    expect(SHORT_THRESHOLD).toBeLessThan(0.5);
  });
});

describe('the details that tell stories apart', () => {
  it('reads numbers, versions and amounts in any wording', () => {
    expect([...storyNumbers('Acme raises $13B, valued at $183 billion')]).toEqual(['$13000000000', '$183000000000']);
    expect(storyNumbers('Scaling to 7,500 nodes')).toEqual(new Set(['7500']));
    expect(storyNumbers('GPT-5.4 and o3-mini')).toEqual(new Set(['5.4', 'o3']));
    expect(storyNumbers('Release notes for Quillkit 2.0.67.')).toEqual(new Set(['2', '2.0.67']));
    expect(storyNumbers('Two dead on the third day')).toEqual(new Set(['2', '3']));
    expect(storyNumbers('Macau revenue hits US$38b in May 2012')).toEqual(new Set(['$38000000000', '2012', 'month 5']));
    expect(storyNumbers('You may see changes')).toEqual(new Set());
  });

  it('reads names, not sentence openings', () => {
    expect(storyNames('Reed Hastings joins the board of Acme AI')).toEqual(new Set(['hastings', 'acme', 'ai']));
    expect(storyNames('Acme raises Series F; OpenAI and xAI respond')).toEqual(new Set(['series', 'f', 'openai', 'xai']));
  });

  it('pairs words spelled differently, and not names that only begin alike', () => {
    for (const [a, b] of [
      ['Syria', 'Syrian'],
      ['China', 'Chinese'],
      ['eleven', '11'],
      ['3rd', 'third'],
      ['Rowhani', 'Rohani'],
      ['Eygptian', 'Egyptian'],
    ])
      expect(sameWord(a!, b!)).toBe(true);
    for (const [a, b] of [
      ['OpenCode', 'OpenClaw'],
      ['Grok', 'Groq'],
      ['4.1', '4'],
      ['Open', 'OpenAI'],
      ['Gemini', 'Gemma'],
    ])
      expect(sameWord(a!, b!)).toBe(false);
  });
});
