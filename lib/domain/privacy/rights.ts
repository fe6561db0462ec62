import { FEDERATION_ORG_ID, FORM_ALL_MEMBERS, FORM_DATA_PROTECTION, ORG_LEVEL_FEDERATION } from '../functions';

/**
 * Who handles a person's data rights. The federation's staff with the all-members form (52) carry
 * out a person's requests: they export and erase. The data-protection officer (1007) reviews what
 * was done: they find any person (name, birth year, registration number and organisations only)
 * and read who saw the record; they neither export (the export holds every contact detail) nor
 * erase nor change a record, so the one who checks the handling is not the one who does it.
 */
export const EXPORT_AND_ERASE_FUNCTIONS = [FORM_ALL_MEMBERS] as const;
export const READ_TRAIL_FUNCTIONS = [FORM_DATA_PROTECTION] as const;

/** A system role as the shell knows it: the function, the organisation and (when told) its level. */
export interface HeldRole {
  funkId: number;
  orgId: number;
  orgLevel?: number | null;
}

/** What the member screen offers on a person's data rights. */
export interface PrivacyRights {
  /** Download the person's data, plan and run the erasure. */
  exportAndErase: boolean;
  /** Read who saw the person's record. */
  readTrail: boolean;
  /** Reset the person's second sign-in factor (anyone acting for the federation but the officer alone). */
  resetSecondFactor: boolean;
}

const inFederation = (r: HeldRole) => (r.orgLevel == null ? r.orgId === FEDERATION_ORG_ID : r.orgLevel === ORG_LEVEL_FEDERATION);

/**
 * Federation staff: whoever holds a system role of the federation other than the data-protection
 * officer's (`functions`: those the caller holds in the federation). The officer alone reads who
 * saw a person's record and changes nothing: no second-factor reset, no audit trail with its
 * before-and-after values.
 */
export function isFederationStaff(functions: readonly number[]): boolean {
  return functions.some((f) => f !== FORM_DATA_PROTECTION);
}

/**
 * The rights a caller has on every person, from the system roles they hold in the federation (the
 * API decides in the end; this only keeps the screen from offering what it would refuse).
 */
export function privacyRightsOf(roles: ReadonlyArray<HeldRole>): PrivacyRights {
  const holds = (functions: readonly number[]) => roles.some((r) => inFederation(r) && functions.includes(r.funkId));
  return {
    exportAndErase: holds(EXPORT_AND_ERASE_FUNCTIONS),
    readTrail: holds(READ_TRAIL_FUNCTIONS),
    resetSecondFactor: isFederationStaff(roles.filter(inFederation).map((r) => r.funkId)),
  };
}

export type ExportFormat = 'json' | 'pdf' | 'zip';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'pdf', 'zip'];
