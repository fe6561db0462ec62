import { addDaysIso, addMonthsIso } from '../dates';
import { DISCIPLINE_3D, MAX_MONTHS_AHEAD, MAX_REFEREES } from './status';

/**
 * What a tournament must satisfy to be saved, checked by the API (and shown by the form):
 * - start and end from today to less than 24 months ahead, the end not before the start;
 * - the registration window (openFrom, openTo) from today up to the day after the end, openTo
 *   not before openFrom;
 * - the type offered to the organisation (its orgWhitelist); discipline, rule, divisions and grade
 *   codes from what the type offers (required where it offers them);
 * - at most 3 referees; the main referee holds a function starting 'schiedsrichter a', referees
 *   'schiedsrichter a' or 'b'; nobody picked twice;
 * - the number of animals only for 3D.
 */

export type TournamentRule = { name: string; divisions: string[] };
export type TournamentTypeParams = {
  rules: TournamentRule[];
  gradeCodes: string[];
  disciplines: number[];
  /** The order category of the tournament fee; null: no payment needed. */
  ordercat: string | null;
  /** Only these organisations may announce tournaments of this type; absent: everyone. */
  orgWhitelist?: number[];
  /** The approval screen's filter this type belongs to. */
  filter: 'Leistungssport' | 'Leistungssport 3D' | 'Leistungssport ÖSTM/ÖM' | 'Breitensport';
};

export type TournamentFacts = {
  orgId: number;
  start: string;
  end: string;
  openFrom: string;
  openTo: string;
  discipline: number | null;
  rule: string | null;
  divisions: string[];
  gradeCodes: string[];
  mainRefereeId: number | null;
  refereeIds: number[];
  numberAnimals: number | null;
};

/** What is known of the picked referees: the names of the functions each holds now. */
export type RefereeFunctions = ReadonlyMap<number, readonly string[]>;

export type TournamentIssue = { field: string; rule: string };

/** The last start or end day allowed: the day before today + 24 months. */
export function latestTournamentDay(today: string): string {
  return addDaysIso(addMonthsIso(today, MAX_MONTHS_AHEAD), -1);
}

/** The last registration day allowed: the day after the end. */
export function latestRegistrationDay(end: string): string {
  return addDaysIso(end, 1);
}

const holds = (functions: readonly string[] | undefined, prefixes: string[]) =>
  (functions ?? []).some((f) => prefixes.some((p) => f.toLocaleLowerCase('de').startsWith(p)));

export function typeOfferedTo(type: { params: Pick<TournamentTypeParams, 'orgWhitelist'> }, orgId: number): boolean {
  const list = type.params.orgWhitelist;
  return !list || list.length === 0 || list.includes(orgId);
}

export function tournamentIssues(
  t: TournamentFacts,
  type: { params: TournamentTypeParams },
  today: string,
  referees: RefereeFunctions,
): TournamentIssue[] {
  const issues: TournamentIssue[] = [];
  const add = (field: string, rule: string) => issues.push({ field, rule });
  const latest = latestTournamentDay(today);

  for (const field of ['start', 'end'] as const) {
    if (t[field] < today) add(field, 'beforeToday');
    else if (t[field] > latest) add(field, 'tooFarAhead');
  }
  if (t.end < t.start) add('end', 'endBeforeStart');
  const lastRegistration = latestRegistrationDay(t.end);
  for (const field of ['openFrom', 'openTo'] as const) {
    if (t[field] < today) add(field, 'beforeToday');
    else if (t[field] > lastRegistration) add(field, 'afterEvent');
  }
  if (t.openTo < t.openFrom) add('openTo', 'endBeforeStart');

  if (!typeOfferedTo(type, t.orgId)) add('type', 'notOffered');
  const p = type.params;
  if (p.disciplines.length > 0) {
    if (t.discipline === null) add('discipline', 'required');
    else if (!p.disciplines.includes(t.discipline)) add('discipline', 'notOffered');
  }
  const rule = p.rules.find((r) => r.name === t.rule);
  if (p.rules.length > 0) {
    if (t.rule === null) add('rule', 'required');
    else if (!rule) add('rule', 'notOffered');
  }
  if (rule && rule.divisions.length > 0) {
    if (t.divisions.length === 0) add('divisions', 'required');
    else if (t.divisions.some((d) => !rule.divisions.includes(d))) add('divisions', 'notOffered');
  }
  if (p.gradeCodes.length > 0) {
    if (t.gradeCodes.length === 0) add('gradeCodes', 'required');
    else if (t.gradeCodes.some((g) => !p.gradeCodes.includes(g))) add('gradeCodes', 'notOffered');
  }

  if (t.refereeIds.length > MAX_REFEREES) add('referees', 'tooMany');
  const picked = [...(t.mainRefereeId === null ? [] : [t.mainRefereeId]), ...t.refereeIds];
  if (new Set(picked).size !== picked.length) add('referees', 'pickedTwice');
  if (t.mainRefereeId !== null && !holds(referees.get(t.mainRefereeId), ['schiedsrichter a'])) add('mainReferee', 'notARefereeA');
  if (t.refereeIds.some((id) => !holds(referees.get(id), ['schiedsrichter a', 'schiedsrichter b']))) add('referees', 'notAReferee');

  if (t.numberAnimals !== null && t.discipline !== DISCIPLINE_3D) add('numberAnimals', 'only3D');
  return issues;
}
