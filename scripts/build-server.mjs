/**
 * Builds the processes `npm start` runs into plain JavaScript, like `next build` does for the
 * pages: dist/start.js (the supervisor), dist/api.js (the federation API) and
 * dist/admin-server.js (the admin app's server), with the database migrations beside them
 * (dist/migrations). Production then runs them with `node`: no TypeScript compiler and no esbuild
 * service stays in memory. Packages stay in node_modules (not bundled). Builds only when a source
 * is newer than the build (or when called with --force); `npm run dev` keeps running the sources
 * with tsx watch.
 *
 *   node scripts/build-server.mjs [--force]
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(root, 'dist');
const STAMP = path.join(DIST, 'BUILD_STAMP');
const ENTRIES = {
  start: 'scripts/start.ts',
  api: 'server/index.ts',
  'admin-server': 'scripts/admin-server.ts',
  // the licence cards are drawn in a worker thread, which loads this file beside api.js
  'licence-cards-worker': 'server/reports/licence-cards-worker.ts',
};
const SOURCES = ['server', 'lib', 'scripts', 'messages', 'package.json', 'tsconfig.json'];

function newestMtime(entries) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
    else newest = Math.max(newest, s.mtimeMs);
  };
  entries.forEach((e) => walk(path.join(root, e)));
  return newest;
}

/** Whether dist/ is missing or older than a source. */
export function serverBuildIsStale() {
  return !existsSync(STAMP) || newestMtime(SOURCES) > statSync(STAMP).mtimeMs;
}

export async function buildServer({ force = false } = {}) {
  if (!force && !serverBuildIsStale()) return false;
  const esbuild = await import('esbuild');
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: DIST,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Packages are loaded from node_modules at run time; our own code (with the @/ paths) is bundled.
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise stay in the supervisor's memory for good.
  await esbuild.stop();
  // The API finds its migrations next to its own file (server/db/client.ts, MIGRATIONS_FOLDER).
  cpSync(path.join(root, 'server/db/migrations'), path.join(DIST, 'migrations'), { recursive: true });
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildServer({ force: process.argv.includes('--force') });
  console.log(built ? '[build] dist/ written (start.js, api.js, admin-server.js, migrations)' : '[build] dist/ is up to date');
}
