/**
 * Duplicate detection before a member is created ('Mitglied existiert bereits') and in the
 * duplicates report. Better than an exact match: it catches umlaut and ß spellings (Müller /
 * Mueller / Muller, Strauß / Strauss), letters of other alphabets written without their accents
 * (Kovačević / Kovacevic, Đorđević / Djordjevic), small typos, a double name entered in part
 * (Huber-Lang / Huber), first and last name swapped, day and month of the birth date swapped, and
 * the same e-mail address; every candidate says why it matched. Two persons of different gender
 * whose first names differ (Paul and Paula, born the same day) are twins, not one person.
 *
 * Pure: the API fetches the few rows that share the birth date (or its swapped form) or the e-mail
 * (both indexed) and scores them here.
 */

import { foldSearch } from './search-fold';

export const DUPLICATE_REASONS = [
  'same_email',
  'same_name',
  'name_spelling',
  'name_typo',
  'name_part',
  'swapped_names',
  'same_birth_date',
  'swapped_day_month',
] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export type PersonKey = {
  firstName: string;
  surname: string;
  birthDate: string;
  email?: string | null;
  /** When both sides give it: a different gender allows no other difference in the first name. */
  gender?: string | null;
};

export type DuplicateMatch = { reasons: DuplicateReason[]; score: number };

/** Lower case, trimmed, inner whitespace and hyphens collapsed to one space. */
export function normaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s\-‐–]+/g, ' ');
}

/**
 * Spelling-insensitive form of a name: ß → ss, accents dropped (ü → u), and the German
 * transliterations ae/oe/ue → a/o/u, so Müller, Mueller and Muller all give "muller".
 * Both sides of a comparison are folded the same way, so the digraph rule is harmless for names
 * such as "Manuel".
 */
export function foldName(name: string): string {
  let folded = folds.get(name);
  if (folded === undefined) {
    // a report compares each name with several others: remember the last few thousand foldings
    if (folds.size >= 10_000) folds.clear();
    folded = foldUncached(name);
    folds.set(name, folded);
  }
  return folded;
}

const folds = new Map<string, string>();

function foldUncached(name: string): string {
  return (
    normaliseName(name)
      .replace(/ß/g, 'ss')
      // letters that have no accent to drop: their usual Latin spelling (Đorđević → Djordjevic)
      .replace(/đ/g, 'dj')
      .replace(/ł/g, 'l')
      .replace(/ı/g, 'i')
      .replace(/ø/g, 'o')
      .replace(/æ/g, 'ae')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ae/g, 'a')
      .replace(/oe/g, 'o')
      .replace(/ue/g, 'u')
  );
}

/** Edit distance with adjacent transpositions counted as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0][j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Typos tolerated for a name of this length: none for very short names, 1 up to 6 letters, else 2. */
export function allowedTypos(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}

export type NameMatch = 'exact' | 'spelling' | 'typo' | 'part' | null;

/** Whether every word of the shorter name is a word of the longer one (Huber-Lang / Huber, Johann Georg / Johann). */
function namePart(fa: string, fb: string): boolean {
  const [short, long] = fa.length <= fb.length ? [fa, fb] : [fb, fa];
  const words = new Set(long.split(' '));
  return words.size > 1 && short.split(' ').every((w) => words.has(w));
}

export function compareName(a: string, b: string): NameMatch {
  if (normaliseName(a) === normaliseName(b)) return 'exact';
  const fa = foldName(a);
  const fb = foldName(b);
  if (fa === fb) return 'spelling';
  const limit = allowedTypos(Math.min(fa.length, fb.length));
  // names whose lengths differ by more than the typos allowed cannot be that close (saves the distance)
  if (limit > 0 && Math.abs(fa.length - fb.length) <= limit && editDistance(fa, fb) <= limit) return 'typo';
  return namePart(fa, fb) ? 'part' : null;
}

/** The same date with day and month swapped (03.07. ↔ 07.03.), or null when that is no date or the same. */
export function swapDayMonth(isoDate: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return null;
  const [, y, mm, dd] = m;
  if (mm === dd) return null;
  const month = Number(dd);
  const day = Number(mm);
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (day < 1 || day > last) return null;
  return `${y}-${dd}-${mm}`;
}

/** Birth dates a duplicate may have: the date itself and its day/month-swapped form. */
export function candidateBirthDates(isoDate: string): string[] {
  const swapped = swapDayMonth(isoDate);
  return swapped ? [isoDate, swapped] : [isoDate];
}

