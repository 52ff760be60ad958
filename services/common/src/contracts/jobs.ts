import { z } from 'zod';

/**
 * The article pipeline's BullMQ queues: one table of queue names and payload
 * schemas. Each stage's processor lives in services/pipeline/src/workers/{stage}.ts.
 */
/** The signed-in operator a fix job acts for; the audit log names them. */
const adminActor = z.object({ id: z.number().int(), username: z.string() }).optional();
const articleJob = z.object({ articleId: z.number().int().positive(), requestId: z.string().optional() });

export const PIPELINE_QUEUES = {
  collect: { name: 'pipeline-collect', payload: z.object({ sourceId: z.number().int().positive(), requestId: z.string().optional() }) },
  /** Thin feed items (a headline, a line of summary): fetch the linked page and extract its article. */
  fullText: { name: 'pipeline-full-text', payload: articleJob },
  dedupe: { name: 'pipeline-dedupe', payload: articleJob },
  seo: { name: 'pipeline-seo', payload: articleJob },
  rewrite: { name: 'pipeline-rewrite', payload: articleJob },
  tag: { name: 'pipeline-tag', payload: articleJob },
  publish: { name: 'pipeline-publish', payload: articleJob },
  adminFix: {
    name: 'pipeline-admin-fix',
    payload: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('duplicateReset'),
        dryRun: z.boolean(),
        fromDate: z.string().optional(),
        specificIds: z.array(z.number().int().positive()).optional(),
        requestId: z.string().optional(),
        actor: adminActor,
      }),
      z.object({ kind: z.literal('publishedStatusFix'), dryRun: z.boolean(), requestId: z.string().optional(), actor: adminActor }),
      z.object({ kind: z.literal('lowSeoFix'), dryRun: z.boolean(), requestId: z.string().optional(), actor: adminActor }),
      z.object({ kind: z.literal('stuckRequeue'), dryRun: z.boolean(), requestId: z.string().optional(), actor: adminActor }),
    ]),
  },
} as const;

export type PipelineStage = keyof typeof PIPELINE_QUEUES;
export type PipelineJob<S extends PipelineStage> = z.infer<(typeof PIPELINE_QUEUES)[S]['payload']>;

/** The order an article moves through the stages; the one place the chain is written down. */
export const ARTICLE_STAGE_ORDER = ['fullText', 'dedupe', 'seo', 'rewrite', 'tag', 'publish'] as const satisfies readonly PipelineStage[];
export type ArticleStage = (typeof ARTICLE_STAGE_ORDER)[number];
