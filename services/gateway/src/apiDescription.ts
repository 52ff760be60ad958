import { createRequire } from 'node:module';
import path from 'node:path';
import compression from 'compression';
import express, { Router } from 'express';
import { API_DOCS_PATH, createApiDocument, OPENAPI_PATH } from '@neuralbeat/common/openapi/document';
import { ApiBody, sendBody } from './apiRepresentation';

/** Swagger UI's files, served from the package itself: the site's CSP allows no other origin. */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS_PATH = `${API_DOCS_PATH}/assets`;
/** The page's own script, beside Swagger UI's files (its name is not one of theirs). */
const INITIALIZER_FILE = '/neuralbeat-docs.js';

/** The page is a shell: Swagger UI draws it from the description. No inline script, so the site's CSP holds as it is. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>NeuralBeat API</title>
<link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
</head>
<body>
<div id="api-docs"></div>
<script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${ASSETS_PATH}${INITIALIZER_FILE}"></script>
</body>
</html>
`;

// validatorUrl: null, or Swagger UI asks validator.swagger.io for a badge (another origin, refused by the CSP).
const INITIALIZER = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#api-docs',
  deepLinking: true,
  validatorUrl: null,
});
`;

/** These change only with a new release of the gateway: browsers may keep them a while and revalidate by ETag. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * `GET /api/openapi.json` (the OpenAPI description, built on first request and kept) and
 * `GET /api/docs` (Swagger UI showing it). Answered by the gateway itself: no service owns these paths.
 */
export function apiDescription(): Router {
  const router = Router();
  const once = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const description = once(() => new ApiBody(Buffer.from(JSON.stringify(createApiDocument())), 'kept'));
  const page = once(() => new ApiBody(Buffer.from(PAGE), 'kept'));
  const initializer = once(() => new ApiBody(Buffer.from(INITIALIZER), 'kept'));
  const send = (type: string, body: () => ApiBody) => (req: express.Request, res: express.Response) =>
    sendBody(req, res, 200, { 'content-type': type, 'cache-control': CACHE_CONTROL }, body());

  router.get(OPENAPI_PATH, send('application/json; charset=utf-8', description));
  router.get(API_DOCS_PATH, send('text/html; charset=utf-8', page));
  // The page's files are not API calls: served as files under the page's path, not as routes.
  const script = send('text/javascript; charset=utf-8', initializer);
  router.use(ASSETS_PATH, (req, res, next) => (req.method === 'GET' && req.path === INITIALIZER_FILE ? script(req, res) : next()));
  router.use(ASSETS_PATH, compression(), express.static(SWAGGER_UI_DIR, { index: false, maxAge: '1d' }));
  return router;
}
