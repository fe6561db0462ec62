import { and, inArray } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import type { OrgRef } from '@/lib/domain/member-permissions';
import type { ReachFacts } from '@/lib/domain/reach';
import { functionAssignments } from '../db/schema';
import type { AppDeps } from '../http/context';
import { assignmentHeldOn } from './assignment-days';

/**
 * The facts the reach rule (lib/domain/reach.ts) decides on, read from the database: whether the
 * caller acts from the federation, and whether each person holds an active function today in one
 * of the clubs where the caller holds the rights the write in question needs (`actingOrgs`). A state association among the
 * acting organisations adds nothing: its reading reach is no ground to connect anyone.
 * Persons that do not exist come back with ownMemberOfActingClub false, like strangers.
 */
export async function reachFactsOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actingOrgs: readonly OrgRef[],
  memberIds: readonly number[],
): Promise<Map<number, ReachFacts>> {
  const fromFederation = actingOrgs.some((o) => o.level === ORG_LEVEL_FEDERATION);
  const clubIds = [...new Set(actingOrgs.filter((o) => o.level === ORG_LEVEL_CLUB).map((o) => o.id))];
  const ids = [...new Set(memberIds)];
  const own = new Set<number>();
  if (!fromFederation && clubIds.length > 0 && ids.length > 0) {
    const today = todayIso(deps.clock());
    const rows = await deps.db
      .selectDistinct({ memberId: functionAssignments.memberId })
      .from(functionAssignments)
      .where(and(inArray(functionAssignments.memberId, ids), inArray(functionAssignments.orgId, clubIds), assignmentHeldOn(today)));
    for (const r of rows) own.add(r.memberId);
  }
  return new Map(ids.map((id) => [id, { fromFederation, ownMemberOfActingClub: own.has(id) }]));
}

/** The facts for one person. */
export async function reachFactsFor(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actingOrgs: readonly OrgRef[],
  memberId: number,
): Promise<ReachFacts> {
  return (await reachFactsOf(deps, actingOrgs, [memberId])).get(memberId)!;
}
