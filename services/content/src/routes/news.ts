import { Router, type Response } from 'express';
import { z } from 'zod';
import { parseRequest, sendJsonText, SURROGATE_KEY_HEADER } from '@neuralbeat/common';
import { paginationQuerySchema } from '@neuralbeat/common/contracts';
import type { NewsAnswer, NewsService } from '../services/newsService';
import { newsItemKey } from '../services/publicContentChanges';

const newsListQuery = paginationQuerySchema.extend({
  category: z.string().trim().min(1, 'category must not be empty').max(100, 'category is too long').optional(),
});
const tagParam = z.object({ tag: z.string().trim().min(1, 'tag is required').max(100, 'tag is too long') });
const categoryParam = z.object({ category: z.string().trim().min(1, 'category is required').max(100, 'category is too long') });
const articleParam = z.object({ param: z.string().min(1).max(300, 'param is too long') });

/**
 * Sends a news answer tagged, when the gateway may keep it at all, with the items it shows: an update
 * of one of them then purges this answer, not every news answer (see PublicContentChanges).
 */
function sendNews(res: Response, answer: NewsAnswer): void {
  const keys = res.getHeader(SURROGATE_KEY_HEADER);
  if (typeof keys === 'string') res.setHeader(SURROGATE_KEY_HEADER, [keys, ...answer.items.map(newsItemKey)].join(' '));
  sendJsonText(res, answer);
}

/** /api/home and /api/news*: the published news feed. */
export function newsRoutes(news: NewsService): Router {
  const router = Router();

  router.get('/home', async (_req, res) => {
    sendNews(res, await news.home());
  });

  router.get('/news', async (req, res) => {
    const { limit, offset, category } = parseRequest(newsListQuery, req.query);
    sendNews(res, await news.list({ category }, limit, offset));
  });

  router.get('/news/tags', async (_req, res) => {
    res.json(await news.popularTags());
  });

  router.get('/news/tag/:tag', async (req, res) => {
    const { tag } = parseRequest(tagParam, req.params);
    const { limit, offset } = parseRequest(paginationQuerySchema, req.query);
    sendNews(res, await news.list({ tag }, limit, offset));
  });

  router.get('/news/category/:category', async (req, res) => {
    const { category } = parseRequest(categoryParam, req.params);
    const { limit, offset } = parseRequest(paginationQuerySchema, req.query);
    sendNews(res, await news.list({ category }, limit, offset));
  });

  router.get('/news/:param', async (req, res) => {
    const { param } = parseRequest(articleParam, req.params);
    sendNews(res, await news.article(param));
  });

  return router;
}
