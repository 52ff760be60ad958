import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseRequest } from '@neuralbeat/common';
import { searchSourceKindParamSchema, searchSourcePageQuerySchema } from '@neuralbeat/common/contracts';
import type { ContentDeps } from './deps';
import { SearchSourceService } from '../services/searchSourceService';

const idParam = searchSourceKindParamSchema.extend({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be an integer')
    .positive('id must be positive')
    .max(2_147_483_647, 'id is too large'),
});

/**
 * Reads for the search indexer (never proxied: the gateway forwards only /api/*):
 * one record by kind and id for an event, and pages of a kind for a full reindex.
 */
export function internalSearchRoutes(deps: ContentDeps): Router {
  const sources = new SearchSourceService(deps.db);
  const router = Router();

  router.get('/search-sources/:kind', async (req, res) => {
    const { kind } = parseRequest(searchSourceKindParamSchema, req.params);
    const { after, limit } = parseRequest(searchSourcePageQuerySchema, req.query);
    res.json(await sources.page(kind, after, limit));
  });

  router.get('/search-sources/:kind/:id', async (req, res) => {
    const { kind, id } = parseRequest(idParam, req.params);
    const record = await sources.one(kind, id);
    if (!record) throw notFound(`No visible ${kind} record ${id}`);
    res.json(record);
  });

  return router;
}
