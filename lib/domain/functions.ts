/**
 * Function (role) ids with a fixed meaning.
 * A function id is also called funkId.
 */
export const FUNCTION_LICENCE = 29;
export const FUNCTION_MEMBERSHIP = 32;

/** Functions that open a form in the admin application. Holding one = a system role. */
export const FORM_FUNCTION_IDS = [46, 50, 51, 52, 55, 56, 58, 66, 200, 201, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1032] as const;

/** Tournament-administration functions: their holders appear under rolesOrg.tunierAdmin. */
export const TOURNAMENT_FUNCTION_IDS = [1000, 1001, 1002, 1003] as const;

/** Functions a trainer holds to use the member form: their holders appear under rolesOrg.trainerOrg. */
export const TRAINER_SYSTEM_FUNCTION_IDS = [51] as const;

export function isSystemFunction(funkId: number): boolean {
  return (FORM_FUNCTION_IDS as readonly number[]).includes(funkId);
}

/** Organisation levels. */
export const ORG_LEVEL_FEDERATION = 1;
export const ORG_LEVEL_STATE = 2;
export const ORG_LEVEL_CLUB = 3;
export const FEDERATION_ORG_ID = 1;

/** Default excluded member group in member lists. */
export const DEFAULT_EXCLUDED_GROUP = 6;
