import type { GoogleGenAI } from '@google/genai';
import { countWords } from '@neuralbeat/common/contracts';
import { htmlToText } from '@neuralbeat/common/html';
import { parseModelJson, REWRITE_INSTRUCTIONS, type RewriteInput, type RewriteProvider, type RewriteResult } from './types';

/**
 * Rewrites through Gemini generateContent (official SDK) with a JSON response type.
 * The SDK is loaded on the first rewrite, so a pipeline on another provider never holds it.
 */
export class GeminiRewriteProvider implements RewriteProvider {
  readonly id = 'gemini' as const;
  private client?: Promise<GoogleGenAI>;
  constructor(private readonly options: { apiKey: string; baseUrl?: string; model: string }) {}

  async rewrite(input: RewriteInput): Promise<RewriteResult> {
    const { apiKey, baseUrl } = this.options;
    this.client ??= import('@google/genai').then(
      ({ GoogleGenAI }) => new GoogleGenAI({ apiKey, ...(baseUrl ? { httpOptions: { baseUrl } } : {}) }),
    );
    const response = await (
      await this.client
    ).models.generateContent({
      model: this.options.model,
      contents: `${REWRITE_INSTRUCTIONS}\n\nTitle: ${input.title}\n\n${input.contentHtml}`,
      config: { responseMimeType: 'application/json', temperature: 0.2 },
    });
    const output = parseModelJson(response.text);
    return { ...output, wordCount: countWords(htmlToText(output.content)), cost: null };
  }
}
