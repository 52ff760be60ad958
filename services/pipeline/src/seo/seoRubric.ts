/**
 * The SEO rubric: deterministic, 0–100, every point explained.
 *
 * | criterion | points |
 * |---|---|
 * | title length: 30–70 chars 15, 15–29 or 71–100 chars 8 | 15 |
 * | body length: ≥ 300 words 25, ≥ 150 words 18, ≥ 80 words 8 | 25 |
 * | summary: 50–300 chars 10, any 5 | 10 |
 * | AI keyword in the title | 10 |
 * | AI keywords in the body: ≥ 3 distinct 10, 1–2 5 | 10 |
 * | high-volume search keyword present (sets has_high_volume_keywords) | 5 |
 * | readability: average sentence 8–25 words 10, ≤ 35 words 5 | 10 |
 * | structure: ≥ 3 paragraphs or headings 10, 2 5 | 10 |
 * | image | 5 |
 *
 * Articles scoring below SEO_SCORE_THRESHOLD stay pending and go no further.
 */
import { countWords } from '@neuralbeat/common/contracts';
import { htmlToText } from '@neuralbeat/common/html';

export const AI_KEYWORDS = [
  'ai',
  'artificial intelligence',
  'machine learning',
  'deep learning',
  'neural',
  'model',
  'models',
  'llm',
  'language model',
  'generative',
  'gpt',
  'transformer',
  'agent',
  'agents',
  'chatbot',
  'robot',
  'robotics',
  'computer vision',
  'nlp',
  'inference',
  'training',
  'dataset',
  'benchmark',
  'rag',
  'retrieval',
  'embedding',
  'embeddings',
  'open-source',
  'open source',
  'gpu',
  'algorithm',
  'automation',
  'multimodal',
  'reasoning',
];
export const HIGH_VOLUME_KEYWORDS = [
  'chatgpt',
  'openai',
  'gpt',
  'artificial intelligence',
  'generative ai',
  'llm',
  'ai model',
  'machine learning',
  'gemini',
  'claude',
  'ai agents',
  'ai regulation',
];

export interface SeoInput {
  title: string;
  excerpt: string | null;
  contentHtml: string | null;
  imageUrl: string | null;
}

export interface SeoResult {
  score: number;
  reasoning: string[];
  hasHighVolumeKeywords: boolean;
}

const contains = (haystack: string, keyword: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu').test(haystack);

export function scoreSeo(input: SeoInput): SeoResult {
  const reasoning: string[] = [];
  let score = 0;
  const add = (points: number, reason: string) => {
    score += points;
    reasoning.push(`${points > 0 ? '+' : ''}${points} ${reason}`);
  };

  const title = input.title.trim();
  if (title.length >= 30 && title.length <= 70) add(15, `title length ${title.length} chars is ideal (30–70)`);
  else if (title.length >= 15 && title.length <= 100) add(8, `title length ${title.length} chars is acceptable`);
  else add(0, `title length ${title.length} chars is too ${title.length < 15 ? 'short' : 'long'}`);

  const html = input.contentHtml ?? '';
  const body = htmlToText(html);
  const wordCount = countWords(body);
  if (wordCount >= 300) add(25, `${wordCount} words of body text`);
  else if (wordCount >= 150) add(18, `${wordCount} words of body text (300+ is best)`);
  else if (wordCount >= 80) add(8, `only ${wordCount} words of body text`);
  else add(0, `body too thin (${wordCount} words)`);

  const summary = (input.excerpt ?? '').trim();
  if (summary.length >= 50 && summary.length <= 300) add(10, 'summary of a good length');
  else if (summary.length > 0) add(5, `summary of ${summary.length} chars (50–300 is best)`);
  else add(0, 'no summary');

  if (AI_KEYWORDS.some((k) => contains(title, k))) add(10, 'title names an AI topic');
  else add(0, 'title names no AI topic');

  const bodyKeywords = AI_KEYWORDS.filter((k) => contains(body, k));
  if (bodyKeywords.length >= 3) add(10, `body covers AI keywords (${bodyKeywords.slice(0, 5).join(', ')})`);
  else if (bodyKeywords.length > 0) add(5, `body mentions few AI keywords (${bodyKeywords.join(', ')})`);
  else add(0, 'body mentions no AI keywords');

  const highVolume = HIGH_VOLUME_KEYWORDS.filter((k) => contains(`${title} ${body}`, k));
  if (highVolume.length) add(5, `high-volume keywords: ${highVolume.join(', ')}`);

  const sentences = body.split(/(?<=[.!?])\s+/).filter((s) => countWords(s) > 0);
  const avg = sentences.length ? wordCount / sentences.length : 0;
  if (avg >= 8 && avg <= 25) add(10, `readable sentences (${avg.toFixed(1)} words on average)`);
  else if (avg > 0 && avg <= 35) add(5, `sentences average ${avg.toFixed(1)} words`);
  else add(0, 'no readable sentences');

  const blocks = (html.match(/<(p|h2|h3|h4|li)\b/gi) ?? []).length;
  if (blocks >= 3) add(10, `${blocks} paragraphs or headings`);
  else if (blocks === 2) add(5, 'only two paragraphs');
  else add(0, 'no paragraph structure');

  if (input.imageUrl) add(5, 'has an image');

  return { score: Math.min(100, score), reasoning, hasHighVolumeKeywords: highVolume.length > 0 };
}
