import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { SEARCH_KINDS, searchRequestSchema, searchResultSchemas, type SearchKind } from '../contracts';
import { ok, operation, TOTAL_COUNT } from './operations';

/** The search service: `GET /api/{kind}/search` for each of the five kinds, each answering its own result shape. */

const NOUN: Record<SearchKind, string> = { news: 'articles', tools: 'tools', resources: 'learning guides', events: 'events', jobs: 'jobs' };
const capitalised = (kind: SearchKind) => kind[0]!.toUpperCase() + kind.slice(1);

export const searchPaths: ZodOpenApiPathsObject = Object.fromEntries(
  SEARCH_KINDS.map((kind) => [
    `/api/${kind}/search`,
    {
      get: operation({
        rateLimited: true,
        operationId: `search${capitalised(kind)}`,
        summary: `Search the ${NOUN[kind]}`,
        description:
          'Best match first. Each result says why it matched (`why`: the field, how the word matched, the matching words and, for a body match, the passage). ' +
          'Words of punctuation alone match nothing (an empty list).',
        tag: 'Search',
        query: searchRequestSchema,
        responses: { 200: { ...ok(`Matching ${NOUN[kind]}.`, z.array(searchResultSchemas[kind])), headers: TOTAL_COUNT } },
      }),
    },
  ]),
);
