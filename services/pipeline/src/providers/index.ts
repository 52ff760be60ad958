import type { PipelineConfig } from '../config';
import { GeminiRewriteProvider } from './gemini';
import { LocalRewriteProvider } from './local';
import { OpenAiRewriteProvider } from './openai';
import type { RewriteProvider } from './types';

/** The provider chosen by AI_PROVIDER; a paid provider without its key is a configuration error at start. */
export function rewriteProviderFor(config: PipelineConfig): RewriteProvider {
  switch (config.AI_PROVIDER) {
    case 'openai':
      if (!config.OPENAI_API_KEY) throw new Error('AI_PROVIDER=openai needs OPENAI_API_KEY');
      return new OpenAiRewriteProvider({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL });
    case 'gemini':
      if (!config.GEMINI_API_KEY) throw new Error('AI_PROVIDER=gemini needs GEMINI_API_KEY');
      return new GeminiRewriteProvider({ apiKey: config.GEMINI_API_KEY, baseUrl: config.GEMINI_BASE_URL, model: config.GEMINI_MODEL });
    default:
      return new LocalRewriteProvider();
  }
}
