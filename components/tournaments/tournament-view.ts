import type { Tournament } from '@/lib/schemas/tournaments';
import type { TournamentType } from '@/lib/api/tournaments';
import type { TournamentVersion } from '@/lib/domain/tournaments/approval';
import { DISCIPLINE_3D } from '@/lib/domain/tournaments/status';

/** Tournaments per page of the left list. */
export const TOURNAMENT_PAGE_SIZE = 7;
/** The approval screen's filters (type filters and 'erstellt'). */
export const APPROVAL_FILTERS = ['Leistungssport', 'Leistungssport 3D', 'Leistungssport ÖSTM/ÖM', 'Breitensport', 'erstellt'] as const;
/**
 * The message key (under tournaments.filterLabels) of a filter value: the API takes the German
 * values, the screen shows them in its language. A type filter not listed shows as it is.
 */
export const FILTER_LABEL_KEYS: Readonly<Record<string, string>> = {
  Leistungssport: 'performance',
  'Leistungssport 3D': 'performance3d',
  'Leistungssport ÖSTM/ÖM': 'championships',
  Breitensport: 'recreational',
  erstellt: 'created',
};
/** The form's steps: general, competition, attachments, payment. */
export const TOURNAMENT_STEPS = ['general', 'competition', 'attachments', 'payment'] as const;
/** A required field's border flashes this long after a refused step or save. */
export const REQUIRED_FLASH_MS = 5500;

/** The step (index into TOURNAMENT_STEPS) that shows each field that can be refused; the rest is on the first. */
const COMPETITION_FIELDS = new Set([
  'discipline',
  'rule',
  'divisions',
  'gradeCodes',
  'mainReferee',
  'mainRefereeId',
  'referees',
  'refereeIds',
  'numberAnimals',
  'rangeCommanders',
]);
export function stepOfField(field: string): number {
  return COMPETITION_FIELDS.has(field.replace(/^params\./, '')) ? 1 : 0;
}

export type TournamentFormValues = {
  name: string;
  type: number | null;
  start: string | null;
  end: string | null;
  openFrom: string | null;
  openTo: string | null;
  location: string;
  linkToRegistration: string;
  contactPerson: string;
  email: string;
  phone: string;
  discipline: number | null;
  rule: string | null;
  divisions: string[];
  gradeCodes: string[];
  mainRefereeId: number | null;
  refereeIds: number[];
  numberAnimals: string;
  rangeCommanders: Array<{ firstName: string; lastName: string }>;
};

export function toFormValues(t: Tournament | null): TournamentFormValues {
  const p = t?.params;
  return {
    name: t?.name ?? '',
    type: t?.type ?? null,
    start: t?.start ?? null,
    end: t?.end ?? null,
    openFrom: t?.openFrom ?? null,
    openTo: t?.openTo ?? null,
    location: p?.location ?? '',
    linkToRegistration: p?.linkToRegistration ?? '',
    contactPerson: p?.contactPerson ?? '',
    email: p?.email ?? '',
    phone: p?.phone ?? '',
    discipline: p?.discipline ?? null,
    rule: p?.rule ?? null,
    divisions: p?.divisions ?? [],
    gradeCodes: p?.gradeCodes ?? [],
    mainRefereeId: p?.mainReferee?.id ?? null,
    refereeIds: (p?.referees ?? []).map((r) => r.id),
    numberAnimals: p?.numberAnimals ? String(p.numberAnimals) : '',
    rangeCommanders: p?.rangeCommanders ?? [],
  };
}

/**
 * The number of animals as the form shows it: only for 3D. A field that is hidden is neither sent
 * nor checked, so a number typed before switching away from 3D does not block saving.
 */
export function shownNumberAnimals(v: Pick<TournamentFormValues, 'discipline' | 'numberAnimals'>): number | null {
  return v.discipline === DISCIPLINE_3D && v.numberAnimals.trim() ? Number(v.numberAnimals.trim()) : null;
}

/** The API's body from the form (the API checks every rule again). */
export function toInput(v: TournamentFormValues) {
  return {
    name: v.name,
    type: v.type,
    start: v.start,
    end: v.end,
    openFrom: v.openFrom,
    openTo: v.openTo,
    params: {
      location: v.location,
      linkToRegistration: v.linkToRegistration.trim() || null,
      contactPerson: v.contactPerson,
      email: v.email.trim(),
      phone: v.phone.trim() || null,
      discipline: v.discipline,
      rule: v.rule,
      divisions: v.divisions,
      gradeCodes: v.gradeCodes,
      mainReferee: v.mainRefereeId === null ? null : { id: v.mainRefereeId },
      referees: v.refereeIds.map((id) => ({ id })),
      numberAnimals: shownNumberAnimals(v),
      rangeCommanders: v.rangeCommanders.filter((r) => r.firstName.trim() || r.lastName.trim()),
    },
  };
}

/** The form's values as a version of the tournament (to compare with the stored one). */
export function toVersion(v: TournamentFormValues): TournamentVersion {
  const input = toInput(v);
  return {
    ...input,
    name: input.name,
    start: input.start ?? '',
    end: input.end ?? '',
    openFrom: input.openFrom ?? '',
    openTo: input.openTo ?? '',
  };
}

/** The types an organisation may announce (their orgWhitelist). */
export function typesFor(types: readonly TournamentType[], orgId: number): TournamentType[] {
  return types.filter((t) => !t.param.orgWhitelist || t.param.orgWhitelist.length === 0 || t.param.orgWhitelist.includes(orgId));
}

export const STATUS_TONE: Record<Tournament['status'], string> = {
  canceled: 'bg-red-100 text-red-800',
  over: 'bg-gray-200 text-gray-700',
  ongoing: 'bg-amber-100 text-amber-900',
  changed: 'bg-orange-100 text-orange-900',
  approved: 'bg-green-100 text-green-800',
  created: 'bg-blue-100 text-blue-800',
};
