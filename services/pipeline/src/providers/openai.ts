import type OpenAI from 'openai';
import { countWords } from '@neuralbeat/common/contracts';
import { htmlToText } from '@neuralbeat/common/html';
import { parseModelJson, REWRITE_INSTRUCTIONS, type RewriteInput, type RewriteProvider, type RewriteResult } from './types';

/** USD per million tokens (input, output) of the default model; other models report no cost. */
const PRICES: Record<string, [number, number]> = { 'gpt-4o-mini': [0.15, 0.6] };

/**
 * Rewrites through the OpenAI chat completions API (official SDK), asking for a JSON object.
 * The SDK is loaded on the first rewrite, so a pipeline on another provider never holds it.
 */
export class OpenAiRewriteProvider implements RewriteProvider {
  readonly id = 'openai' as const;
  private client?: Promise<OpenAI>;
  constructor(private readonly options: { apiKey: string; baseURL?: string; model: string }) {}

  async rewrite(input: RewriteInput): Promise<RewriteResult> {
    const { apiKey, baseURL } = this.options;
    this.client ??= import('openai').then(({ default: OpenAI }) => new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout: 60_000 }));
    const completion = await (
      await this.client
    ).chat.completions.create({
      model: this.options.model,
      response_format: { type: 'json_object' },
      temperature: 0.2,
      messages: [
        { role: 'system', content: REWRITE_INSTRUCTIONS },
        { role: 'user', content: `Title: ${input.title}\n\n${input.contentHtml}` },
      ],
    });
    const output = parseModelJson(completion.choices[0]?.message?.content);
    const price = PRICES[this.options.model];
    const usage = completion.usage;
    return {
      ...output,
      wordCount: countWords(htmlToText(output.content)),
      cost: price && usage ? (usage.prompt_tokens * price[0] + usage.completion_tokens * price[1]) / 1e6 : null,
    };
  }
}
