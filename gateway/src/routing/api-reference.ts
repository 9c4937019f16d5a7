import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gatewayApiPaths } from '@noek/contracts';
import { openApiDocument } from '@noek/contracts/openapi';
import { sendError, sendJson } from '../http/json-response';

const docs = gatewayApiPaths.docs;

/**
 * The page's own start script: a file, not inline, so the gateway's CSP (script-src 'self') holds.
 * No validator badge: it would call a host on the internet.
 */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '${gatewayApiPaths.openapi}', dom_id: '#reference', deepLinking: true, validatorUrl: null });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Noek API reference</title>
<link rel="icon" type="image/png" href="${docs}/favicon-32x32.png">
<link rel="stylesheet" href="${docs}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${docs}/swagger-ui-bundle.js"></script>
<script src="${docs}/init.js"></script>
</body>
</html>
`;

/** Swagger UI's files, from the installed swagger-ui-dist package (never a CDN: there may be no internet). */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
};

function send(res: ServerResponse, body: string | Buffer, type: string, cache: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', cache);
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}

/**
 * `/api/openapi.json` (the document, built once from the contracts) and `/api/docs` (the reference page,
 * whose script loads on that page only). Files are read on first use, then kept.
 */
export function createApiReference(version: string) {
  let document: unknown;
  const files = new Map<string, Buffer>();
  let uiDir: string | undefined;
  const assetDir = () =>
    (uiDir ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')));

  return (res: ServerResponse, path: string): void => {
    if (path === gatewayApiPaths.openapi) {
      document ??= openApiDocument(version);
      sendJson(res, 200, document);
      return;
    }
    if (path === docs || path === `${docs}/`) {
      send(res, PAGE, 'text/html; charset=utf-8', 'no-cache');
      return;
    }
    const name = path.slice(docs.length + 1);
    if (name === 'init.js') {
      send(res, INIT_SCRIPT, 'text/javascript; charset=utf-8', 'no-cache');
      return;
    }
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) {
      sendError(res, 404, 'NOT_FOUND', 'Not found.', String(res.getHeader('X-Request-Id') ?? ''));
      return;
    }
    let body = files.get(name);
    if (!body) {
      body = readFileSync(join(assetDir(), asset.file));
      files.set(name, body);
    }
    send(res, body, asset.type, 'public, max-age=3600');
  };
}
