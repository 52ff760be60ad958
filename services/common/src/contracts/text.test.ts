import { describe, expect, it } from 'vitest';
import { countWords, decodeEntities, displayTag, escapeHtml, foldAccents, proseToHtml, proseToText, slugify } from './text';
import { toolSubmissionSchema } from './api';

describe('text helpers', () => {
  it('upper-cases known acronyms and title-cases hyphenated words', () => {
    expect(displayTag('llm')).toBe('LLM');
    expect(displayTag('generative-ai')).toBe('Generative-AI');
    expect(displayTag('computer vision')).toBe('Computer Vision');
    expect(displayTag('rag-pipelines')).toBe('RAG-Pipelines');
  });
});

describe('the text module', () => {
  it('slugify folds accents and keeps only latin letters and digits, one hyphen between runs', () => {
    expect(slugify('Café Überblick')).toBe('cafe-uberblick');
    expect(slugify('  Hello, World!! 2.0 ')).toBe('hello-world-2-0');
    expect(slugify('Straße naïve résumé')).toBe('strasse-naive-resume');
    expect(slugify('Œuvre Ærø Łódź')).toBe('oeuvre-aero-lodz');
    expect(slugify('GPT-4o: what’s new?')).toBe('gpt-4o-what-s-new');
    expect(slugify('東京 AI 🚀 Lab')).toBe('ai-lab');
    expect(slugify('---')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('decodeEntities decodes named and numeric references once, leaving unknown ones as written', () => {
    expect(decodeEntities('AT&amp;T &lt;b&gt; &quot;q&quot; &#39;s &apos;')).toBe('AT&T <b> "q" \'s \'');
    expect(decodeEntities('It&#8217;s &ldquo;big&rdquo; &copy; 2025&hellip; &#x1F600;')).toBe('It’s “big” © 2025… 😀');
    expect(decodeEntities('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(decodeEntities('&bogus; AT&T a&b')).toBe('&bogus; AT&T a&b');
    expect(decodeEntities('a&nbsp;b')).toBe('a\u00a0b');
  });

  it('countWords counts runs of letters and digits, apostrophes and hyphens inside a word', () => {
    expect(countWords('OpenAI & Microsoft announce GPT-5. It’s “big”!')).toBe(6);
    expect(countWords("don't stop — 3 models")).toBe(4);
    expect(countWords('Café Überblick 人工知能 🚀')).toBe(3);
    expect(countWords('')).toBe(0);
  });

  it('foldAccents removes marks but keeps case and everything else', () => {
    expect(foldAccents('Montréal Ñandú ﬁx 東京')).toBe('Montreal Nandu fix 東京');
  });
});

describe('escapeHtml', () => {
  const INPUTS = [
    `AT&T <b>"GPT-5"</b> isn't 'new'`,
    'https://x.example/a?b=1&c=<2>',
    '&amp; &#39; already escaped',
    'Café — 🚀 a\u00a0b',
    '',
  ];

  it('escapes & < > " \' and nothing else, once', () => {
    expect(INPUTS.map(escapeHtml)).toEqual([
      'AT&amp;T &lt;b&gt;&quot;GPT-5&quot;&lt;/b&gt; isn&#39;t &#39;new&#39;',
      'https://x.example/a?b=1&amp;c=&lt;2&gt;',
      '&amp;amp; &amp;#39; already escaped',
      'Café — 🚀 a\u00a0b',
      '',
    ]);
  });

  /*
   * What each hand-written copy answered before they were folded into this one
   * (gateway head tags and first screen, sitemaps and RSS, newsletter, mail, local
   * rewrite, feed parser). They differ only in which quotes they escaped; a reader
   * of the HTML or XML gets the same text from every one and from escapeHtml.
   */
  const FORMER_COPIES: Record<string, string[]> = {
    '& < > (local rewrite, feed parser)': [
      `AT&amp;T &lt;b&gt;"GPT-5"&lt;/b&gt; isn't 'new'`,
      'https://x.example/a?b=1&amp;c=&lt;2&gt;',
      '&amp;amp; &amp;#39; already escaped',
      'Café — 🚀 a\u00a0b',
      '',
    ],
    '& < > " (head tags, first screen, newsletter)': [
      "AT&amp;T &lt;b&gt;&quot;GPT-5&quot;&lt;/b&gt; isn't 'new'",
      'https://x.example/a?b=1&amp;c=&lt;2&gt;',
      '&amp;amp; &amp;#39; already escaped',
      'Café — 🚀 a\u00a0b',
      '',
    ],
    '& < > " \' as &apos; (sitemaps, RSS)': [
      'AT&amp;T &lt;b&gt;&quot;GPT-5&quot;&lt;/b&gt; isn&apos;t &apos;new&apos;',
      'https://x.example/a?b=1&amp;c=&lt;2&gt;',
      '&amp;amp; &amp;#39; already escaped',
      'Café — 🚀 a\u00a0b',
      '',
    ],
    '& < > " \' as &#39; (mail)': [
      'AT&amp;T &lt;b&gt;&quot;GPT-5&quot;&lt;/b&gt; isn&#39;t &#39;new&#39;',
      'https://x.example/a?b=1&amp;c=&lt;2&gt;',
      '&amp;amp; &amp;#39; already escaped',
      'Café — 🚀 a\u00a0b',
      '',
    ],
  };

  it.each(Object.entries(FORMER_COPIES))('reads back as the same text as the former copy escaping %s', (_, answers) => {
    expect(answers.map(decodeEntities)).toEqual(INPUTS);
    expect(INPUTS.map((input) => decodeEntities(escapeHtml(input)))).toEqual(answers.map(decodeEntities));
  });

  it('leaves nothing that could end an element, an attribute of either quote, or an XML text node', () => {
    for (const input of INPUTS) expect(escapeHtml(input)).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|#39);)/);
  });
});

describe('the prose format', () => {
  const prose = 'We build <agents> & tools.\nSecond line.\n\n## What you will do\n\n- Write "graders"\n- Ship\n\n### Perks\n\n* Books';

  it('becomes simple, escaped HTML: paragraphs, headings, lists', () => {
    expect(proseToHtml(prose)).toBe(
      '<p>We build &lt;agents&gt; &amp; tools.<br>Second line.</p><h2>What you will do</h2>' +
        '<ul><li>Write &quot;graders&quot;</li><li>Ship</li></ul><h3>Perks</h3><ul><li>Books</li></ul>',
    );
    expect(proseToHtml('')).toBe('');
  });

  it('becomes one line of its words, without markers', () => {
    expect(proseToText(prose)).toBe('We build <agents> & tools. Second line. What you will do Write "graders" Ship Perks Books');
  });
});

describe('tool submission rules', () => {
  const valid = {
    name: 'Tool',
    description: 'A description that is long enough.',
    shortDescription: 'Short but ok',
    websiteUrl: 'https://tool.example',
    category: 'Development',
  };
  const messageFor = (over: Record<string, unknown>) => {
    const r = toolSubmissionSchema.safeParse({ ...valid, ...over });
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('gives the exact messages', () => {
    expect(messageFor({ name: 'ab' })).toBe('Tool name must be at least 3 characters');
    expect(messageFor({ description: 'too short' })).toBe('Description must be at least 20 characters');
    expect(messageFor({ shortDescription: 'tiny' })).toBe('Short description must be at least 10 characters');
    expect(messageFor({ shortDescription: 'x'.repeat(100) })).toBe('Short description must be less than 100 characters');
    expect(messageFor({ shortDescription: 'x'.repeat(99) })).toBeNull();
    expect(messageFor({ websiteUrl: 'not a url' })).toBe('Please enter a valid URL');
    expect(messageFor({ category: 'Cooking' })).toBe('Please select a category');
  });

  it('accepts only http(s) addresses for the website and the logo', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://files.example/logo.png',
      'https:///no-host',
    ]) {
      expect(messageFor({ websiteUrl: url }), url).toBe('Please enter a valid URL');
      expect(messageFor({ logoUrl: url }), url).toBe('Please enter a valid URL');
    }
    expect(toolSubmissionSchema.parse({ ...valid, logoUrl: ' https://tool.example/logo.png ' }).logoUrl).toBe(
      'https://tool.example/logo.png',
    );
    expect(toolSubmissionSchema.parse({ ...valid, logoUrl: '' }).logoUrl).toBeNull();
  });

  it('bounds the tag and feature lists', () => {
    expect(messageFor({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toBe('Enter at most 20 tags');
    expect(messageFor({ features: ['x'.repeat(61)] })).toBe('Each feature must be at most 60 characters');
  });

  it('takes tags and features as lists, trims them and fixes the submitter', () => {
    const r = toolSubmissionSchema.parse({ ...valid, tags: [' a', 'b ', '', 'c'], features: ['x', ' y '] });
    expect(r.tags).toEqual(['a', 'b', 'c']);
    expect(r.features).toEqual(['x', 'y']);
    expect(r.submittedById).toBe(1);
    expect(toolSubmissionSchema.safeParse({ ...valid, submittedById: 2 }).success).toBe(false);
  });

  it('refuses a comma string where a list belongs, naming the field', () => {
    const r = toolSubmissionSchema.safeParse({ ...valid, tags: 'a, b' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['tags'], message: 'Tags must be a list' });
    expect(messageFor({ features: 'x, y' })).toBe('Features must be a list');
  });
});
