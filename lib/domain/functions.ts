/**
 * Function (role) ids with a fixed meaning. A function id is also called funkId. The admin app's
 * form registry (app/form/.../forms.ts) and the API's access rules both use these names, so a
 * form and the right to its API calls cannot drift apart.
 */
export const FUNCTION_LICENCE = 29;
export const FUNCTION_MEMBERSHIP = 32;

/** Functions that open a form: holding one in an organisation is a system role there. */
export const FORM_PERSON_SEARCH = 46;
/** Organisations: 50 and 58 open the same form. */
export const FORM_ORGANISATIONS = 50;
export const FORM_ORGANISATIONS_ALT = 58;
/** Members: 52 is the same form with the "all" flag (every member of the federation). */
export const FORM_MEMBERS = 51;
export const FORM_ALL_MEMBERS = 52;
export const FORM_LICENCE_ORDER = 55;
export const FORM_ORDER_DETAIL = 56;
export const FORM_ROLE_EDIT = 66;
export const FORM_NEWS = 200;
export const FORM_HIDDEN_201 = 201;
export const FORM_TOURNAMENTS = 1000;
export const FORM_TOURNAMENT_APPROVAL = 1001;
export const FORM_TOURNAMENT_1002 = 1002;
export const FORM_NOMINATION = 1003;
export const FORM_INVENTORY = 1004;
export const FORM_ORDER_OVERVIEW = 1005;
export const FORM_MESSAGE_CENTRE = 1006;
/**
 * The federation's data-protection officer (Datenschutzbeauftragte(r)): finds a person and reads
 * who saw their record (lib/domain/privacy/rights.ts). Offered only in the federation.
 */
export const FORM_DATA_PROTECTION = 1007;
export const FORM_ORDER_CATEGORIES = 1032;

/** Every function that opens a form. */
export const FORM_FUNCTION_IDS = [
  FORM_PERSON_SEARCH,
  FORM_ORGANISATIONS,
  FORM_MEMBERS,
  FORM_ALL_MEMBERS,
  FORM_LICENCE_ORDER,
  FORM_ORDER_DETAIL,
  FORM_ORGANISATIONS_ALT,
  FORM_ROLE_EDIT,
  FORM_NEWS,
  FORM_HIDDEN_201,
  FORM_TOURNAMENTS,
  FORM_TOURNAMENT_APPROVAL,
  FORM_TOURNAMENT_1002,
  FORM_NOMINATION,
  FORM_INVENTORY,
  FORM_ORDER_OVERVIEW,
  FORM_MESSAGE_CENTRE,
  FORM_DATA_PROTECTION,
  FORM_ORDER_CATEGORIES,
] as const;

/** The functions that open the organisation form. */
export const ORGANISATION_FORM_FUNCTION_IDS = [FORM_ORGANISATIONS, FORM_ORGANISATIONS_ALT] as const;
/** The functions that open the member form. */
export const MEMBER_FORM_FUNCTION_IDS = [FORM_MEMBERS, FORM_ALL_MEMBERS] as const;

/** Tournament-administration functions: their holders appear under rolesOrg.tunierAdmin. */
export const TOURNAMENT_FUNCTION_IDS = [FORM_TOURNAMENTS, FORM_TOURNAMENT_APPROVAL, FORM_TOURNAMENT_1002, FORM_NOMINATION] as const;

/** Functions a trainer holds to use the member form: their holders appear under rolesOrg.trainerOrg. */
export const TRAINER_SYSTEM_FUNCTION_IDS = [FORM_MEMBERS] as const;

export function isSystemFunction(funkId: number): boolean {
  return (FORM_FUNCTION_IDS as readonly number[]).includes(funkId);
}

/** Organisation levels. */
export const ORG_LEVEL_FEDERATION = 1;
export const ORG_LEVEL_STATE = 2;
export const ORG_LEVEL_CLUB = 3;
export const FEDERATION_ORG_ID = 1;

/** Default excluded member group in member lists (its functions are left out of each member's list). */
export const DEFAULT_EXCLUDED_GROUP = 6;
