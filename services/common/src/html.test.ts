import { describe, expect, it } from 'vitest';
import { htmlToText, isHttpUrl, plainText, sanitizeArticleHtml } from './html';
import { FORBIDDEN_IN_SAFE_HTML, xssPayloads } from '../../../tests/support/xssPayloads';

const EXFIL = 'https://attacker.example';

describe('sanitizeArticleHtml', () => {
  it('removes everything that runs, loads, styles or embeds from each hostile payload', () => {
    for (const payload of xssPayloads(EXFIL)) {
      const safe = sanitizeArticleHtml(payload);
      for (const marker of FORBIDDEN_IN_SAFE_HTML) expect(safe, `${payload} → ${safe}`).not.toMatch(marker);
      expect(safe).not.toContain('attacker.example');
      expect(safe).not.toContain('__xss');
    }
  });

  it('keeps text structure, tables and safe links, forcing rel and target on links', () => {
    const html =
      '<h1>Heading</h1><h2 class="x" id="y">Sub</h2><p>One <strong>two</strong> <em>three</em> <code>x()</code></p>' +
      '<ul><li>a</li></ul><blockquote>quote</blockquote><table><tr><th scope="col">k</th><td colspan="2">v</td></tr></table>' +
      '<p><a href="https://example.org/a?b=1" title="t" onclick="x()" rel="opener">link</a> <a href="mailto:news@example.org">mail</a></p>';
    expect(sanitizeArticleHtml(html)).toBe(
      '<h2>Heading</h2><h2>Sub</h2><p>One <strong>two</strong> <em>three</em> <code>x()</code></p>' +
        '<ul><li>a</li></ul><blockquote>quote</blockquote><table><tr><th scope="col">k</th><td colspan="2">v</td></tr></table>' +
        '<p><a href="https://example.org/a?b=1" title="t" rel="noopener noreferrer nofollow ugc" target="_blank">link</a> ' +
        '<a href="mailto:news@example.org" rel="noopener noreferrer nofollow ugc" target="_blank">mail</a></p>',
    );
  });

  it('resolves relative links against the source page, and drops the target without one', () => {
    expect(sanitizeArticleHtml('<a href="/story/2">more</a>', { baseUrl: 'https://publisher.example/news/1' })).toBe(
      '<a href="https://publisher.example/story/2" rel="noopener noreferrer nofollow ugc" target="_blank">more</a>',
    );
    expect(sanitizeArticleHtml('<a href="//evil.example/x">x</a>', { baseUrl: 'https://publisher.example/' })).toContain(
      'href="https://evil.example/x"',
    );
    expect(sanitizeArticleHtml('<a href="/story/2">more</a>')).toBe('<a>more</a>');
    expect(sanitizeArticleHtml('<p>a<a href="javascript:alert(1)"></a>b</p>')).toBe('<p>ab</p>');
  });

  it('drops NUL and other control characters, which Postgres would refuse', () => {
    expect(sanitizeArticleHtml('<p>a\u0000b\u0007c</p>')).toBe('<p>abc</p>');
  });
});

describe('htmlToText and plainText', () => {
  it('htmlToText gives one line, blocks separated, entities decoded, dropped elements gone', () => {
    expect(htmlToText('<p>First &amp; <b>best</b></p><p>Second&nbsp;line &lt;3</p><script>x()</script><svg><text>t</text></svg>')).toBe(
      'First & best Second line <3',
    );
  });

  it('plainText removes markup a visitor typed but keeps their line breaks and literal symbols', () => {
    expect(plainText('  <b>Fast</b> tool <script>alert(1)</script>\n\nfor R&D, 5 < 7 > 3 "quoted"\u0000  ')).toBe(
      'Fast tool\n\nfor R&D, 5 < 7 > 3 "quoted"',
    );
    expect(plainText('<img src=x onerror=alert(1)>')).toBe('');
  });
});

describe('isHttpUrl', () => {
  it('accepts absolute http(s) URLs only', () => {
    expect(isHttpUrl('https://tool.example/logo.png')).toBe(true);
    expect(isHttpUrl('http://tool.example')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'JAVASCRIPT:alert(1)',
      'ftp://x.example',
      'file:///etc/passwd',
      '/relative',
      'https://',
      'not a url',
      'vbscript:x',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });
});
