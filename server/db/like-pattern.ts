/** A search word as a LIKE pattern's literal part: `%`, `_` and `\` match only themselves. */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}
