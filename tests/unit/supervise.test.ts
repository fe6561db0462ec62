/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restartDelay, supervise, type RestartPolicy } from '@/scripts/lib/supervise';

/** `npm start` restarts a crashed child with a log line instead of stopping the whole system. */

describe('restartDelay', () => {
  const policy: RestartPolicy = { baseDelayMs: 1000, maxDelayMs: 30_000, windowMs: 60_000, maxCrashes: 5 };

  it('waits 1, 2, 4, 8 s after quick crashes and gives up at the fifth within a minute', () => {
    const crashes: number[] = [];
    const delays = [0, 1, 2, 3, 4].map((i) => {
      crashes.push(i * 1000);
      return restartDelay(crashes, i * 1000, policy);
    });
    expect(delays).toEqual([1000, 2000, 4000, 8000, null]);
  });

  it('forgets crashes older than the window', () => {
    expect(restartDelay([0, 1000, 2000, 3000, 100_000], 100_000, policy)).toBe(1000);
  });

  it('never waits longer than the cap', () => {
    expect(restartDelay([0, 1, 2, 3, 4, 5], 5, { ...policy, maxCrashes: 100 })).toBe(30_000);
  });
});

describe('supervise', () => {
  const fast: RestartPolicy = { baseDelayMs: 10, maxDelayMs: 50, windowMs: 60_000, maxCrashes: 3 };
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'supervise-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('restarts a child that crashed once, logs it, and keeps it running', async () => {
    const marker = path.join(dir, 'crashed-once');
    // Crashes on its first run, stays up on the second.
    const script = `const fs=require('fs');if(!fs.existsSync(${JSON.stringify(marker)})){fs.writeFileSync(${JSON.stringify(marker)},'');process.exit(7)}setInterval(()=>{},1000)`;
    const lines: string[] = [];
    const gaveUp = jest.fn();
    const s = supervise('api', process.execPath, ['-e', script], {
      policy: fast,
      log: (l) => lines.push(l),
      onGiveUp: gaveUp,
      spawnOptions: { stdio: 'ignore' },
    });
    await waitFor(() => s.restarts === 1 && s.child.pid !== undefined && s.child.exitCode === null);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.child.exitCode).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/^\[start\] api exited with code 7; restarting in /)]);
    expect(gaveUp).not.toHaveBeenCalled();
    await s.stop();
    expect(lines).toHaveLength(1); // a deliberate stop is not a crash
  });

  it('gives up on a child that keeps crashing and says so', async () => {
    const lines: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      supervise('admin', process.execPath, ['-e', 'process.exit(3)'], {
        policy: fast,
        log: (l) => lines.push(l),
        onGiveUp: resolve,
        spawnOptions: { stdio: 'ignore' },
      });
    });
    expect(code).toBe(3);
    expect(lines.filter((l) => l.includes('restarting'))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/admin exited with code 3; .*giving up/);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
