/**
 * `npm start` in plain JavaScript: builds the API, the admin server and the supervisor into
 * dist/ when a source is newer (scripts/build-server.mjs), then runs the supervisor
 * (dist/start.js, from scripts/start.ts) in this process. So production start keeps no npm-run
 * tsx or esbuild process in memory, only node: this one and its two children.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildServer, DIST } from './build-server.mjs';

const built = await buildServer();
if (built) console.log('[start] built the API and admin server into dist/');
process.env.SERVER_BUILD_CHECKED = '1';
createRequire(import.meta.url)(path.join(DIST, 'start.js'));
