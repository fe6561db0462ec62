/**
 * Accent folding for member search and sorting, shared by the database expression
 * (server/db/schema/members.ts: translate(lower(x), FOLD_FROM, FOLD_TO)) and the search words
 * folded here in JavaScript, so both sides agree letter for letter. One letter maps to one letter
 * (translate() cannot expand), so ß becomes s. Upper-case accented letters are listed because
 * PostgreSQL's lower() leaves them alone under the C locale.
 */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['äàáâãåąÄÀÁÂÃÅĄ', 'a'],
  ['çčćÇČĆ', 'c'],
  // đ has no accent to drop: written as d (Đorđević sorts and is found with Dordevic)
  ['ďđĎĐ', 'd'],
  ['éèêëěęÉÈÊËĚĘ', 'e'],
  ['ğĞ', 'g'],
  // the dotless ı (Yılmaz) is an i
  ['íìîïıÍÌÎÏ', 'i'],
  // ł has no accent to drop: written as l (Łukasz = Lukasz)
  ['łľĺŁĽĹ', 'l'],
  ['ñňńÑŇŃ', 'n'],
  // Hungarian ő as well as ö (Kőszegi = Koszegi)
  ['öòóôõøőÖÒÓÔÕØŐ', 'o'],
  ['řŕŘŔ', 'r'],
  ['šśşßŠŚŞ', 's'],
  ['ťţŤŢ', 't'],
  ['üùúûůűÜÙÚÛŮŰ', 'u'],
  ['ýÿÝ', 'y'],
  ['žźżŽŹŻ', 'z'],
];

export const FOLD_FROM = PAIRS.map(([from]) => from).join('');
export const FOLD_TO = PAIRS.map(([from, to]) => to.repeat(from.length)).join('');

const MAP = new Map<string, string>();
for (const [from, to] of PAIRS) for (const ch of from) MAP.set(ch, to);

/** Lower case with accents folded, exactly as the database's search expression does it. */
export function foldSearch(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += MAP.get(ch) ?? ch;
  return out;
}

/** Search words of a query: folded, split on whitespace, empty ones dropped. */
export function searchWords(query: string | null | undefined): string[] {
  return foldSearch(query ?? '')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * A list's search in the browser: the folded query, as typed, is part of one of the fields
 * ('Karntner' finds 'Kärntner', 'polten' finds 'Pölten'); an empty query matches everything.
 */
export function matchesSearch(query: string, fields: ReadonlyArray<string | number | null | undefined>): boolean {
  const q = foldSearch(query.trim());
  return !q || fields.some((f) => f !== null && f !== undefined && foldSearch(String(f)).includes(q));
}
