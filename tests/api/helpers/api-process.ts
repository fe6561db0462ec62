import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** The real API process (server/index.ts) on a free port, for tests of what only a process shows (crashes, restarts). */

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export type ApiProcess = {
  child: ChildProcess;
  port: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  alive: () => boolean;
  stop: () => void;
};

/** Starts the API with `env` added to the test's environment and waits until /api/health answers. */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 150_000): Promise<ApiProcess> {
  const port = await freePort();
  // node itself with tsx's loader: one process (the tsx command would run the API as its child, which a kill of tsx misses)
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, NODE_ENV: 'development', ...env, API_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`the API ended: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the API did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, port, output: () => output, alive, stop: () => void child.kill('SIGKILL') };
}
