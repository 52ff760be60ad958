import { z } from 'zod';
import { countWords } from '@neuralbeat/common/contracts';
import { htmlToText, sanitizeArticleHtml } from '@neuralbeat/common/html';

export interface RewriteInput {
  articleId: number;
  title: string;
  contentHtml: string;
  excerpt: string | null;
}

/** What every provider returns; content is HTML paragraphs. */
export const rewriteOutputSchema = z.object({
  title: z.string().trim().min(5).max(200),
  content: z.string().trim().min(20),
  excerpt: z.string().trim().min(10).max(400),
  metaDescription: z.string().trim().min(10).max(200),
});
export type RewriteOutput = z.infer<typeof rewriteOutputSchema>;

export interface RewriteResult extends RewriteOutput {
  wordCount: number;
  /** USD, when the provider reports usage. */
  cost: number | null;
}

/** A provider's answer that was not the JSON we asked for: counted as a failed call with response_format_correct false. */
export class MalformedResponseError extends Error {}

export interface RewriteProvider {
  readonly id: 'local' | 'openai' | 'gemini';
  rewrite(input: RewriteInput): Promise<RewriteResult>;
}

export const REWRITE_INSTRUCTIONS =
  'Rewrite the news article below for a general audience interested in AI. Stay strictly faithful to the source: add no facts, ' +
  'quotes or numbers that are not in it. Answer with JSON only: {"title": string (max 90 chars), "content": string (HTML <p> paragraphs), ' +
  '"excerpt": string (1-2 sentences, max 250 chars), "metaDescription": string (max 155 chars)}.';

/** Parses a model's JSON answer, or throws MalformedResponseError. */
export function parseModelJson(text: string | null | undefined): RewriteOutput {
  let json: unknown;
  try {
    json = JSON.parse((text ?? '').replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new MalformedResponseError('Provider answered with something that is not JSON');
  }
  const parsed = rewriteOutputSchema.safeParse(json);
  if (!parsed.success) throw new MalformedResponseError(`Provider JSON is missing fields: ${parsed.error.issues[0]?.path.join('.')}`);
  return parsed.data;
}

/**
 * A provider's answer made safe to store: the content through the one HTML
 * sanitiser (links resolved against the source article), the text fields as
 * plain text. An answer with no title or too little safe content left counts
 * as malformed; an excerpt or description that was only markup falls back to
 * the content's opening.
 */
export function safeRewrite(result: RewriteResult, sourceUrl: string | null): RewriteResult {
  const content = sanitizeArticleHtml(result.content, { baseUrl: sourceUrl });
  const text = htmlToText(content);
  const title = htmlToText(result.title);
  if (!title) throw new MalformedResponseError('Provider output has no title once sanitised');
  if (text.length < 20) throw new MalformedResponseError('Provider output is too short once sanitised: content');
  const excerpt = htmlToText(result.excerpt) || text.slice(0, 250);
  return {
    title,
    content,
    excerpt,
    metaDescription: htmlToText(result.metaDescription) || excerpt.slice(0, 155),
    wordCount: countWords(text),
    cost: result.cost,
  };
}
