import { describe, expect, it } from 'vitest';
import { htmlToText, plainText } from '@neuralbeat/common/html';
import { slugifyWords, toolSlug } from '@neuralbeat/common/contracts';
import { htmlToText as searchHtmlToText } from '../../../services/search/src/engine/text';
import { countWords as rewriteWordCount } from '../../../services/pipeline/src/providers/types';
import { countWords as thinWordCount, plainText as thinPlainText } from '../../../services/pipeline/src/fulltext/thinText';
import { sourceParagraphs } from '../../../services/pipeline/src/providers/local';
import { scoreSeo } from '../../../services/pipeline/src/seo/seoRubric';
import { slugBase } from '../../../services/pipeline/src/publish/publisher';
import { itemBody } from '../../../bench/dedupeLabels/realFeeds';

/**
 * What each text helper answers for the same realistic inputs, recorded so that
 * folding them into one module shows every answer that changes.
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
const slugTable = (fn: (name: string) => string) => Object.fromEntries(NAMES.map((name) => [name, fn(name)]));

describe('HTML to one line of text', () => {
  it('common htmlToText (titles, excerpts, provider output)', () => {
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

  it('search indexing text', () => {
    expect(table(searchHtmlToText)).toMatchInlineSnapshot(`
      {
        "accents": "Café Überblick Straße, naïve résumé — don’t stop",
        "breaks": "Line one Line two Line three end",
        "cdataComment": "bold text]]> Text",
        "cjk": "人工知能の研究 が進む。 中文 AI 模型",
        "emoji": "Launch 🚀 day 👩‍💻 rocks",
        "empty": "",
        "entities": "OpenAI & Microsoft announce GPT-5 . It’s &ldquo;big&rdquo; <news> &copy; 2025&hellip;",
        "lessThan": "if a d then",
        "nested": "One Two A b c link",
        "numericEntities": "Smile 😀 AB &bogus; AT&T &lt;b&gt;",
        "scriptStyle": "Before After",
      }
    `);
  });

  it('thin-text check text (full-text stage)', () => {
    expect(table(thinPlainText)).toMatchInlineSnapshot(`
      {
        "accents": "Café Überblick Straße, naïve résumé — don’t stop",
        "breaks": "Line one Line two Line three end",
        "cdataComment": "bold text]]> Text",
        "cjk": "人工知能の研究 が進む。 中文 AI 模型",
        "emoji": "Launch 🚀 day 👩‍💻 rocks",
        "empty": "",
        "entities": "OpenAI Microsoft announce GPT-5 . It s big news 2025",
        "lessThan": "if a d then",
        "nested": "One Two A b c link",
        "numericEntities": "Smile AT&T lt;b gt;",
        "scriptStyle": "Before var a = " x "; p { color: red } After",
      }
    `);
    expect(thinPlainText(null)).toBe('');
  });

  it('dedupe calibration bench item body', () => {
    expect(table((html) => itemBody({ contentHtml: html } as Parameters<typeof itemBody>[0]))).toMatchInlineSnapshot(`
      {
        "accents": "Café Überblick Straße, naïve résumé — don’t stop",
        "breaks": "Line one Line two Line three end",
        "cdataComment": "bold text]]> Text",
        "cjk": "人工知能の研究 が進む。 中文 AI 模型",
        "emoji": "Launch 🚀 day 👩‍💻 rocks",
        "empty": "",
        "entities": "OpenAI Microsoft announce GPT-5 . It s big news 2025",
        "lessThan": "if a d then",
        "nested": "One Two A b c link",
        "numericEntities": "Smile AT&T lt;b gt;",
        "scriptStyle": "Before var a = " x "; p { color: red } After",
      }
    `);
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
          "OpenAI & Microsoft announce GPT-5 .",
          "It’s “big” <news> © 2025…",
        ],
        "lessThan": [
          "if a < b and c > d then",
        ],
        "nested": [
          "One Two",
          "A b c link",
        ],
        "numericEntities": [
          "Smile 😀 AB &bogus; AT&T <b>",
        ],
        "scriptStyle": [
          "Before",
          "After",
        ],
      }
    `);
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
  it('rewrite word count (stored word_count)', () => {
    expect(table(rewriteWordCount)).toMatchInlineSnapshot(`
      {
        "accents": 7,
        "breaks": 7,
        "cdataComment": 3,
        "cjk": 5,
        "emoji": 3,
        "empty": 0,
        "entities": 18,
        "lessThan": 4,
        "nested": 6,
        "numericEntities": 12,
        "scriptStyle": 8,
      }
    `);
  });

  it('thin-text word count', () => {
    expect(table((html) => thinWordCount(thinPlainText(html)))).toMatchInlineSnapshot(`
      {
        "accents": 7,
        "breaks": 7,
        "cdataComment": 3,
        "cjk": 5,
        "emoji": 3,
        "empty": 0,
        "entities": 9,
        "lessThan": 4,
        "nested": 6,
        "numericEntities": 6,
        "scriptStyle": 8,
      }
    `);
  });

  it('SEO rubric body word count', () => {
    expect(table(seoWordCount)).toMatchInlineSnapshot(`
      {
        "accents": 7,
        "breaks": 7,
        "cdataComment": 3,
        "cjk": 5,
        "emoji": 3,
        "empty": 0,
        "entities": 9,
        "lessThan": 4,
        "nested": 6,
        "numericEntities": 6,
        "scriptStyle": 8,
      }
    `);
  });
});

describe('slugs', () => {
  it('tool slug (submission form preview and server)', () => {
    expect(slugTable(toolSlug)).toMatchInlineSnapshot(`
      {
        "": "",
        "  Hello, World!! 2.0 ": "hello-world-2-0",
        "---": "",
        "A very long headline about a large language model release that keeps going well past eighty characters in total": "a-very-long-headline-about-a-large-language-model-release-that-keeps-going-well-past-eighty-characters-in-total",
        "Café Überblick": "caf-berblick",
        "GPT-4o: what’s new?": "gpt-4o-what-s-new",
        "Straße": "stra-e",
        "naïve résumé": "na-ve-r-sum",
        "Œuvre Ærø": "uvre-r",
        "東京 AI Lab": "ai-lab",
        "🚀 Launch": "launch",
      }
    `);
  });

  it('article slug base (publisher)', () => {
    expect(slugTable(slugBase)).toMatchInlineSnapshot(`
      {
        "": "article",
        "  Hello, World!! 2.0 ": "hello-world-2-0",
        "---": "article",
        "A very long headline about a large language model release that keeps going well past eighty characters in total": "a-very-long-headline-about-a-large-language-model-release-that-keeps-going-well",
        "Café Überblick": "cafe-uberblick",
        "GPT-4o: what’s new?": "gpt-4o-what-s-new",
        "Straße": "stra-e",
        "naïve résumé": "naive-resume",
        "Œuvre Ærø": "uvre-r",
        "東京 AI Lab": "ai-lab",
        "🚀 Launch": "launch",
      }
    `);
  });

  it('slugifyWords', () => {
    expect(slugTable(slugifyWords)).toMatchInlineSnapshot(`
      {
        "": "",
        "  Hello, World!! 2.0 ": "hello,-world!!-2.0",
        "---": "---",
        "A very long headline about a large language model release that keeps going well past eighty characters in total": "a-very-long-headline-about-a-large-language-model-release-that-keeps-going-well-past-eighty-characters-in-total",
        "Café Überblick": "café-überblick",
        "GPT-4o: what’s new?": "gpt-4o:-what’s-new?",
        "Straße": "straße",
        "naïve résumé": "naïve-résumé",
        "Œuvre Ærø": "œuvre-ærø",
        "東京 AI Lab": "東京-ai-lab",
        "🚀 Launch": "🚀-launch",
      }
    `);
  });
});
