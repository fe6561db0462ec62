/**
 * Bundles scripts/admin-server.ts into one plain JavaScript file inside the standalone build
 * (.next/standalone/admin-server.js), so the container runs the same admin server as `npm start`
 * without TypeScript tooling or the full node_modules: only `next` (and what it needs) is taken
 * from the standalone folder's own node_modules. Also copies the static assets in, which
 * `next build` leaves outside the standalone folder. Run after `next build`.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
const standalone = path.join(root, distDir, 'standalone');
if (!existsSync(path.join(standalone, 'server.js'))) {
  console.error(`[bundle] ${standalone} has no server.js: run next build (output: 'standalone') first`);
  process.exit(1);
}

await build({
  entryPoints: [path.join(root, 'scripts/admin-server.ts')],
  outfile: path.join(standalone, 'admin-server.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // next must be the standalone copy the build traced; everything else is small and bundled.
  external: ['next', 'next/*'],
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
});
cpSync(path.join(root, distDir, 'static'), path.join(standalone, distDir, 'static'), { recursive: true });
if (existsSync(path.join(root, 'public'))) cpSync(path.join(root, 'public'), path.join(standalone, 'public'), { recursive: true });
console.log(`[bundle] ${path.relative(root, path.join(standalone, 'admin-server.js'))} written, static assets copied`);
