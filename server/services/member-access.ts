import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { functionAssignments, organisations } from '../db/schema';
import type { AppDeps } from '../http/context';

/** The member form's functions (51, and 52 with the "all" flag): holding one is the right to edit members. */
export const MEMBER_FORM_FUNCTION_IDS = [51, 52];

/**
 * May `callerId` change `memberId`'s record (e.g. the profile picture)?
 * - always their own record;
 * - with an active member-form function in the federation (level 1): every member;
 * - with one in a club (level 3): members who hold an active function there (membership, licence ...);
 * - a state association (level 2) reads members but does not edit them (core §6).
 * The members issue extends this with its own rules; the image upload uses it as is.
 */
export async function canEditMember(deps: AppDeps, callerId: number, memberId: number): Promise<boolean> {
  if (callerId === memberId) return true;
  const today = todayIso(deps.clock());
  const editorOrgs = await deps.db
    .select({ orgId: functionAssignments.orgId, level: organisations.orgLevel })
    .from(functionAssignments)
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(
      and(
        eq(functionAssignments.memberId, callerId),
        inArray(functionAssignments.roleId, MEMBER_FORM_FUNCTION_IDS),
        lte(functionAssignments.dateFrom, today),
        gte(functionAssignments.dateTo, today),
      ),
    );
  if (editorOrgs.some((o) => o.level === ORG_LEVEL_FEDERATION)) return true;
  const clubIds = editorOrgs.filter((o) => o.level === ORG_LEVEL_CLUB).map((o) => o.orgId);
  if (clubIds.length === 0) return false;
  const [inClub] = await deps.db
    .select({ id: functionAssignments.id })
    .from(functionAssignments)
    .where(
      and(
        eq(functionAssignments.memberId, memberId),
        inArray(functionAssignments.orgId, clubIds),
        lte(functionAssignments.dateFrom, today),
        gte(functionAssignments.dateTo, today),
      ),
    )
    .limit(1);
  return Boolean(inClub);
}
