import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A key or secret the server makes itself and keeps in the data folder (licence signing key, VAPID
 * keys, the development JWT secret): made once, then the same for every process that shares the
 * folder. When several processes start together on a fresh folder, the first one to put its file
 * in place wins and every other one takes that file instead of its own; nobody overwrites it.
 * (Written to a temporary file first and linked into place, which fails when the name exists: a
 * reader never sees a half-written file.)
 *
 * `make` answers the file's text; `valid` says whether a kept text is usable (one that is not —
 * e.g. an empty file — is replaced).
 */
export function readOrCreateOnce(file: string, make: () => string, valid: (text: string) => boolean = () => true): string {
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8');
    if (valid(kept)) return kept;
    rmSync(file, { force: true });
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const text = make();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return text;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8'); // another process was first: its file holds
  } finally {
    rmSync(temporary, { force: true });
  }
}
