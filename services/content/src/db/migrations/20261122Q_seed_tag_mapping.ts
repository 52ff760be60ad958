import type { Knex } from 'knex';

/** Common spellings of taxonomy tags, mapped to their canonical lowercase form. */
const MAPPINGS: Record<string, string> = {
  llms: 'llm',
  'large language models': 'llm',
  'large language model': 'llm',
  'gen ai': 'generative-ai',
  genai: 'generative-ai',
  'generative ai': 'generative-ai',
  'ai agents': 'agents',
  'agentic ai': 'agents',
  'machine learning': 'machine-learning',
  ml: 'machine-learning',
  'computer vision': 'computer-vision',
  cv: 'computer-vision',
  'natural language processing': 'nlp',
  'open source': 'open-source',
  opensource: 'open-source',
  'ai safety': 'ai-safety',
  'ai policy': 'ai-policy',
  regulation: 'ai-policy',
  'reinforcement learning': 'reinforcement-learning',
  rl: 'reinforcement-learning',
  robots: 'robotics',
  chips: 'hardware',
  gpus: 'hardware',
};

export async function up(knex: Knex): Promise<void> {
  await knex('tag_mapping')
    .insert(Object.entries(MAPPINGS).map(([original_tag, standardized_tag]) => ({ original_tag, standardized_tag })))
    .onConflict('original_tag')
    .ignore();
}

export async function down(): Promise<void> {}
