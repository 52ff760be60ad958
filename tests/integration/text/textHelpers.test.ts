import { describe, expect, it } from 'vitest';
import { htmlToText, plainText } from '@neuralbeat/common/html';
import { countWords, slugify } from '@neuralbeat/common/contracts';
import { sourceParagraphs } from '../../../services/pipeline/src/providers/local';
import { scoreSeo } from '../../../services/pipeline/src/seo/seoRubric';
import { slugBase } from '../../../services/pipeline/src/publish/publisher';
import { itemBody } from '../../../bench/dedupeLabels/realFeeds';
import { cleanText } from '../../../services/pipeline/src/events/collectedEvent';

/**
 * What the text helpers answer for the same realistic inputs. Recorded from each
 * copy before they were folded into one module (the history of this file shows
 * every answer that changed); now every caller answers as the one module does.
 */
const HTML: Record<string, string> = {
  entities:
    '<p>OpenAI &amp; Microsoft&nbsp;announce <strong>GPT-5</strong>.</p><p>It&#8217;s &ldquo;big&rdquo; &lt;news&gt; &copy; 2025&hellip;</p>',
  numericEntities: '<p>Smile &#x1F600; &#65;&#66; &bogus; AT&T &amp;lt;b&amp;gt;</p>',
  scriptStyle: '<p>Before</p><script>var a = "<b>x</b>";</script><style>p { color: red }</style><p>After</p>',
  nested: '<div><ul><li>One<ul><li>Two</li></ul></li></ul><p>A<em>b</em>c <a href="https://x.example">link</a></p></div>',
  cdataComment: '<![CDATA[Raw <b>bold</b> text]]><!-- a comment --><p>Text</p>',
  lessThan: '<p>if a < b and c > d then</p>',
  accents: '<h2>Café Überblick</h2><p>Straße, naïve résumé — don’t stop</p>',
  emoji: '<p>Launch 🚀 day 👩‍💻 rocks</p>',
  cjk: '<p>人工知能の研究 が進む。</p><p>中文 AI 模型</p>',
  breaks: 'Line one<br>Line two<br/><br />\n\n\n\nLine <b>three</b>\tend',
  empty: '',
};

const table = <T>(fn: (html: string) => T) => Object.fromEntries(Object.entries(HTML).map(([name, html]) => [name, fn(html)]));

const SEO_WORDS = /(\d+) words/;
const seoWordCount = (html: string) => {
  const reason = scoreSeo({ title: 'A title', excerpt: null, contentHtml: html, imageUrl: null }).reasoning.find((r) => SEO_WORDS.test(r))!;
  return Number(SEO_WORDS.exec(reason)![1]);
};

const NAMES = [
  'Café Überblick',
  '  Hello, World!! 2.0 ',
  'Straße',
  'naïve résumé',
  'Œuvre Ærø',
  '東京 AI Lab',
  '🚀 Launch',
  'GPT-4o: what’s new?',
  '---',
  '',
  'A very long headline about a large language model release that keeps going well past eighty characters in total',
];

describe('HTML to one line of text', () => {
  it('htmlToText: titles, excerpts, and the bodies that search indexes, the thin-text check and the SEO rubric count, dedupe compares, the tagger reads', () => {
    expect(htmlToText(null)).toBe('');
    expect(table(htmlToText)).toMatchInlineSnapshot(`
      {
        "accents": "Café Überblick Straße, naïve résumé — don’t stop",
        "breaks": "Line one Line two Line three end",
        "cdataComment": "Text",
        "cjk": "人工知能の研究 が進む。 中文 AI 模型",
        "emoji": "Launch 🚀 day 👩‍💻 rocks",
        "empty": "",
        "entities": "OpenAI & Microsoft announce GPT-5. It’s “big” <news> © 2025…",
        "lessThan": "if a < b and c > d then",
        "nested": "One Two Abc link",
        "numericEntities": "Smile 😀 AB &bogus; AT&T &lt;b&gt;",
        "scriptStyle": "Before After",
      }
    `);
  });

  it('the dedupe calibration bench reads item bodies as the pipeline does', () => {
    expect(table((html) => itemBody({ contentHtml: html } as Parameters<typeof itemBody>[0]))).toEqual(table(htmlToText));
  });

  it('local provider source paragraphs', () => {
    expect(table(sourceParagraphs)).toMatchInlineSnapshot(`
      {
        "accents": [
          "Café Überblick",
          "Straße, naïve résumé — don’t stop",
        ],
        "breaks": [
          "Line one",
          "Line two",
          "Line three end",
        ],
        "cdataComment": [
          "Text",
        ],
        "cjk": [
          "人工知能の研究 が進む。",
          "中文 AI 模型",
        ],
        "emoji": [
          "Launch 🚀 day 👩‍💻 rocks",
        ],
        "empty": [],
        "entities": [
          "OpenAI & Microsoft announce GPT-5.",
          "It’s “big” <news> © 2025…",
        ],
        "lessThan": [
          "if a < b and c > d then",
        ],
        "nested": [
          "One Two",
          "Abc link",
        ],
        "numericEntities": [
          "Smile 😀 AB &bogus; AT&T &lt;b&gt;",
        ],
        "scriptStyle": [
          "Before",
          "After",
        ],
      }
    `);
  });
});

