/**
 * The admin app's HTTP server: Next.js (production or development) with the browser-facing API
 * proxy served in front of it. Next's route handlers drop Content-Length from their answers, so
 * downloads through app/api/[...path] would arrive chunked, without size or progress; serving
 * /admin/api/* here with the same handler (lib/api/proxy-handler.ts) keeps the API's
 * Content-Length and streams both ways without buffering.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { handleNodeApiProxy } from '../lib/api/proxy-handler';
import type { TLSSocket } from 'node:tls';
import { believedForwardedFor, believedForwardedHost, believedHttps, trustedProxyIps } from '../lib/api/upstream';
import { hasMalformedEscape, NOT_FOUND_PATH } from '../lib/api/url-escapes';
import { pageBodyRefusal } from '../lib/page-body-limit';
import { securityHeaders } from '../lib/security-headers';
import { brotliStatic } from '../lib/static-brotli';
import { answerClientErrorsInErrorShape } from '../server/http/client-error';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '0.0.0.0';
const API_PREFIX = '/admin/api/';
const trustedProxies = trustedProxyIps();
/** How much of a refused page body is read and discarded before the connection is cut. */
const DISCARD_LIMIT = 64 * 1024 * 1024;

/**
 * A production server takes the configuration the build resolved (required-server-files.json),
 * as Next's own standalone server.js does: the standalone folder of the container image has no
 * next.config.mjs, and Next would otherwise warn that a standalone build is served by "next start".
 */
function applyStandaloneConfig(dir: string) {
  const serverFiles = path.join(dir, process.env.NEXT_DIST_DIR ?? '.next', 'required-server-files.json');
  if (dev || process.env.__NEXT_PRIVATE_STANDALONE_CONFIG || !existsSync(serverFiles)) return;
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(serverFiles, 'utf8')).config);
}
applyStandaloneConfig(process.cwd());

const app = next({ dev, dir: process.cwd(), port, hostname: 'localhost' });
/** The build's assets as Brotli to browsers that accept it (production only; Next serves the rest). */
let precompressWarned = false;
const brotli = dev
  ? null
  : brotliStatic('/admin/_next/static/', path.resolve(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next', 'static'), (err) => {
      if (!precompressWarned) console.warn('[admin] assets cannot be precompressed (Brotli); Next serves them with gzip', err);
      precompressWarned = true;
    });
const handle = app.getRequestHandler();

/** /admin/api/<path> → /api/<path> on the API, piped both ways over kept-open connections. */
function proxy(req: http.IncomingMessage, res: http.ServerResponse) {
  const pathname = (req.url ?? '/').split('?')[0];
  return handleNodeApiProxy(req, res, `/api/${pathname.slice(API_PREFIX.length)}`);
}

app.prepare().then(() => {
  const server = http.createServer((req, res) => {
    // Pages, server actions (sign-in) and the API proxy all pass the client address on to the API.
    const forwardedFor = believedForwardedFor(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedProxies);
    if (forwardedFor) req.headers['x-forwarded-for'] = forwardedFor;
    else delete req.headers['x-forwarded-for'];
    // The scheme, too, is only believed from a trusted reverse proxy; Next fills in the socket's
    // own when the header is missing.
    const https = believedHttps(
      req.socket.remoteAddress,
      Boolean((req.socket as TLSSocket).encrypted),
      req.headers['x-forwarded-proto'],
      trustedProxies,
    );
    if (https) req.headers['x-forwarded-proto'] = 'https';
    else delete req.headers['x-forwarded-proto'];
    // And the host the browser asked for (Next checks a server action's Origin against it).
    const forwardedHost = believedForwardedHost(req.socket.remoteAddress, req.headers['x-forwarded-host'], trustedProxies);
    if (forwardedHost) req.headers['x-forwarded-host'] = forwardedHost;
    else delete req.headers['x-forwarded-host'];
    if (!forwardedHost) delete req.headers['x-forwarded-port'];
    // On every answer: pages, assets and the API proxy (proxy.ts adds each page's CSP).
    for (const [name, value] of Object.entries(securityHeaders(https))) res.setHeader(name, value);
    if (req.url?.startsWith(API_PREFIX)) {
      proxy(req, res).catch((err) => {
        console.error('[admin] proxy failure', err);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'bad_gateway', message: 'The federation API could not be reached' } }));
      });
      return;
    }
    // A server-action body over Next's limit: 413 here (Next itself would answer 500).
    const refusal = pageBodyRefusal(req.method, req.headers);
    if (refusal) {
      // The rest of the body is read and discarded (up to a bound): a connection closed while the
      // browser still sends would reach it as a reset, without this answer.
      let discarded = 0;
      req.on('data', (chunk: Buffer) => {
        discarded += chunk.length;
        if (discarded > DISCARD_LIMIT) req.socket.destroy();
      });
      res.writeHead(refusal.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(refusal.body));
      return;
    }
    // Next.js answers a path it cannot decode with a 500; it is simply not a page.
    if (hasMalformedEscape((req.url ?? '/').split('?')[0])) req.url = NOT_FOUND_PATH;
    if (brotli?.serve(req, res)) return;
    handle(req, res);
  });
  // A URL or headers over Node's 16 KB limit: 431 in the error shape, as the API answers it.
  answerClientErrorsInErrorShape(server);
  server.listen(port, hostname, () => console.log(`[admin] ready on http://localhost:${port}/admin${dev ? ' (development)' : ''}`));
});
