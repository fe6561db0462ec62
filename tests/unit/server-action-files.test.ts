/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/**
 * A 'use server' file may export only async functions (server actions): Next's build refuses
 * anything else (a constant, a class), which jest alone would never notice. Types are erased.
 */
describe("'use server' files", () => {
  const files = ['app', 'components', 'lib'].flatMap(sources).filter((f) => /^\s*['"]use server['"]/.test(readFileSync(f, 'utf8')));

  it('are found', () => expect(files.length).toBeGreaterThan(5));

  it.each(files)('%s exports only actions', (file) => {
    const exports = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^export\s/.test(line) && !/^export\s+(type|interface|async function|default async function)\b/.test(line))
      // actions made by defineAction (an async function) or written as async arrow functions
      .filter((line) => !/^export const \w+\s*(:[^=]+)?=\s*(defineAction\b|async\b)/.test(line));
    expect(exports).toEqual([]);
  });
});
