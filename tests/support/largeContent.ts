import type { Knex } from '@neuralbeat/common';
import { NEWS_CATEGORIES, RESOURCE_CATEGORIES, TOOL_CATEGORIES } from '@neuralbeat/common/contracts';

/**
 * A large public content set in real shapes, written in SQL so 100,000 news
 * items take seconds: the generator the benchmarks and the query-plan test use.
 * Deterministic (hashes of the row number, no randomness), so plans and
 * figures are comparable between runs.
 *
 * News: publish dates five minutes apart; 1–4 taxonomy tags with realistic
 * frequencies (llm on about 40% of items) plus 0–2 long-tail tags drawn with
 * a 1/rank law from 2,000 (feed categories make most distinct tags rare);
 * content 400–3,000 characters (real feed items are mostly short); providers
 * local/openai/gemini/none; mostly SEO-completed; meta tags and schema markup
 * as the publisher stores them.
 * Tools: categories of the directory, 2–5 tags from 300 with the same law,
 * 95% approved. Resources: every category and level.
 */
export interface LargeContentSize {
  newsItems: number;
  tools?: number;
  resources?: number;
}

/** Taxonomy tags and the share of items carrying each (per mille). */
const TAG_SHARES: [string, number][] = [
  ['llm', 400],
  ['generative-ai', 220],
  ['research', 200],
  ['agents', 150],
  ['open-source', 120],
  ['machine-learning', 110],
  ['ai-policy', 90],
  ['hardware', 80],
  ['computer-vision', 70],
  ['funding', 60],
  ['nlp', 55],
  ['ai-safety', 50],
  ['benchmarks', 45],
  ['healthcare', 35],
  ['robotics', 30],
  ['rag', 25],
  ['education', 20],
];
const LONG_TAIL_TAGS = 2000;
const TOOL_TAGS = 300;

/** `floor(n^u)` for u uniform in [0,1) from a hash: value k with probability ∝ 1/k (a Zipf-like law). */
const zipf = (n: number, hashExpr: string) => `floor(exp((abs(${hashExpr}) % 100000) / 100000.0 * ln(${n})))::int`;
const pick = (list: readonly string[], hashExpr: string) =>
  `(ARRAY[${list.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])[1 + abs(${hashExpr}) % ${list.length}]`;

export async function generateLargeContent(db: Knex, size: LargeContentSize): Promise<void> {
  const taxonomy = TAG_SHARES.map(([tag, share]) => `CASE WHEN abs(hashtext(a.id || '${tag}')) % 1000 < ${share} THEN '${tag}' END`).join(
    ', ',
  );
  await db.raw(
    `INSERT INTO articles (title, author, publish_date, category, published, processing_status, source_url, news_source)
     SELECT 'Generated story ' || g || ' on ' || md5(g::text), 'Bench Desk', timestamptz '2024-01-01' + g * interval '5 minutes',
            ${pick(NEWS_CATEGORIES, "hashtext(g || 'category')")}, true, 'completed', 'https://bench.example/story/' || g, 'Bench Wire'
     FROM generate_series(1, ?) AS g`,
    [size.newsItems],
  );
  await db.raw(
    `INSERT INTO news_feed (article_id, title, slug, content, excerpt, author, publish_date, category, tags, image_url, source_name, source_url,
                            ai_provider, seo_status, rewrite_status, meta_tags, schema_markup, has_high_volume_keywords, updated_at)
     SELECT a.id, a.title, 'generated-story-' || a.id,
            '<p>' || repeat('Body of a generated story about models, chips and policy. ', 7 + abs(hashtext(a.id || 'len')) % 45) || '</p>',
            left('A short summary of ' || a.title || ' for the news card, about as long as a real excerpt.', 200),
            a.author, a.publish_date, a.category,
            -- At least one taxonomy tag (llm when the draw gave none), then the long tail.
            (SELECT coalesce(nullif((array_remove(ARRAY[${taxonomy}], NULL))[1:4], '{}'), ARRAY['llm'])
               || ARRAY(SELECT DISTINCT 'topic-' || ${zipf(LONG_TAIL_TAGS, "hashtext(a.id || 'tail' || k)")} FROM generate_series(1, abs(hashtext(a.id || 'tails')) % 3) AS k)),
            CASE WHEN a.id % 4 = 0 THEN NULL ELSE 'https://images.bench.example/' || a.id || '.jpg' END,
            a.news_source, a.source_url,
            (ARRAY['local', 'local', 'openai', 'gemini', NULL])[1 + abs(hashtext(a.id || 'provider')) % 5],
            (ARRAY['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'pending', 'failed'])[1 + abs(hashtext(a.id || 'seo')) % 8],
            'completed',
            -- What the publisher stores beside each item: meta description and schema.org markup.
            jsonb_build_object('description', 'A short summary of ' || a.title || ' for search results.'),
            jsonb_build_object('@context', 'https://schema.org', '@type', 'NewsArticle', 'headline', a.title, 'datePublished', a.publish_date,
                               'author', jsonb_build_object('@type', 'Person', 'name', a.author), 'isBasedOn', a.source_url)::text,
            a.id % 3 = 0, a.publish_date
     FROM articles a WHERE a.source_url LIKE 'https://bench.example/story/%'`,
  );
  if (size.tools) {
    await db.raw(
      `INSERT INTO tools (name, slug, description, short_description, website_url, category, tags, features, pricing, approved, submitted_by_id, created_at)
       SELECT 'Bench Tool ' || g || ' ' || left(md5(g::text), 6), 'bench-tool-' || g,
              repeat('A generated description of what this AI tool does and for whom. ', 3 + abs(hashtext(g || 'desc')) % 8),
              'Generated tool number ' || g, 'https://tool' || g || '.bench.example',
              ${pick(TOOL_CATEGORIES, "hashtext(g || 'category')")},
              ARRAY(SELECT DISTINCT 'tool-tag-' || ${zipf(TOOL_TAGS, "hashtext(g || 'tag' || k)")} FROM generate_series(1, 2 + abs(hashtext(g || 'tags')) % 4) AS k),
              ARRAY['Feature one of ' || g, 'Feature two', 'Feature three'],
              ${pick(['Free', 'Freemium', 'Paid'], "hashtext(g || 'pricing')")},
              abs(hashtext(g || 'approved')) % 20 <> 0, 1, timestamptz '2024-01-01' + g * interval '1 hour'
       FROM generate_series(1, ?) AS g`,
      [size.tools],
    );
  }
  if (size.resources) {
    await db.raw(
      `INSERT INTO resources (title, slug, content, summary, category, difficulty_level, tags, published_at)
       SELECT 'Bench guide ' || g, 'bench-guide-' || g, repeat('<p>A paragraph of a generated learning guide.</p>', 10 + g % 30),
              'What generated guide ' || g || ' teaches.', ${pick(RESOURCE_CATEGORIES, "hashtext(g || 'category')")},
              (ARRAY['Beginner', 'Intermediate', 'Advanced'])[1 + g % 3], ARRAY['basics', 'guide-' || g % 50],
              timestamptz '2024-01-01' + g * interval '1 day'
       FROM generate_series(1, ?) AS g`,
      [size.resources],
    );
  }
  await db.raw('ANALYZE');
}
