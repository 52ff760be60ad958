import { NEWSLETTER_UNSUBSCRIBE_LABEL, NEWSLETTER_UNSUBSCRIBE_URL, escapeHtml, type NewsletterSection } from '@neuralbeat/common/contracts';

/**
 * The issue's HTML (mjml: nested tables that Outlook and Gmail render) and
 * plain-text parts, rendered once per issue. Per-subscriber links are
 * placeholders: sending substitutes them per recipient (never mjml again), the
 * web version substitutes a link to the subscribe page.
 */
const UNSUBSCRIBE_URL = NEWSLETTER_UNSUBSCRIBE_URL;
const UNSUBSCRIBE_LABEL = NEWSLETTER_UNSUBSCRIBE_LABEL;

export interface RenderInput {
  number: number;
  subject: string;
  preheader: string;
  intro: string;
  sections: NewsletterSection[];
  /** The issue's page in the archive ("View in browser"). */
  webUrl: string;
  siteUrl: string;
  date: Date;
}

const issueDate = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

// Every block has its own solid background and text colour, and there are no images: clients that invert
// colours in dark mode (Gmail, Outlook) keep the contrast, and nothing white sits on a transparent background.
const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#4338ca';
const PAPER = '#ffffff';
const PAGE = '#f3f4f6';

function sectionMjml(section: NewsletterSection): string {
  const items = section.items
    .map((item) => {
      const outlets = item.outlets && item.outlets > 1 ? ` <span style="color:${MUTED}">· reported by ${item.outlets} outlets</span>` : '';
      return `<mj-text padding="8px 24px" font-size="16px" line-height="22px" color="${INK}">
          <a href="${escapeHtml(item.url)}" style="color:${ACCENT};font-weight:600;text-decoration:none">${escapeHtml(item.title)}</a>${outlets}
          <br /><span style="color:${MUTED};font-size:14px;line-height:20px">${escapeHtml(item.summary)}</span>
        </mj-text>`;
    })
    .join('\n');
  return `<mj-section background-color="${PAPER}" padding="8px 0 16px">
      <mj-column>
        <mj-text padding="16px 24px 4px" font-size="20px" font-weight="700" color="${INK}">${escapeHtml(section.title)}</mj-text>
        ${items}
      </mj-column>
    </mj-section>`;
}

export async function renderIssueHtml(input: RenderInput): Promise<string> {
  const source = `<mjml lang="en">
  <mj-head>
    <mj-title>${escapeHtml(input.subject)}</mj-title>
    <mj-preview>${escapeHtml(input.preheader)}</mj-preview>
    <mj-raw><meta name="color-scheme" content="light dark" /><meta name="supported-color-schemes" content="light dark" /></mj-raw>
    <mj-attributes>
      <mj-all font-family="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
    </mj-attributes>
    <mj-style>
      :root { color-scheme: light dark; supported-color-schemes: light dark; }
    </mj-style>
  </mj-head>
  <mj-body background-color="${PAGE}" width="600px">
    <mj-section background-color="${PAGE}" padding="12px 0">
      <mj-column>
        <mj-text align="center" font-size="12px" color="${MUTED}">${escapeHtml(input.preheader)} · <a href="${escapeHtml(input.webUrl)}" style="color:${ACCENT}">View in browser</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${ACCENT}" padding="20px 0">
      <mj-column>
        <mj-text align="left" padding="0 24px" font-size="24px" font-weight="700" color="#ffffff">NeuralBeat Weekly</mj-text>
        <mj-text align="left" padding="4px 24px 0" font-size="14px" color="#e0e7ff">Issue #${input.number} · ${issueDate(input.date)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${PAPER}" padding="16px 0 0">
      <mj-column>
        <mj-text padding="8px 24px" font-size="16px" line-height="24px" color="${INK}">${escapeHtml(input.intro).replace(/\n/g, '<br />')}</mj-text>
      </mj-column>
    </mj-section>
    ${input.sections.map(sectionMjml).join('\n')}
    <mj-section background-color="${PAGE}" padding="16px 0 24px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="18px" color="${MUTED}">
          You receive this because you subscribed to the NeuralBeat newsletter at <a href="${escapeHtml(input.siteUrl)}" style="color:${ACCENT}">${escapeHtml(input.siteUrl.replace(/^https?:\/\//, ''))}</a>.<br />
          <a href="${UNSUBSCRIBE_URL}" style="color:${ACCENT};text-decoration:underline">${UNSUBSCRIBE_LABEL}</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // mjml (about 60 MB resident) loads with the first issue composed, not with every pipeline process.
  const { default: mjml2html } = await import('mjml');
  // No web fonts: the stack is the reader's own (mjml would otherwise link Google Fonts for Roboto, a request per open).
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict', minify: false, fonts: {} });
  if (errors.length) throw new Error(`digest template: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}

export function renderIssueText(input: RenderInput): string {
  const lines = [
    `NeuralBeat Weekly · Issue #${input.number} · ${issueDate(input.date)}`,
    `View in browser: ${input.webUrl}`,
    '',
    input.intro,
    '',
  ];
  for (const section of input.sections) {
    lines.push(section.title.toUpperCase(), '');
    for (const item of section.items) {
      lines.push(`* ${item.title}${item.outlets && item.outlets > 1 ? ` (reported by ${item.outlets} outlets)` : ''}`);
      lines.push(`  ${item.summary}`, `  ${item.url}`, '');
    }
  }
  lines.push('--', `You receive this because you subscribed to the NeuralBeat newsletter at ${input.siteUrl}.`);
  lines.push(`${UNSUBSCRIBE_LABEL}: ${UNSUBSCRIBE_URL}`, '');
  return lines.join('\n');
}
