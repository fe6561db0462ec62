import type { FieldErrors, Resolver } from 'react-hook-form';
import { completeIsoDate, todayIso } from '@/lib/domain/dates';
import { tournamentIssues, type TournamentTypeParams } from '@/lib/domain/tournaments/rules';
import type { tournamentParamsInput } from '@/lib/schemas/tournaments';
import type { RefereeCandidate, TournamentType } from '@/lib/api/tournaments';
import { shownNumberAnimals, type TournamentFormValues } from './tournament-view';

/**
 * The form's own check, before the API checks the same again: the required fields (name, dates,
 * location, type, contact person, e-mail), the e-mail address, registration link and number of
 * animals with the API's own schema, and every rule of lib/domain/tournaments/rules.ts. The date
 * rules see only complete dates: a date field's partial or refused text is 'invalidDate', never
 * compared. A hidden field (the number of animals outside 3D) is not checked. Messages are keys of the
 * `tournaments.rules` texts.
 *
 * The API's field schemas (and zod with them) load with the form's first check, not with the page:
 * most visits only read a tournament.
 */

const REQUIRED: Array<keyof TournamentFormValues> = [
  'name',
  'type',
  'start',
  'end',
  'openFrom',
  'openTo',
  'location',
  'contactPerson',
  'email',
];
/** The fields of the first step: moving on needs them (the contact person above all). */
export const GENERAL_FIELDS: Array<keyof TournamentFormValues> = [...REQUIRED, 'linkToRegistration'];
const DATE_FIELDS = ['start', 'end', 'openFrom', 'openTo'] as const;

/** The API's schemas of the fields the form checks with them. */
export type TournamentFieldSchemas = Pick<typeof tournamentParamsInput.shape, 'email' | 'linkToRegistration' | 'numberAnimals'>;

let fieldSchemas: Promise<TournamentFieldSchemas> | undefined;
/** Loads the API's field schemas once (a dynamic import). */
export function loadTournamentFieldSchemas(): Promise<TournamentFieldSchemas> {
  fieldSchemas ??= import('@/lib/schemas/tournaments').then((m) => m.tournamentParamsInput.shape);
  return fieldSchemas;
}

/** The first message of a field schema of the API, or null when it accepts the value. */
function schemaIssue(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } },
  value: unknown,
): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'required');
}

export function formIssues(
  schemas: TournamentFieldSchemas,
  v: TournamentFormValues,
  types: readonly TournamentType[],
  referees: readonly RefereeCandidate[],
  orgId: number,
  today = todayIso(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of REQUIRED) {
    const value = v[f];
    if (value === null || (typeof value === 'string' && !value.trim())) errors[f] = 'required';
  }
  const email = v.email.trim() ? schemaIssue(schemas.email, v.email.trim()) : null;
  if (email) errors.email = email;
  const link = schemaIssue(schemas.linkToRegistration, v.linkToRegistration);
  if (link) errors.linkToRegistration = link;
  const numberAnimals = shownNumberAnimals(v);
  const animals = numberAnimals === null ? null : schemaIssue(schemas.numberAnimals, numberAnimals);
  if (animals) errors.numberAnimals = animals;
  const dates = {
    start: completeIsoDate(v.start),
    end: completeIsoDate(v.end),
    openFrom: completeIsoDate(v.openFrom),
    openTo: completeIsoDate(v.openTo),
  };
  for (const f of DATE_FIELDS) if (!dates[f] && !errors[f]) errors[f] = 'invalidDate';
  const type = types.find((t) => t.id === v.type);
  if (type && dates.start && dates.end && dates.openFrom && dates.openTo) {
    const levels = new Map(referees.map((r) => [r.id, [`Schiedsrichter ${r.level}`]]));
    const issues = tournamentIssues(
      {
        orgId,
        start: dates.start,
        end: dates.end,
        openFrom: dates.openFrom,
        openTo: dates.openTo,
        discipline: v.discipline,
        rule: v.rule,
        divisions: v.divisions,
        gradeCodes: v.gradeCodes,
        mainRefereeId: v.mainRefereeId,
        refereeIds: v.refereeIds,
        numberAnimals,
      },
      { params: type.param as TournamentTypeParams },
      today,
      levels,
    );
    for (const i of issues) errors[i.field] ??= i.rule;
  }
  return errors;
}

export function tournamentResolver(
  types: readonly TournamentType[],
  referees: readonly RefereeCandidate[],
  orgId: number,
): Resolver<TournamentFormValues> {
  return async (values) => {
    const issues = formIssues(await loadTournamentFieldSchemas(), values, types, referees, orgId);
    const errors = Object.fromEntries(
      Object.entries(issues).map(([k, m]) => [k, { type: 'rule', message: m }]),
    ) as FieldErrors<TournamentFormValues>;
    return Object.keys(issues).length ? { values: {}, errors } : { values, errors: {} };
  };
}
