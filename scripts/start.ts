/**
 * `npm start`: runs the whole system — the federation API and the admin app (production build) —
 * on the embedded database with demo data unless DATABASE_URL points elsewhere.
 * Builds the admin app first when there is no build or the sources are newer than it, and the
 * API and admin server as plain JavaScript (scripts/build-server.mjs, into dist/), which the
 * children then run with plain node. `npm start` runs this file compiled (scripts/start.mjs →
 * dist/start.js); `--dev` (npm run dev) runs the sources with tsx watch instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { supervise, type Supervised } from './lib/supervise';

const root = path.resolve(__dirname, '..');
const dev = process.argv.includes('--dev');
const env = { ...process.env };
env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? 'data');
env.API_PORT = env.API_PORT ?? '4000';
env.PORT = env.PORT ?? '3000';
env.UPSTREAM_URL = env.UPSTREAM_URL ?? `http://127.0.0.1:${env.API_PORT}`;
env.ADMIN_PUBLIC_URL = env.ADMIN_PUBLIC_URL ?? `http://localhost:${env.PORT}/admin`;
mkdirSync(env.DATA_DIR, { recursive: true });

// The session cookie is sealed with SESSION_SECRET. Production must set it; elsewhere one is
// generated once and kept in the data folder so sessions survive restarts.
if (!env.SESSION_SECRET) {
  if (env.NODE_ENV === 'production') fail('SESSION_SECRET must be set (at least 32 characters) in production.');
  const file = path.join(env.DATA_DIR, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  env.SESSION_SECRET = readFileSync(file, 'utf8').trim();
}
if (env.SESSION_SECRET.length < 32) fail('SESSION_SECRET must be at least 32 characters long.');

function fail(message: string): never {
  console.error(`[start] ${message}`);
  process.exit(1);
}

function newestMtime(entries: string[]): number {
  let newest = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
    else newest = Math.max(newest, s.mtimeMs);
  };
  entries.forEach((e) => walk(path.join(root, e)));
  return newest;
}

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

if (!dev) {
  const buildId = path.join(root, env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID');
  const sources = ['app', 'components', 'lib', 'messages', 'i18n', 'proxy.ts', 'next.config.mjs', 'tailwind.config.ts', 'package.json'];
  if (!existsSync(buildId) || newestMtime(sources) > statSync(buildId).mtimeMs) {
    console.log('[start] building the admin app (next build) …');
    const r = spawnSync(bin('next'), ['build'], { cwd: root, env: { ...env, NODE_ENV: 'production' }, stdio: 'inherit' });
    if (r.status !== 0) fail('next build failed');
  }
  // scripts/start.mjs has built dist/ already; run from the sources (tsx), this builds it.
  if (!process.env.SERVER_BUILD_CHECKED) {
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) fail('building the API and admin server (scripts/build-server.mjs) failed');
  }
}

// A crashed child is restarted (with a log line and a growing pause) while the other keeps
// serving; only a child that keeps crashing right away stops the whole system.
const children: Supervised[] = [];
function run(name: string, cmd: string, args: string[], extraEnv: Record<string, string> = {}) {
  children.push(
    supervise(name, cmd, args, {
      spawnOptions: { cwd: root, env: { ...env, ...extraEnv } },
      onGiveUp: (code) => shutdown(code || 1),
    }),
  );
}
let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  Promise.all(children.map((c) => c.stop())).then(() => process.exit(code));
  setTimeout(() => process.exit(code), 5000).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

/**
 * Whether the API answers its health check. Asked with node:http, not the global fetch: fetch
 * loads undici into this otherwise small process for good (about 9 MiB resident, measured).
 */
function apiAnswers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = (url.startsWith('https:') ? https : http).get(url, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(5_000, () => request.destroy());
  });
}

/**
 * Waits until the API answers. No fixed deadline: a first start on a slow machine migrates and
 * seeds the database first; an API that keeps failing is given up on, which ends everything (see run()).
 */
async function waitForApi() {
  const url = `${env.UPSTREAM_URL}/api/health`;
  const started = Date.now();
  let reported = started;
  while (!stopping) {
    if (await apiAnswers(url)) return;
    if (Date.now() - reported > 30_000) {
      reported = Date.now();
      console.log(`[start] waiting for the API at ${url} (${Math.round((reported - started) / 1000)} s) …`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

(async () => {
  // Production runs the compiled files with plain node; development the sources with tsx watch.
  if (dev) run('api', bin('tsx'), ['watch', 'server/index.ts']);
  else {
    // A new embedded database is filled with the demo data by a process of its own that then
    // ends: the embedded engine's memory only grows (a WebAssembly memory cannot shrink), and
    // loading the data takes about 230 MiB more than serving it.
    if (!env.DATABASE_URL && !existsSync(path.join(env.DATA_DIR!, 'pglite'))) {
      const prepared = spawnSync(process.execPath, [path.join(root, 'dist/api.js'), '--prepare-database'], {
        cwd: root,
        env,
        stdio: 'inherit',
      });
      if (prepared.status !== 0) fail('the embedded database could not be prepared (see above).');
    }
    run('api', process.execPath, [path.join(root, 'dist/api.js')]);
  }
  await waitForApi();
  if (stopping) return;
  // The admin app runs in its own small server (scripts/admin-server.ts) so that downloads through
  // the API proxy keep their Content-Length.
  if (dev) run('admin', bin('tsx'), ['scripts/admin-server.ts', '--dev'], { NODE_ENV: 'development' });
  else run('admin', process.execPath, [path.join(root, 'dist/admin-server.js')], { NODE_ENV: 'production' });
  console.log(`[start] admin app: http://localhost:${env.PORT}/admin   API: ${env.UPSTREAM_URL}/api/docs`);
})();
