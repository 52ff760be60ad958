import { z } from 'zod';

/**
 * One other outlet's copy of a story (story clusters, services/pipeline/src/dedupe):
 * shown under "Also reported by" on the article page, earliest first.
 */
export const storyReportSchema = z.object({
  /** The outlet (news source) that carried it. */
  sourceName: z.string(),
  /** Its own page: the link to the original. */
  url: z.string().nullable(),
  publishDate: z.string(),
  /** Published before every other copy: where the story was first reported. */
  isOrigin: z.boolean(),
});
export type StoryReport = z.infer<typeof storyReportSchema>;
