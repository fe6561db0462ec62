import { FEDERATION_ORG_ID, MEMBER_FORM_FUNCTION_IDS, ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION } from './functions';

/**
 * Who may do what on the member form, as pure rules over the caller's acting
 * organisations. The API (server/services/member-access.ts) feeds them from the database; the
 * screen uses the same functions to hide what would be refused.
 */

/** The member form: function 51, and 52 with the "all" flag (defined with the other function ids). */
export { MEMBER_FORM_FUNCTION_IDS };

export type OrgRef = { id: number; level: number };

/** Members may be edited at levels 1 and 3; a state association (2) only reads. */
export function editsMembersAt(org: OrgRef): boolean {
  return org.level === ORG_LEVEL_FEDERATION || org.level === ORG_LEVEL_CLUB;
}

/** Only the federation (level 1) deletes members, and only saved ones. */
export function mayDeleteMembers(orgs: readonly OrgRef[]): boolean {
  return orgs.some((o) => o.level === ORG_LEVEL_FEDERATION);
}

/** Ending a membership: the federation (organisation 1 / level 1) or the membership's own club. */
export function mayEndMembershipIn(orgs: readonly OrgRef[], membershipOrgId: number): boolean {
  return orgs.some((o) => o.id === FEDERATION_ORG_ID || o.level === ORG_LEVEL_FEDERATION || o.id === membershipOrgId);
}

/** Adding a membership in a club: the federation, or that club itself. */
export function mayAddMembershipIn(orgs: readonly OrgRef[], clubId: number): boolean {
  return orgs.some((o) => o.level === ORG_LEVEL_FEDERATION || (o.level === ORG_LEVEL_CLUB && o.id === clubId));
}

export type TrainingRule = {
  rules?: { editAtOrgLevel?: number[] } | null;
  params?: { orgWhitelist?: number[] } | null;
};

/**
 * May `org` record or remove this training type? Its level must be listed in rules.editAtOrgLevel
 * (no list = no level) and, when params.orgWhitelist is set, the organisation must be on it.
 */
export function trainingEditableBy(def: TrainingRule, org: OrgRef): boolean {
  const levels = def.rules?.editAtOrgLevel ?? [];
  if (!levels.includes(org.level)) return false;
  const whitelist = def.params?.orgWhitelist;
  return !whitelist || whitelist.length === 0 || whitelist.includes(org.id);
}

export type RoleRule = { params?: { editWhitelist?: number[]; orgWhitelist?: number[]; orgBlacklist?: number[] } | null };

/** Is this role offered in organisation `orgId` (orgWhitelist / orgBlacklist)? */
export function roleOfferedIn(role: RoleRule, orgId: number): boolean {
  const p = role.params ?? {};
  if (p.orgWhitelist && p.orgWhitelist.length > 0 && !p.orgWhitelist.includes(orgId)) return false;
  if (p.orgBlacklist && p.orgBlacklist.includes(orgId)) return false;
  return true;
}

/** May a caller acting in one of `orgIds` assign/edit this role (params.editWhitelist)? */
export function roleEditableBy(role: RoleRule, orgIds: readonly number[]): boolean {
  const list = role.params?.editWhitelist;
  if (!list || list.length === 0) return true;
  return orgIds.some((id) => list.includes(id));
}

/**
 * The organisations a caller may put a function into: the federation anywhere, a club only
 * itself; state associations only read.
 */
export function mayAssignFunctionsIn(orgs: readonly OrgRef[], targetOrgId: number): boolean {
  return orgs.some((o) => o.level === ORG_LEVEL_FEDERATION || (o.level === ORG_LEVEL_CLUB && o.id === targetOrgId));
}

/**
 * Who sees a member's profile picture: everyone signed in while the member shows their profile
 * (`profileVisible`; not set = not shown); otherwise only the member and whoever may read their
 * record (the member form of an organisation they belong to, the federation's).
 */
export function profilePictureShown(profileVisible: boolean | undefined, viewer: { isSelf: boolean; readsRecord: boolean }): boolean {
  return profileVisible === true || viewer.isSelf || viewer.readsRecord;
}
