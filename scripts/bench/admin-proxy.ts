/**
 * Admin proxy ÷ direct API throughput (`GET /api/v1/getUser`), issue 25's goal ≥ 0.85×.
 *
 *   npx tsx scripts/bench/admin-proxy.ts [--root DIR] [--clients N] [--seconds S] [--rounds R]
 *
 * Starts the API (tsx server/index.ts, embedded database with the demo data in a temporary
 * DATA_DIR) and the admin server (scripts/admin-server.ts) of DIR (default: this checkout), both
 * with one SESSION_SECRET. The admin server runs with `next` stubbed out (a handler that answers
 * 404): only its /admin/api proxy path is measured, which never reaches Next, and a worktree with
 * a symlinked node_modules cannot make a production build. The session cookie is a real API token
 * (demo sign-in) sealed with iron-session's sealData, as the sign-in action seals it.
 *
 * Each round measures both, one after the other, with N keep-alive clients in this process for S
 * seconds each: requests/s directly on the API with the bearer token, then through the admin
 * server with the cookie. Printed per round: both rates, their ratio, and the load average.
 * `--root` lets the same bench run an older checkout (e.g. `git archive <commit> | tar -x -C DIR`
 * with a node_modules symlink) for the before/after comparison.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sealData } from 'iron-session';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('root', path.resolve(__dirname, '../..')));
const CLIENTS = Number(arg('clients', '16'));
const SECONDS = Number(arg('seconds', '5'));
const ROUNDS = Number(arg('rounds', '3'));
const API_PORT = 4900 + Math.floor(Math.random() * 50);
const ADMIN_PORT = API_PORT + 100;
const SECRET = `bench-${'x'.repeat(40)}`;

const tmp = mkdtempSync(path.join(tmpdir(), 'bench-admin-proxy-'));
const stub = path.join(tmp, 'next-stub.cjs');
// `next` replaced by a server that answers every page with 404 (pages are not measured here).
writeFileSync(
  stub,
  `const Module = require('node:module');
const load = Module._load;
const fake = () => ({ prepare: async () => {}, getRequestHandler: () => (req, res) => { res.statusCode = 404; res.end('no pages in this bench'); } });
Module._load = function (request, ...rest) { return request === 'next' ? Object.assign(fake, { default: fake }) : load.call(this, request, ...rest); };
`,
);

const children: ChildProcess[] = [];
function start(name: string, args: string[], env: Record<string, string>) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), args, {
    cwd: root,
    env: { ...process.env, SESSION_SECRET: SECRET, DATA_DIR: path.join(tmp, 'data'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', (d: Buffer) => process.env.BENCH_VERBOSE && process.stdout.write(`[${name}] ${d}`));
  children.push(child);
}

async function waitFor(url: string) {
  for (let i = 0; i < 1200; i += 1) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** CPU time (ms) used so far by a process and its descendants (from /proc; a tsx wrapper has a node child). */
function cpuMs(rootPid: number): number {
  const stats = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
      } catch {
        return [];
      }
    });
  let ticks = 0;
  const walk = (pid: number) => {
    for (const p of stats.filter((q) => q.ppid === pid)) {
      ticks += p.ticks;
      walk(p.pid);
    }
  };
  ticks += stats.find((p) => p.pid === rootPid)?.ticks ?? 0;
  walk(rootPid);
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Requests per second with `clients` concurrent keep-alive loops for `seconds`. */
async function rate(url: string, headers: Record<string, string>): Promise<{ perSecond: number; apiCpu: number; adminCpu: number }> {
  const [api, admin] = children.map((c) => c.pid!);
  const apiBefore = cpuMs(api);
  const adminBefore = admin ? cpuMs(admin) : 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== 200) failed += 1;
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        await one();
        done += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  if (failed) throw new Error(`${failed} of ${done} requests to ${url} were not 200`);
  // CPU ms per request of each server: what the proxy costs, whatever else the machine is doing.
  return { perSecond: done / elapsed, apiCpu: (cpuMs(api) - apiBefore) / done, adminCpu: admin ? (cpuMs(admin) - adminBefore) / done : 0 };
}

async function main() {
  console.log(`[bench] ${root}: ${CLIENTS} clients, ${SECONDS} s per measurement, ${ROUNDS} rounds`);
  start('api', ['server/index.ts'], { API_PORT: String(API_PORT), API_HOST: '127.0.0.1' });
  await waitFor(`http://127.0.0.1:${API_PORT}/api/health`);
  start('admin', ['--require', stub, 'scripts/admin-server.ts'], {
    PORT: String(ADMIN_PORT),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    UPSTREAM_URL: `http://127.0.0.1:${API_PORT}`,
  });
  await waitFor(`http://127.0.0.1:${ADMIN_PORT}/admin/api/v1/getUser`);

  const login = await fetch(`http://127.0.0.1:${API_PORT}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'verband@example.org', password: 'Bogen2026!' }),
  });
  const { jwtToken } = (await login.json()) as { jwtToken: string };
  if (!jwtToken) throw new Error(`demo sign-in failed (${login.status})`);
  const cookie = `auth=${encodeURIComponent(await sealData({ token: jwtToken, email: 'verband@example.org' }, { password: SECRET }))}`;

  const direct = `http://127.0.0.1:${API_PORT}/api/v1/getUser`;
  const proxied = `http://127.0.0.1:${ADMIN_PORT}/admin/api/v1/getUser`;
  // Warm-up: the JIT, the connection pools, the session memory.
  await rate(direct, { authorization: `Bearer ${jwtToken}` });
  await rate(proxied, { cookie });

  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const d = await rate(direct, { authorization: `Bearer ${jwtToken}` });
    const p = await rate(proxied, { cookie });
    ratios.push(p.perSecond / d.perSecond);
    // On a machine with no spare core, throughput follows CPU per request: API alone ÷ API + proxy.
    cpuRatios.push(d.apiCpu / (p.apiCpu + p.adminCpu));
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `[bench] round ${round}: direct ${d.perSecond.toFixed(0)} req/s, proxy ${p.perSecond.toFixed(0)} req/s, ratio ${(p.perSecond / d.perSecond).toFixed(2)}×; ` +
        `CPU per request: API ${d.apiCpu.toFixed(2)} ms direct, ${p.apiCpu.toFixed(2)} ms + admin ${p.adminCpu.toFixed(2)} ms proxied (load ${load})`,
    );
  }
  const summary = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `${sorted[0].toFixed(2)}–${sorted.at(-1)!.toFixed(2)}×, median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)}×`;
  };
  console.log(`[bench] proxy ÷ direct throughput: ${summary(ratios)} (goal ≥ 0.85×)`);
  console.log(`[bench] API CPU ÷ (API + admin) CPU per request: ${summary(cpuRatios)}`);
}

async function cleanup() {
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => (c.once('exit', r), c.kill('SIGTERM'))))));
  rmSync(tmp, { recursive: true, force: true });
}
main()
  .catch((err) => {
    console.error('[bench]', err);
    process.exitCode = 1;
  })
  .finally(cleanup);
