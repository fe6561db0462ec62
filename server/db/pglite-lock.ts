import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite must never be opened by two processes at once (it corrupts the data folder), and it does
 * not guard against that itself. A lock file beside the data folder holds the owner's pid; a
 * second API process on the same DATA_DIR stops with a clear message instead. A lock left by a
 * process that no longer runs is taken over.
 */
export function acquirePgliteLock(pgliteDir: string): () => void {
  const file = `${pgliteDir}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database ${pgliteDir} is already open in process ${owner}. ` +
            'Stop that process first, or use another DATA_DIR (PGlite cannot be shared between processes).',
        );
      }
      rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock the embedded database ${pgliteDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
