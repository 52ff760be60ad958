/**
 * Article pages in the shape publishers serve them (written for these tests):
 * navigation, a cookie banner, share buttons, a sidebar and a footer around
 * the article, Open Graph and schema.org metadata in the head.
 */
export interface ArticlePage {
  title: string;
  paragraphs: string[];
  /** Named in a byline (Readability's cue), or only in meta / JSON-LD when `authorIn` says so. */
  author?: string;
  authorIn?: 'byline' | 'meta' | 'json-ld';
  /** Open Graph image (absolute or relative to the page). */
  image?: string;
  /** An image inside the article only. */
  inlineImage?: string;
  description?: string;
  site?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function articlePage(page: ArticlePage): string {
  const site = page.site ?? 'Fixture Labs Blog';
  const authorIn = page.authorIn ?? 'byline';
  const head = [
    `<meta charset="utf-8"><title>${esc(page.title)} | ${esc(site)}</title>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    page.description
      ? `<meta name="description" content="${esc(page.description)}"><meta property="og:description" content="${esc(page.description)}">`
      : '',
    `<meta property="og:title" content="${esc(page.title)}"><meta property="og:site_name" content="${esc(site)}"><meta property="og:type" content="article">`,
    page.image ? `<meta property="og:image" content="${esc(page.image)}"><meta name="twitter:card" content="summary_large_image">` : '',
    page.author && authorIn === 'meta' ? `<meta name="author" content="${esc(page.author)}">` : '',
    page.author && authorIn === 'json-ld'
      ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: page.title, author: [{ '@type': 'Person', name: page.author }] })}</script>`
      : '',
    '<link rel="stylesheet" href="/assets/site.css"><script src="/assets/analytics.js" async></script>',
  ].join('\n');
  const nav = `<header class="site-header"><a class="logo" href="/">${esc(site)}</a><nav><ul><li><a href="/research">Research</a></li><li><a href="/products">Products</a></li><li><a href="/company">Company</a></li><li><a href="/careers">Careers</a></li><li><a href="/blog">Blog</a></li></ul></nav><button class="menu">Menu</button></header>`;
  const cookie =
    '<div class="cookie-banner" role="dialog"><p>We use cookies to improve your experience and analyse traffic.</p><button>Accept all</button><button>Manage preferences</button></div>';
  const byline =
    page.author && authorIn === 'byline' ? `<p class="byline">By <a rel="author" href="/people/x">${esc(page.author)}</a></p>` : '';
  const inline = page.inlineImage
    ? `<figure><img src="${esc(page.inlineImage)}" alt="Diagram"><figcaption>How the system fits together.</figcaption></figure>`
    : '';
  const body = page.paragraphs.map((p, i) => (i === 2 ? `<h2>What changes</h2><p>${esc(p)}</p>` : `<p>${esc(p)}</p>`)).join('\n');
  const share =
    '<div class="share"><a href="https://x.com/share">Share on X</a><a href="https://www.linkedin.com/share">Share on LinkedIn</a><button>Copy link</button></div>';
  const sidebar =
    '<aside class="sidebar"><h3>Related posts</h3><ul><li><a href="/blog/a">An update to our pricing</a></li><li><a href="/blog/b">Meet the team behind our API</a></li><li><a href="/blog/c">Join us at the developer summit</a></li></ul><form class="newsletter"><label>Subscribe to our newsletter</label><input type="email"><button>Subscribe</button></form></aside>';
  const footer =
    '<footer class="site-footer"><p>© 2026 Fixture Labs. All rights reserved.</p><ul><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li><li><a href="/contact">Contact</a></li></ul></footer>';
  return `<!doctype html><html lang="en"><head>${head}</head><body>${nav}${cookie}<main><article class="post"><h1>${esc(page.title)}</h1>${byline}<time datetime="2026-11-16">November 16, 2026</time>${inline}<div class="post-body">${body}</div>${share}</article>${sidebar}</main>${footer}</body></html>`;
}

/** Paragraphs of our own about an AI launch, long enough to be a real article (about 330 words). */
export function launchParagraphs(product: string): string[] {
  return [
    `${product} is available today for developers and teams, the company said in an announcement that followed months of private testing with early customers across finance, retail and healthcare.`,
    `The release focuses on reasoning over long documents. In the company's own evaluation, ${product} answered multi-step questions about contracts and research papers more accurately than the previous generation, while using fewer tokens per answer.`,
    `Engineers can call the model through the existing API without changing their code. Pricing stays the same for the first three months, after which a lower rate applies to cached prompts, which the company expects to cut costs for agents that repeat long instructions.`,
    `The team also published a system card describing how the model was trained and evaluated. It lists known limitations, including weaker performance on languages with little training data, and explains the safeguards added to reduce misuse in cybersecurity and biology.`,
    `Early customers described faster review cycles. A legal technology startup said its assistants now draft first summaries of agreements in minutes, and an analytics firm reported that automated reports needed fewer corrections from human editors.`,
    `Independent researchers cautioned that vendor benchmarks are not the whole story and asked for access to run their own tests. The company said it would open a research programme next month with credits for academic groups studying evaluation and model behaviour.`,
    `${product} will roll out to the consumer apps over the coming weeks, starting with paid plans. Enterprise customers can enable it in their admin console today, and a smaller, cheaper variant is planned for later in the year.`,
  ];
}
