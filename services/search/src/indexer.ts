import type { EventHandlers, Logger } from '@neuralbeat/common';
import { toolSchema, newsArticleSchema, singleArticleResponseSchema } from '@neuralbeat/common/contracts';
import type { SearchEngine } from './engine/SearchEngine';

/** Reads the current state of a record from the content service; null when it is gone or not public. */
async function fetchJson(url: string, requestId?: string): Promise<unknown | null> {
  const res = await fetch(url, { headers: requestId ? { 'x-request-id': requestId } : {} });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}

/**
 * Event handlers that keep the index in step with content. Each re-reads the
 * record and upserts it, so a redelivered event leaves the same document.
 */
export function indexerHandlers(engine: SearchEngine, contentUrl: string, logger: Logger): EventHandlers {
  /** Re-reads a news item (by slug or id) and upserts it, or removes it when it is gone. */
  const indexNews = async (param: string, newsFeedId: number, requestId?: string) => {
    const body = await fetchJson(`${contentUrl}/api/news/${encodeURIComponent(param)}`, requestId);
    const parsed = body ? singleArticleResponseSchema.safeParse(body) : null;
    if (!parsed?.success) {
      await engine.remove('news', newsFeedId);
      return;
    }
    const a = newsArticleSchema.parse(parsed.data.article);
    await engine.upsert({
      kind: 'news',
      refId: a.id,
      title: a.title,
      body: `${a.excerpt} ${a.content} ${a.category}`,
      tags: a.tags,
      publishedAt: a.publishDate,
      result: { id: a.id, slug: a.slug, title: a.title, excerpt: a.excerpt, publishDate: a.publishDate, category: a.category, tags: a.tags },
    });
  };
  return {
    'tool.approved': async ({ toolId, slug }, event) => {
      const body = await fetchJson(`${contentUrl}/api/tools/${encodeURIComponent(slug)}`, event.requestId);
      if (!body) {
        await engine.remove('tools', toolId);
        return;
      }
      const tool = toolSchema.parse(body);
      await engine.upsert({
        kind: 'tools',
        refId: tool.id,
        title: tool.name,
        body: `${tool.shortDescription} ${tool.description} ${tool.category}`,
        tags: tool.tags,
        publishedAt: tool.createdAt,
        result: { id: tool.id, slug: tool.slug, name: tool.name, description: tool.shortDescription, tags: tool.tags },
      });
      logger.debug({ toolId, requestId: event.requestId }, 'tool indexed');
    },
    'newsfeed.published': ({ newsFeedId, slug }, event) => indexNews(slug, newsFeedId, event.requestId),
    // A published item its source edited: the same re-read, by id.
    'newsfeed.updated': ({ newsFeedId }, event) => indexNews(String(newsFeedId), newsFeedId, event.requestId),
  };
}
