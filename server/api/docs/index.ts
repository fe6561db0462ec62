import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';

/**
 * GET /api/docs: the OpenAPI reference page (Swagger UI), served from the swagger-ui-dist
 * package in node_modules so it works without internet access. Only the listed files are served.
 */

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Federation API reference</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});`;

let distDir: string | undefined;
function swaggerDistDir(): string {
  distDir ??= path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('swagger-ui-dist/package.json'));
  return distDir;
}

const cache = new Map<string, Buffer>();

export function docsRouter() {
  const router = new Hono<AppEnv>();
  router.get('/api/docs', (c) => c.html(PAGE));
  router.get('/api/docs/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  router.get('/api/docs/assets/:name', async (c) => {
    const name = c.req.param('name');
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!type) throw notFound('No such asset');
    let bytes = cache.get(name);
    if (!bytes) {
      bytes = await readFile(path.join(swaggerDistDir(), name));
      cache.set(name, bytes);
    }
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
  return router;
}