/**
 * The keys a person record is stored with so the duplicates report can pair records in the
 * database: the birth date or its day/month-swapped form, whichever is earlier (equal for both
 * records of a swapped pair), and the first word of the folded first name and of the folded
 * surname. Two records become candidates when they share the birth key and one name key (either
 * name, straight or crossed): a person entered twice almost always has one name spelled the same
 * once folded, so a typo in the other name, even in its first letter, is still found.
 */
export type DuplicateKeys = { dupBirthKey: string; dupFirstKey: string; dupSurnameKey: string };

export function duplicateKeys(person: { firstName: string; surname: string; birthDate: string }): DuplicateKeys {
  const swapped = swapDayMonth(person.birthDate);
  const firstWord = (name: string) => foldName(name).split(' ')[0] ?? '';
  return {
    dupBirthKey: swapped && swapped < person.birthDate ? swapped : person.birthDate,
    dupFirstKey: firstWord(person.firstName),
    dupSurnameKey: firstWord(person.surname),
  };
}

const NAME_PENALTY: Record<Exclude<NameMatch, null>, number> = { exact: 0, spelling: 5, typo: 15, part: 15 };

function pairMatch(first: NameMatch, sur: NameMatch, sameGender: boolean): { penalty: number; reasons: DuplicateReason[] } | null {
  if (!first || !sur) return null;
  if (!sameGender && first !== 'exact' && first !== 'spelling') return null;
  const reasons: DuplicateReason[] = [];
  if (first === 'exact' && sur === 'exact') reasons.push('same_name');
  if (first === 'spelling' || sur === 'spelling') reasons.push('name_spelling');
  if (first === 'typo' || sur === 'typo') reasons.push('name_typo');
  if (first === 'part' || sur === 'part') reasons.push('name_part');
  return { penalty: NAME_PENALTY[first] + NAME_PENALTY[sur], reasons };
}

/**
 * Does `existing` look like the person being entered? null when not. A candidate needs the same
 * e-mail, or a birth date that is equal or day/month-swapped AND both names matching (straight
 * or swapped). The score (0–100) orders the dialog: exact matches first.
 */
export function matchDuplicate(input: PersonKey, existing: PersonKey): DuplicateMatch | null {
  const reasons: DuplicateReason[] = [];
  let score = 100;

  const email = input.email?.trim().toLowerCase();
  const sameEmail = Boolean(email) && email === existing.email?.trim().toLowerCase();

  let birth: 'same' | 'swapped' | null = null;
  if (input.birthDate === existing.birthDate) birth = 'same';
  else if (swapDayMonth(input.birthDate) === existing.birthDate) birth = 'swapped';

  const sameGender = !input.gender || !existing.gender || input.gender === existing.gender;
  // the surnames are compared only when the first names match (a report compares thousands of pairs)
  const namesOf = (first: string, sur: string) => {
    const firstMatch = compareName(input.firstName, first);
    return firstMatch ? pairMatch(firstMatch, compareName(input.surname, sur), sameGender) : null;
  };
  const straight = namesOf(existing.firstName, existing.surname);
  const swapped = straight ? null : namesOf(existing.surname, existing.firstName);
  const names =
    straight ??
    (swapped && {
      penalty: swapped.penalty + 10,
      reasons: ['swapped_names' as const, ...swapped.reasons.filter((r) => r !== 'same_name')],
    });

  const personMatch = Boolean(birth && names);
  if (!personMatch && !sameEmail) return null;

  if (sameEmail) reasons.push('same_email');
  if (personMatch && names && birth) {
    reasons.push(...names.reasons);
    reasons.push(birth === 'same' ? 'same_birth_date' : 'swapped_day_month');
    score -= names.penalty + (birth === 'swapped' ? 15 : 0);
  } else {
    // Only the e-mail: a shared family address is possible, so it ranks below name matches.
    score = 50;
  }
  return { reasons, score: Math.max(0, Math.min(100, score)) };
}

/**
 * Whether a candidate is identified: the caller entered its name (first name and surname, not
 * swapped, no typo; umlauts and ß may be written out, Müller = Mueller, since that is how German
 * names are typed on keyboards and in other systems) AND its full birth date. Only such a candidate
 * may be connected (it gets a proof) and shows its birth date, licence number and town. A near
 * match (typo, swapped names, day and month swapped, e-mail alone) is listed so a double record is
 * avoided, but trying names and dates must not reveal or connect anyone.
 */
