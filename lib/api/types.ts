/** Shapes of the federation API answers used by the admin app . */

export interface OrgRef {
  orgId: number;
  orgName: string;
  funkMgId: number;
}

/** rolesOrg: one entry per kind, each holding a list. */
export type RolesOrgEntry = { trainerOrg?: OrgRef[]; adminOrg?: OrgRef[]; tunierAdmin?: OrgRef[] };

export interface User {
  mg_id: number;
  imageLink: string | null;
  rolesOrg: RolesOrgEntry[];
  givenName: string | null;
  familyName: string | null;
  birthDate: string | null;
  gender: 'm' | 'w' | 'd' | null;
  nationality: number | null;
  email: string | null;
  cellPhone: string | null;
  companyPhone: string | null;
  jr_id: string | number | null;
  ext_id: string | number | null;
  city: string | null;
  address: string | null;
  zip: string | null;
  sysconfig?: { EMAIL_REPLY_TO?: { title: string; value: string }[] };
}

export interface SystemRole {
  funkId: number;
  functionName: string;
  orgId: number;
  funkMgId: number;
}

export interface Country {
  id: number;
  iso2: string;
  nameDe: string;
  nameEn: string;
}