describe('event text', () => {
  it('cleanText undoes a second escape of event titles, and an escaped tag stays text', () => {
    const titles = [
      'Chartered Cities &amp; Network States',
      'Data & AI Night!',
      'It&amp;#8217;s &amp;quot;AI&amp;quot; Day',
      'AT&amp;amp;T Q&amp;A',
      '&lt;b&gt; and &amp;lt;i&amp;gt; are text, <b>this</b> is markup',
    ];
    expect(titles.map(cleanText)).toEqual([
      'Chartered Cities & Network States',
      'Data & AI Night!',
      'It’s "AI" Day',
      'AT&T Q&A',
      '<b> and <i> are text, this is markup',
    ]);
  });
});

describe('visitor text', () => {
  it('plainText keeps line breaks and drops markup', () => {
    // A no-break space is kept as it is: shown as [nbsp] here.
    expect(table((text) => plainText(text).replaceAll('\u00a0', '[nbsp]'))).toMatchInlineSnapshot(`
      {
        "accents": "Café ÜberblickStraße, naïve résumé — don’t stop",
        "breaks": "Line oneLine two

      Line three end",
        "cdataComment": "Text",
        "cjk": "人工知能の研究 が進む。中文 AI 模型",
        "emoji": "Launch 🚀 day 👩‍💻 rocks",
        "empty": "",
        "entities": "OpenAI & Microsoft[nbsp]announce GPT-5.It’s “big” <news> © 2025…",
        "lessThan": "if a < b and c > d then",
        "nested": "OneTwoAbc link",
        "numericEntities": "Smile 😀 AB &bogus; AT&T &lt;b&gt;",
        "scriptStyle": "BeforeAfter",
      }
    `);
  });
});

describe('word counts', () => {
  it('countWords of htmlToText: the rewrite word_count, the thin-text check and the full-text stage', () => {
    expect(table((html) => countWords(htmlToText(html)))).toMatchInlineSnapshot(`
      {
        "accents": 7,
        "breaks": 7,
        "cdataComment": 1,
        "cjk": 5,
        "emoji": 3,
        "empty": 0,
        "entities": 8,
        "lessThan": 7,
        "nested": 4,
        "numericEntities": 8,
        "scriptStyle": 2,
      }
    `);
  });

  it('the SEO rubric counts body words the same way', () => {
    expect(table(seoWordCount)).toEqual(table((html) => countWords(htmlToText(html))));
  });
});

describe('slugs', () => {
  it('slugify for tools (server, form preview and payload), slugBase for articles', () => {
    expect(Object.fromEntries(NAMES.map((name) => [name, { tool: slugify(name), article: slugBase(name) }]))).toMatchInlineSnapshot(`
      {
        "": {
          "article": "article",
          "tool": "",
        },
        "  Hello, World!! 2.0 ": {
          "article": "hello-world-2-0",
          "tool": "hello-world-2-0",
        },
        "---": {
          "article": "article",
          "tool": "",
        },
        "A very long headline about a large language model release that keeps going well past eighty characters in total": {
          "article": "a-very-long-headline-about-a-large-language-model-release-that-keeps-going-well",
          "tool": "a-very-long-headline-about-a-large-language-model-release-that-keeps-going-well-past-eighty-characters-in-total",
        },
        "Café Überblick": {
          "article": "cafe-uberblick",
          "tool": "cafe-uberblick",
        },
        "GPT-4o: what’s new?": {
          "article": "gpt-4o-what-s-new",
          "tool": "gpt-4o-what-s-new",
        },
        "Straße": {
          "article": "strasse",
          "tool": "strasse",
        },
        "naïve résumé": {
          "article": "naive-resume",
          "tool": "naive-resume",
        },
        "Œuvre Ærø": {
          "article": "oeuvre-aero",
          "tool": "oeuvre-aero",
        },
        "東京 AI Lab": {
          "article": "ai-lab",
          "tool": "ai-lab",
        },
        "🚀 Launch": {
          "article": "launch",
          "tool": "launch",
        },
      }
    `);
  });
});
