import type { RoleGroup } from '@/lib/schemas/member-responses';
import { roleEditableBy, roleOfferedIn, type RoleRule } from '@/lib/domain/member-permissions';

/** Organisations per page of the left list. */
export const ROLE_ORG_PAGE_SIZE = 11;
/** Members per page of the member table. */
export const ROLE_MEMBERS_PAGE_SIZE = 20;
/** The member search of the add mode starts above this many characters. */
export const ROLE_SEARCH_MIN = 3;
/** The role groups the role screen works with (its filter codes), in this order. */
export const ROLE_SCREEN_GROUPS = [8, 11, 1, 3, 6, 9, 41, 7, 26] as const;

/** The groups of the screen, each with the roles offered in `orgId` that the caller (acting in `actingOrgIds`) may give. */
export function offeredGroups(groups: readonly RoleGroup[], orgId: number, actingOrgIds: readonly number[]): RoleGroup[] {
  return ROLE_SCREEN_GROUPS.flatMap((id) => {
    const group = groups.find((g) => g.id === id);
    if (!group) return [];
    const roles = group.roles.filter((r) => roleOfferedIn(r as RoleRule, orgId) && roleEditableBy(r as RoleRule, actingOrgIds));
    return roles.length ? [{ ...group, roles }] : [];
  });
}
