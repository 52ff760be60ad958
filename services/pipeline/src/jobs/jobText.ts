import { parseHTML } from 'linkedom';
import { htmlToText, sanitizeArticleHtml } from '@neuralbeat/common/html';

/**
 * Job text in the site's prose format (what the job page renders without
 * interpreting HTML): paragraphs split by blank lines, "## " headings and "- "
 * bullets. Board HTML is sanitised first (services/common/src/html.ts), then
 * walked block by block.
 */
export function htmlToProse(html: string, baseUrl?: string): string {
  // A div is not kept by the sanitiser, but on boards it is the paragraph: it becomes a line break.
  const safe = sanitizeArticleHtml(html.replace(/<\/?div\b[^>]*>/gi, '<br>'), { baseUrl: baseUrl ?? null });
  const { document } = parseHTML(`<!doctype html><html><body>${safe}</body></html>`);
  const blocks: string[] = [];
  let paragraph = '';
  let plain = false;
  const flush = () => {
    const text = paragraph.replace(/\s+/g, ' ').trim();
    // Boards set a heading as a bold line of its own (Lever's `<div><b>About the Role</b></div>`).
    if (text && !plain && text.length <= 80 && !/[.!?]$/.test(text)) blocks.push(`## ${text.replace(/:$/, '')}`);
    else if (text) blocks.push(text);
    paragraph = '';
    plain = false;
  };
  const walk = (node: Node, bold: boolean) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        const text = child.textContent ?? '';
        paragraph += text;
        if (!bold && text.trim()) plain = true;
        continue;
      }
      if (child.nodeType !== 1) continue;
      const tag = (child as Element).tagName.toLowerCase();
      if (/^h[1-6]$/.test(tag)) {
        flush();
        const heading = htmlToText((child as Element).innerHTML);
        if (heading) blocks.push(`## ${heading}`);
      } else if (tag === 'ul' || tag === 'ol') {
        flush();
        const items = Array.from((child as Element).querySelectorAll('li'))
          .map((li) => htmlToText(li.innerHTML))
          .filter(Boolean);
        if (items.length) blocks.push(items.map((i) => `- ${i}`).join('\n'));
      } else if (tag === 'br' || tag === 'hr') {
        flush();
      } else if (['p', 'blockquote', 'pre', 'table', 'tr', 'li', 'dl', 'dt', 'dd', 'figure'].includes(tag)) {
        flush();
        walk(child, bold);
        flush();
      } else {
        walk(child, bold || tag === 'b' || tag === 'strong');
      }
    }
  };
  walk(document.body, false);
  flush();
  return blocks.join('\n\n');
}

/** HTML that a board escaped once more (Greenhouse's `content`: `&lt;p&gt;…`), unescaped to HTML. */
export function unescapeHtml(escaped: string): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const holder = document.createElement('div');
  holder.innerHTML = escaped;
  return holder.textContent ?? '';
}

const REQUIREMENT_HEADING =
  /requir|qualif|looking for|about you|you have|you bring|you'll need|you will need|must have|nice to have|skills|experience|who you are|ideal candidate/i;

/** A heading that introduces what the candidate needs. */
export const isRequirementHeading = (heading: string) => REQUIREMENT_HEADING.test(heading);

/**
 * Splits prose into the role and the requirements: sections under a heading
 * that names requirements (qualifications, what we are looking for…) go to the
 * requirements, in order; everything else stays in the description.
 */
export function splitRequirements(prose: string): { description: string; requirements: string } {
  const description: string[] = [];
  const requirements: string[] = [];
  let target = description;
  for (const block of prose.split(/\n\n+/)) {
    if (block.startsWith('## ')) target = isRequirementHeading(block.slice(3)) ? requirements : description;
    target.push(block);
  }
  return { description: description.join('\n\n'), requirements: requirements.join('\n\n') };
}
