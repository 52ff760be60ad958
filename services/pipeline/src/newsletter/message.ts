import { createHash, randomBytes } from 'node:crypto';
import libmime from 'libmime';
import libqp from 'libqp';
import { NEWSLETTER_UNSUBSCRIBE_LABEL, NEWSLETTER_UNSUBSCRIBE_URL, escapeHtml } from '@neuralbeat/common/contracts';

/**
 * An issue's MIME message, encoded once: headers and quoted-printable parts
 * are prepared when the issue starts sending, and each recipient's copy is the
 * same bytes with their address, Message-ID and unsubscribe links put in. The
 * List-Unsubscribe headers are written by hand, each on one line: a relay
 * that signs with DKIM must see them exactly as we wrote them.
 */
export interface IssueMessageInput {
  from: string;
  subject: string;
  html: string;
  text: string;
  /** A stable key of the message (issue id): Message-IDs are derived from it and the recipient. */
  key: string;
  date?: Date;
}

export interface Recipient {
  email: string;
  /** Unique per recipient: the Message-ID is derived from it. */
  id: string;
  /** RFC 8058 one-click URL; also the footer link. */
  unsubscribeUrl: string;
  /** mailto: URL for clients without one-click. */
  unsubscribeMailto?: string;
}

const CRLF = '\r\n';
const crlf = (s: string) => s.replace(/\r?\n/g, CRLF);
const PLACEHOLDER = new RegExp(`(${NEWSLETTER_UNSUBSCRIBE_URL}|${NEWSLETTER_UNSUBSCRIBE_LABEL})`);

const qp = (s: string) => crlf(libqp.wrap(libqp.encode(s), 76));

/** A body split at its placeholders, each literal stretch quoted-printable encoded once. */
interface EncodedPart {
  pieces: (string | { slot: string })[];
}

function encodePart(body: string): EncodedPart {
  return {
    pieces: body
      .split(PLACEHOLDER)
      .map((piece) => (piece === NEWSLETTER_UNSUBSCRIBE_URL || piece === NEWSLETTER_UNSUBSCRIBE_LABEL ? { slot: piece } : qp(piece))),
  };
}

/** Joins encoded stretches with soft line breaks (`=` CRLF, removed by the reader), so no line exceeds the limit. */
function fillPart(part: EncodedPart, values: Record<string, string>): string {
  return part.pieces.map((p) => (typeof p === 'string' ? p : qp(values[p.slot]!))).join(`=${CRLF}`);
}

/** The domain Message-IDs are made in: the sender's. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'neuralbeat.example';

export class IssueMessage {
  private readonly head: string;
  private readonly text: EncodedPart;
  private readonly html: EncodedPart;
  private readonly boundary: string;
  private readonly domain: string;
  readonly envelopeFrom: string;

  constructor(readonly input: IssueMessageInput) {
    this.boundary = `--nb-${randomBytes(12).toString('hex')}`;
    this.domain = domainOf(input.from);
    this.envelopeFrom = /<([^>]+)>/.exec(input.from)?.[1] ?? input.from.trim();
    const [name, address] = (/^(.*?)\s*<([^>]+)>\s*$/.exec(input.from) ?? [null, '', input.from]).slice(1) as [string, string];
    const from = name ? `${libmime.encodeWords(name.replace(/^"|"$/g, ''), 'Q', 52)} <${address}>` : address;
    this.head = [
      `From: ${from}`,
      libmime.foldLines(`Subject: ${libmime.encodeWords(input.subject, 'Q', 52)}`, 76),
      `Date: ${(input.date ?? new Date()).toUTCString().replace(/GMT$/, '+0000')}`,
      'MIME-Version: 1.0',
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      `List-Id: NeuralBeat Weekly <weekly.${this.domain}>`,
      'Precedence: bulk',
      `Content-Type: multipart/alternative; boundary="${this.boundary}"`,
    ].join(CRLF);
    this.text = encodePart(input.text);
    this.html = encodePart(input.html);
  }

  /** Stable per (issue, recipient): a copy sent again after a crash is recognisably the same message. */
  messageId(recipientId: string): string {
    const digest = createHash('sha256').update(`${this.input.key}:${recipientId}`).digest('hex').slice(0, 24);
    return `<nb.${this.input.key}.${recipientId}.${digest}@${this.domain}>`;
  }

  /** The recipient's copy as one Buffer with CRLF line ends. */
  build(to: Recipient): Buffer {
    const listUnsubscribe = [`<${to.unsubscribeUrl}>`, ...(to.unsubscribeMailto ? [`<${to.unsubscribeMailto}>`] : [])].join(', ');
    const b = this.boundary;
    const message = [
      `To: ${to.email}`,
      `Message-ID: ${this.messageId(to.id)}`,
      `List-Unsubscribe: ${listUnsubscribe}`,
      this.head,
      '',
      `--${b}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      fillPart(this.text, { [NEWSLETTER_UNSUBSCRIBE_URL]: to.unsubscribeUrl, [NEWSLETTER_UNSUBSCRIBE_LABEL]: 'Unsubscribe' }),
      `--${b}`,
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      fillPart(this.html, { [NEWSLETTER_UNSUBSCRIBE_URL]: escapeHtml(to.unsubscribeUrl), [NEWSLETTER_UNSUBSCRIBE_LABEL]: 'Unsubscribe' }),
      `--${b}--`,
      '',
    ].join(CRLF);
    return Buffer.from(message, 'utf8');
  }
}
