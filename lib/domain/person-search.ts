/**
 * The person search runs only when the search text is longer than 2 characters, or fewer than 3
 * functions are chosen, or former members are asked for; otherwise the result is empty (the
 * screen starts with six role groups chosen and no text: nothing is listed until narrowed).
 */
export function personSearchRuns(q: string | undefined, functions: readonly number[], former: boolean): boolean {
  return (q ?? '').trim().length > 2 || functions.length < 3 || former;
}

/** The role groups the person search offers, by their default function ids. */
export const PERSON_SEARCH_DEFAULT_FUNCTIONS = [1, 7, 26, 3, 41, 9] as const;
