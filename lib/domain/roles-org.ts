import { TOURNAMENT_FUNCTION_IDS, TRAINER_SYSTEM_FUNCTION_IDS, isSystemFunction } from './functions';

import type { RoleOrgEntry, RolesOrg, SystemRole } from '@/lib/schemas/user';

export type { RolesOrg, SystemRole } from '@/lib/schemas/user';

/**
 * getUser.rolesOrg, derived from the user's active system roles:
 * - tunierAdmin: organisations where the user holds a tournament function (1000–1003);
 * - adminOrg: organisations where the user holds any other form function except the member form alone;
 * - trainerOrg: organisations where the user's only non-tournament form function is the member form (51),
 *   which is what a trainer gets.
 * Each organisation appears at most once per list, with the first (lowest funkId) assignment's funkMgId.
 */
export function deriveRolesOrg(roles: Array<SystemRole & { orgName: string }>): RolesOrg {
  const byOrg = new Map<number, Array<SystemRole & { orgName: string }>>();
  for (const r of [...roles].filter((r) => isSystemFunction(r.funkId)).sort((a, b) => a.funkId - b.funkId)) {
    byOrg.set(r.orgId, [...(byOrg.get(r.orgId) ?? []), r]);
  }
  const trainerOrg: RoleOrgEntry[] = [];
  const adminOrg: RoleOrgEntry[] = [];
  const tunierAdmin: RoleOrgEntry[] = [];
  const entry = (r: SystemRole & { orgName: string }) => ({ orgId: r.orgId, orgName: r.orgName, funkMgId: r.funkMgId });
  for (const list of byOrg.values()) {
    const tournament = list.filter((r) => (TOURNAMENT_FUNCTION_IDS as readonly number[]).includes(r.funkId));
    const other = list.filter((r) => !(TOURNAMENT_FUNCTION_IDS as readonly number[]).includes(r.funkId));
    if (tournament.length) tunierAdmin.push(entry(tournament[0]));
    if (other.length && other.every((r) => (TRAINER_SYSTEM_FUNCTION_IDS as readonly number[]).includes(r.funkId))) {
      trainerOrg.push(entry(other[0]));
    } else if (other.length) {
      adminOrg.push(entry(other[0]));
    }
  }
  return [{ trainerOrg }, { adminOrg }, { tunierAdmin }];
}
