import { addDays } from './members';
import { FEDERATION_ORG_ID, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from './functions';

/**
 * Who may see and change which organisation, and which fields.
 * Pure: the API enforces these, the form uses the same functions to disable fields.
 * "Acting" is the organisation the user works in (O{org} of the screen); "target" the record shown.
 */

export type ActingOrgRef = { id: number; level: number; coopPartner: boolean };
export type TargetOrgRef = { id: number; motherId: number | null };

/** Federation sees all; a state association itself and its clubs; clubs and cooperation partners only themselves. */
export function canReadOrg(acting: ActingOrgRef, target: TargetOrgRef): boolean {
  if (acting.level === ORG_LEVEL_FEDERATION) return true;
  if (acting.id === target.id) return true;
  return acting.level === ORG_LEVEL_STATE && !acting.coopPartner && target.motherId === acting.id;
}

/**
 * "Editing an organisation is allowed for levels 1 and 3, or when the user's organisation is the one
 * shown." A level-3 user only ever sees their own club, so outside the federation this means: own record.
 * Hence a state association reads its clubs but does not change them.
 */
export function canEditOrg(acting: ActingOrgRef, target: { id: number }): boolean {
  return acting.level === ORG_LEVEL_FEDERATION || acting.id === target.id;
}

/** A new organisation is never "the user's own": only the federation creates them. */
export function canCreateOrg(acting: ActingOrgRef): boolean {
  return acting.level === ORG_LEVEL_FEDERATION;
}

export type FieldRights = {
  /** Start, end and inoperative-since dates: level 1 only. */
  dates: boolean;
  /** BSO number: disabled above level 2, i.e. levels 1 and 2 may change it. */
  bso: boolean;
  /** Cooperation-partner flag: level 1 only. */
  coopPartner: boolean;
  /** Level and parent organisation (the organisation tree): level 1 only. */
  parent: boolean;
};

export function fieldRights(acting: Pick<ActingOrgRef, 'level'>): FieldRights {
  const federation = acting.level === ORG_LEVEL_FEDERATION;
  return { dates: federation, bso: acting.level <= ORG_LEVEL_STATE, coopPartner: federation, parent: federation };
}

/** The end-date picker allows today up to 364 days ahead (inclusive). */
export const END_DATE_MAX_DAYS = 364;

export function endDateRange(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, END_DATE_MAX_DAYS) };
}

/** ISO dates compare correctly as strings. */
export function isEndDateInRange(endDate: string, today: string): boolean {
  const { min, max } = endDateRange(today);
  return endDate >= min && endDate <= max;
}

/** Every organisation names its federal state, except the federation itself (organisation 1). */
export function federalStateRequired(orgId: number | null | undefined): boolean {
  return orgId !== FEDERATION_ORG_ID;
}

/** The organisation values the rules look at. */
export type OrgRuleValues = {
  id: number | null;
  orgStartDate: string | null;
  orgEndDate: string | null;
  inoperativeSince: string | null;
  bso: string | null;
  coopPartner: boolean;
  orgLevel: number;
  orgMotherId: number | null;
  federalState: string | null;
};

export type RuleViolation =
  | { kind: 'field_not_allowed'; field: string }
  | { kind: 'end_date_range'; field: 'orgEndDate'; min: string; max: string }
  | { kind: 'required'; field: string };

/** Which restricted fields hold a value different from before (a new record: different from empty). */
function changed<T>(before: T | null | undefined, after: T | null | undefined): boolean {
  return (before ?? null) !== (after ?? null);
}

/**
 * The level rules for saving `after` (over `before`, or null when creating) as `acting`.
 * Only CHANGED restricted values are refused, so sending a record back unchanged always passes.
 * Returns the first violation, or null.
 */
export function checkOrgChange(
  acting: Pick<ActingOrgRef, 'level'>,
  before: OrgRuleValues | null,
  after: OrgRuleValues,
  today: string,
): RuleViolation | null {
  const rights = fieldRights(acting);
  const base: OrgRuleValues = before ?? {
    id: null,
    orgStartDate: null,
    orgEndDate: null,
    inoperativeSince: null,
    bso: null,
    coopPartner: false,
    orgLevel: after.orgLevel,
    orgMotherId: after.orgMotherId,
    federalState: null,
  };
  const restricted: Array<[keyof FieldRights, string, unknown, unknown]> = [
    ['dates', 'orgStartDate', base.orgStartDate, after.orgStartDate],
    ['dates', 'orgEndDate', base.orgEndDate, after.orgEndDate],
    ['dates', 'inoperativeSince', base.inoperativeSince, after.inoperativeSince],
    ['bso', 'bso', base.bso, after.bso],
    ['coopPartner', 'params.coop_partner', base.coopPartner, after.coopPartner],
    ['parent', 'orgLevel', base.orgLevel, after.orgLevel],
    ['parent', 'orgMotherId', base.orgMotherId, after.orgMotherId],
  ];
  for (const [right, field, was, now] of restricted) {
    if (!rights[right] && changed(was, now)) return { kind: 'field_not_allowed', field };
  }
  // Dissolving the federation would end every federation function, including the ones that could undo it.
  if (after.id === FEDERATION_ORG_ID && after.orgEndDate && changed(base.orgEndDate, after.orgEndDate)) {
    return { kind: 'field_not_allowed', field: 'orgEndDate' };
  }
  if (after.orgEndDate && changed(base.orgEndDate, after.orgEndDate) && !isEndDateInRange(after.orgEndDate, today)) {
    return { kind: 'end_date_range', field: 'orgEndDate', ...endDateRange(today) };
  }
  if (federalStateRequired(after.id) && !after.federalState?.trim()) return { kind: 'required', field: 'params.federalState' };
  return null;
}

/** Setting or changing the end date dissolves the organisation (its functions end as of that date). */
export function isDissolving(before: { orgEndDate: string | null } | null, after: { orgEndDate: string | null }): boolean {
  return Boolean(after.orgEndDate) && (before?.orgEndDate ?? null) !== after.orgEndDate;
}

/** Training offers of a place. */
export const TRAINING_OFFERS = ['Indoor', 'Outdoor', '3D', 'Feld'] as const;
export type TrainingOffer = (typeof TRAINING_OFFERS)[number];

/** Document types of an organisation. */
export const DOCUMENT_TYPES = ['Statuten', 'ZVR-Auszug', 'Vereinsgründung'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isValidLatitude(lat: number): boolean {
  return Number.isFinite(lat) && lat >= -90 && lat <= 90;
}

export function isValidLongitude(lon: number): boolean {
  return Number.isFinite(lon) && lon >= -180 && lon <= 180;
}

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)`;
const COORDINATES = new RegExp(String.raw`^\s*(${NUMBER})\s*[,;]\s*(${NUMBER})\s*$`);

/** Geo coordinates are entered as 'lat, lon'. Null when malformed or out of range. */
export function parseCoordinates(text: string): { lat: number; lon: number } | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return isValidLatitude(lat) && isValidLongitude(lon) ? { lat, lon } : null;
}

/** The 'lat, lon' text for a stored place (empty when it has none). */
export function formatCoordinates(lat: number | null | undefined, lon: number | null | undefined): string {
  return lat == null || lon == null ? '' : `${lat}, ${lon}`;
}
