import { GoogleGenAI } from '@google/genai';
import { countWords } from '@neuralbeat/common/contracts';
import { htmlToText } from '@neuralbeat/common/html';
import { parseModelJson, REWRITE_INSTRUCTIONS, type RewriteInput, type RewriteProvider, type RewriteResult } from './types';

/** Rewrites through Gemini generateContent (official SDK) with a JSON response type. */
export class GeminiRewriteProvider implements RewriteProvider {
  readonly id = 'gemini' as const;
  private readonly client: GoogleGenAI;
  private readonly model: string;
  constructor(options: { apiKey: string; baseUrl?: string; model: string }) {
    this.client = new GoogleGenAI({ apiKey: options.apiKey, ...(options.baseUrl ? { httpOptions: { baseUrl: options.baseUrl } } : {}) });
    this.model = options.model;
  }

  async rewrite(input: RewriteInput): Promise<RewriteResult> {
    const response = await this.client.models.generateContent({
      model: this.model,
      contents: `${REWRITE_INSTRUCTIONS}\n\nTitle: ${input.title}\n\n${input.contentHtml}`,
      config: { responseMimeType: 'application/json', temperature: 0.2 },
    });
    const output = parseModelJson(response.text);
    return { ...output, wordCount: countWords(htmlToText(output.content)), cost: null };
  }
}
