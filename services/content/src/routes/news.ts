import { Router, type Response } from 'express';
import { z } from 'zod';
import { parseRequest, sendJsonText, SURROGATE_KEY_HEADER } from '@neuralbeat/common';
import { newsListQuerySchema, paginationQuerySchema } from '@neuralbeat/common/contracts';
import type { NewsAnswer, NewsService } from '../services/newsService';
import { NEWS_LISTS_KEY } from '../services/publicContentChanges';

const tagParam = z.object({ tag: z.string().trim().min(1, 'tag is required').max(100, 'tag is too long') });
const categoryParam = z.object({ category: z.string().trim().min(1, 'category is required').max(100, 'category is too long') });
const articleParam = z.object({ param: z.string().min(1).max(300, 'param is too long') });

/**
 * Adds the finer keys of a news answer, when the gateway may keep it at all: a change then purges
 * the answers showing what changed, not every news answer (see PublicContentChanges).
 */
function tagNewsAnswer(res: Response, keys: string[]): void {
  const areaKeys = res.getHeader(SURROGATE_KEY_HEADER);
  if (typeof areaKeys === 'string') res.setHeader(SURROGATE_KEY_HEADER, [areaKeys, ...keys].join(' '));
}

function sendNews(res: Response, answer: NewsAnswer): void {
  tagNewsAnswer(res, answer.keys);
  sendJsonText(res, answer);
}

/** /api/home and /api/news*: the published news feed. */
export function newsRoutes(news: NewsService): Router {
  const router = Router();

  router.get('/home', async (_req, res) => {
    sendNews(res, await news.home());
  });

  router.get('/news', async (req, res) => {
    const { limit, offset, category } = parseRequest(newsListQuerySchema, req.query);
    sendNews(res, await news.list({ category }, limit, offset));
  });

  router.get('/news/tags', async (_req, res) => {
    tagNewsAnswer(res, [NEWS_LISTS_KEY]);
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