export function identifiesPerson(match: DuplicateMatch): boolean {
  const r = match.reasons;
  const nameEntered =
    (r.includes('same_name') || r.includes('name_spelling')) &&
    !r.includes('name_typo') &&
    !r.includes('name_part') &&
    !r.includes('swapped_names');
  return nameEntered && r.includes('same_birth_date');
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * How many duplicate checks without an identified candidate (misses) one caller may run: 30 an
 * hour and 100 a day. A club secretary enters at most a few dozen new members in an evening
 * (each save of a new member is one check; hits don't count), while finding a birth date by trying
 * every day of one year (365 checks) takes at least four days.
 */
export const DUPLICATE_CHECK_LIMITS = [
  { max: 30, windowMs: HOUR_MS },
  { max: 100, windowMs: 24 * HOUR_MS },
] as const;

/** The wait a refused duplicate check shows when the refusal carries none: the first limit's window. */
export const DUPLICATE_CHECK_WINDOW_MINUTES = DUPLICATE_CHECK_LIMITS[0].windowMs / 60_000;

/**
 * A name as the duplicate-check limit compares it with the stored names: lower case, accents
 * folded as the database's sort columns fold them (ß → s), then ae/oe/ue → a/o/u and ss → s, so
 * every spelling foldName treats as the same name has the same key (Müller, Mueller, Muller).
 * The database side applies the same replacements to members.sort_first_name / sort_surname.
 */
export function limitNameKey(name: string): string {
  return foldSearch(normaliseName(name)).replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u').replace(/ss/g, 's');
}

/** How one row of an import's dry run ended, as far as the duplicate-check limit is concerned. */
export type DryRunCheck = {
  /** The row named a stored person exactly (name and full birth date). */
  identified: boolean;
  /** A stored person matched it in part: near name or swapped date, or the e-mail alone. */
  partialMatch: boolean;
  /** A stored person bears its name (limitNameKey of first name and surname, also swapped). */
  nameStored: boolean;
};

/**
 * Each row of an import's dry run is a duplicate check, counted against DUPLICATE_CHECK_LIMITS
 * like a check on the member screen: a row that identified nobody is a miss when a stored person
 * matched it in part or bears its name, since only then could it have revealed a birth date
 * (trying dates for a known name, the dry run's answer says which one is right). A row whose name
 * no stored person bears and that matched nobody learns nothing about anyone, so a club's list
 * of new members does not use up the limit.
 */
export function dryRunMisses(rows: readonly DryRunCheck[]): number {
  return rows.filter((r) => !r.identified && (r.partialMatch || r.nameStored)).length;
}

/**
 * What the audit trail keeps of a duplicate check: the name as entered, only the year of the
 * birth date (enough to see one name tried over many dates; a full date that matched nobody is a
 * wrong guess or a new person, not worth keeping), whether an e-mail was given, how many
 * candidates were listed and which persons were identified.
 */
export function duplicateCheckAuditRecord(
  input: PersonKey & { middleName?: string | null },
  outcome: { candidates: number; identified: readonly number[] },
): Record<string, unknown> {
  return {
    firstName: input.firstName.trim(),
    surname: input.surname.trim(),
    birthYear: Number(input.birthDate.slice(0, 4)) || null,
    emailGiven: Boolean(input.email?.trim()),
    candidates: outcome.candidates,
    identified: [...outcome.identified],
  };
}

/**
 * What keeps the entered person from being created as a new member, given the candidates found:
 * - 'same_person': a candidate has the same first name, surname, gender and birth date. The
 *   database holds every person once by these, so creating anyway would be refused: only
 *   connecting or opening the existing member helps.
 * - 'email_taken': a candidate already has the entered e-mail. The e-mail is the sign-in address
 *   and stays unique, but family members often share one address: the new member can be created
 *   without the e-mail.
 * - null: nothing; creating a new member anyway is possible.
 */
export type NewMemberBlock = 'same_person' | 'email_taken' | null;

export function newMemberBlock(
  entered: { firstName: string; surname: string; birthDate: string; gender?: string | null; email?: string | null },
  candidates: readonly { firstName: string; surname: string; birthDate: string | null; gender: string; reasons: readonly string[] }[],
): NewMemberBlock {
  const same = (a: string, b: string) => a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');
  const samePerson = candidates.some(
    (c) =>
      same(entered.firstName, c.firstName) &&
      same(entered.surname, c.surname) &&
      entered.birthDate === c.birthDate &&
      entered.gender === c.gender,
  );
  if (samePerson) return 'same_person';
  if (entered.email?.trim() && candidates.some((c) => c.reasons.includes('same_email'))) return 'email_taken';
  return null;
}
