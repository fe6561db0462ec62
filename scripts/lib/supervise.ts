import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Keeps a child process running for `npm start`: a crashed child is restarted after a growing
 * pause (1 s, 2 s, 4 s … at most 30 s) with a log line, while the other children keep serving.
 * A child that crashes 5 times within 60 s is given up on (a broken configuration does not heal
 * by retrying), and then `onGiveUp` decides what happens to the rest.
 */

export type RestartPolicy = { baseDelayMs: number; maxDelayMs: number; windowMs: number; maxCrashes: number };

export const DEFAULT_POLICY: RestartPolicy = { baseDelayMs: 1000, maxDelayMs: 30_000, windowMs: 60_000, maxCrashes: 5 };

/** After a crash at `now` (already in `crashTimes`): the pause before restarting, or null to give up. */
export function restartDelay(crashTimes: readonly number[], now: number, policy: RestartPolicy = DEFAULT_POLICY): number | null {
  const recent = crashTimes.filter((t) => now - t < policy.windowMs).length;
  if (recent >= policy.maxCrashes) return null;
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, recent - 1), policy.maxDelayMs);
}

export type Supervised = {
  /** Stops the child for good (SIGTERM) and resolves once it has exited. */
  stop: () => Promise<void>;
  readonly child: ChildProcess;
  readonly restarts: number;
};

export function supervise(
  name: string,
  cmd: string,
  args: string[],
  options: {
    spawnOptions?: SpawnOptions;
    policy?: RestartPolicy;
    log?: (line: string) => void;
    onGiveUp?: (code: number | null) => void;
    now?: () => number;
  } = {},
): Supervised {
  const log = options.log ?? ((line) => console.log(line));
  const now = options.now ?? Date.now;
  const crashes: number[] = [];
  let stopping = false;
  let restarts = 0;
  let timer: NodeJS.Timeout | undefined;
  let child: ChildProcess;

  const start = () => {
    child = spawn(cmd, args, { stdio: 'inherit', ...options.spawnOptions });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const at = now();
      crashes.push(at);
      const delay = restartDelay(crashes, at, options.policy);
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (delay === null) {
        log(`[start] ${name} exited with ${how}; it crashed ${crashes.length} times in a short while, giving up`);
        options.onGiveUp?.(code);
        return;
      }
      log(`[start] ${name} exited with ${how}; restarting in ${Math.round(delay / 100) / 10} s`);
      timer = setTimeout(() => {
        restarts += 1;
        start();
      }, delay);
    });
  };
  start();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    stop: () => {
      stopping = true;
      clearTimeout(timer);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
