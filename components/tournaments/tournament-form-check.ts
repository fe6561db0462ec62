import type { FieldErrors, Resolver } from 'react-hook-form';
import { todayIso } from '@/lib/domain/dates';
import { tournamentIssues, type TournamentTypeParams } from '@/lib/domain/tournaments/rules';
import type { RefereeCandidate, TournamentType } from '@/lib/api/tournaments';
import type { TournamentFormValues } from './tournament-view';

/**
 * The form's own check, before the API checks the same again: the required fields (name, dates,
 * location, type, contact person, e-mail) and every rule of lib/domain/tournaments/rules.ts.
 * Messages are keys of the `tournaments.rules` texts.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REQUIRED: Array<keyof TournamentFormValues> = ['name', 'type', 'start', 'end', 'openFrom', 'openTo', 'location', 'contactPerson', 'email'];
/** The fields of the first step: moving on needs them (the contact person above all). */
export const GENERAL_FIELDS: Array<keyof TournamentFormValues> = REQUIRED;

export function formIssues(v: TournamentFormValues, types: readonly TournamentType[], referees: readonly RefereeCandidate[], orgId: number, today = todayIso()): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of REQUIRED) {
    const value = v[f];
    if (value === null || (typeof value === 'string' && !value.trim())) errors[f] = 'required';
  }
  if (v.email.trim() && !EMAIL.test(v.email.trim())) errors.email = 'emailInvalid';
  const type = types.find((t) => t.id === v.type);
  if (type && v.start && v.end && v.openFrom && v.openTo) {
    const levels = new Map(referees.map((r) => [r.id, [`Schiedsrichter ${r.level}`]]));
    const issues = tournamentIssues(
      {
        orgId,
        start: v.start,
        end: v.end,
        openFrom: v.openFrom,
        openTo: v.openTo,
        discipline: v.discipline,
        rule: v.rule,
        divisions: v.divisions,
        gradeCodes: v.gradeCodes,
        mainRefereeId: v.mainRefereeId,
        refereeIds: v.refereeIds,
        numberAnimals: v.numberAnimals.trim() ? Number(v.numberAnimals) : null,
      },
      { params: type.param as TournamentTypeParams },
      today,
      levels,
    );
    for (const i of issues) errors[i.field] ??= i.rule;
  }
  return errors;
}

export function tournamentResolver(types: readonly TournamentType[], referees: readonly RefereeCandidate[], orgId: number): Resolver<TournamentFormValues> {
  return async (values) => {
    const issues = formIssues(values, types, referees, orgId);
    const errors = Object.fromEntries(Object.entries(issues).map(([k, m]) => [k, { type: 'rule', message: m }])) as FieldErrors<TournamentFormValues>;
    return Object.keys(issues).length ? { values: {}, errors } : { values, errors: {} };
  };
}
