/**
 * `npm start` memory (issue 25: idle total ≤ 500 MiB): the resident memory of the whole process
 * tree `npm start` leaves running, after the first page.
 *
 *   node scripts/bench/start-memory.mjs [--root DIR] [--settle SECONDS] [-- command …]
 *
 * Runs the command (default `npm start`) in DIR (default this checkout) with a fresh temporary
 * DATA_DIR (so the embedded database is created and the demo data loaded, as on a fresh clone)
 * and its own ports, waits until /admin answers, asks for the sign-in page and the API's
 * /api/v1/getUser once, waits SETTLE seconds (default 15), then sums VmRSS of the command and all
 * its descendants from /proc and prints each process with its share. Ends the tree afterwards.
 * RSS counts shared pages (node's own code) once per process, as `ps` does.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const root = path.resolve(opt('root', path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')));
const settle = Number(opt('settle', '15'));
const dash = argv.indexOf('--');
const command = dash >= 0 ? argv.slice(dash + 1) : ['npm', 'start'];
const port = 3700 + Math.floor(Math.random() * 50);
const apiPort = port + 100;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-memory-'));

const child = spawn(command[0], command.slice(1), {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, SMTP_HOST: '' },
});
child.stdout.on('data', (d) => process.env.BENCH_VERBOSE && process.stdout.write(d));

function processes() {
  const all = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      all.push({ pid: Number(pid), ppid, rss, cmd });
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = [];
  const walk = (pid) => {
    for (const p of all.filter((q) => q.ppid === pid)) {
      tree.push(p);
      walk(p.pid);
    }
  };
  const self = all.find((p) => p.pid === child.pid);
  if (self) tree.push(self);
  walk(child.pid);
  return tree;
}

async function waitFor(url) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return res;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  const started = Date.now();
  await waitFor(`http://127.0.0.1:${port}/admin`);
  console.log(`[memory] ${command.join(' ')} in ${root}: up after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await waitFor(`http://127.0.0.1:${port}/admin/sign-in`);
  await waitFor(`http://127.0.0.1:${apiPort}/api/v1/getUser`);
  await new Promise((r) => setTimeout(r, settle * 1000));
  const tree = processes();
  for (const p of tree) console.log(`[memory] ${p.rss.toFixed(0).padStart(5)} MiB  ${p.pid}  ${p.cmd.slice(0, 110)}`);
  const total = tree.reduce((s, p) => s + p.rss, 0);
  console.log(
    `[memory] total ${total.toFixed(0)} MiB in ${tree.length} processes (goal ≤ 500 MiB; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
}

main()
  .catch((err) => {
    console.error('[memory]', err.message);
    process.exitCode = 1;
  })
  .finally(async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  });
