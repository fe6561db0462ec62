import { completeIsoDate } from './dates';
import { mayGrant, type HeldFunction } from './function-rank';
import { FUNCTION_MEMBERSHIP } from './functions';
import { roleEditableBy, roleOfferedIn, type RoleRule } from './member-permissions';
import { mayConnect, type ReachFacts } from './reach';

/**
 * Bulk role assignment: every person × role of a request gets its own verdict, so one refused
 * pair does not stop the others. A pair is refused, with the first reason that applies, when:
 * - the role does not exist (unknownRole);
 * - the period ends before it starts (endBeforeStart);
 * - the role is not offered in the organisation (its
 *   orgWhitelist / orgBlacklist: notAllowedHere);
 * - the caller may not give it (editWhitelist, or a function of rank their own system roles do
 *   not cover: aboveCaller);
 * - the caller does not reach the person, or there is no such person (notReached): a function
 *   makes its holder an own member of the organisation, so only someone who reaches them gives
 *   one (lib/domain/reach.ts); the two cases answer alike, so the verdict tells nothing about
 *   persons beyond the caller's reach;
 * - the person is not a member of the organisation (notAMember), unless the role is the membership;
 * - the person holds the role there already in an overlapping period (overlapping).
 */

export const ASSIGNMENT_REFUSALS = [
  'unknownRole',
  'endBeforeStart',
  'notAllowedHere',
  'aboveCaller',
  'notReached',
  'notAMember',
  'overlapping',
] as const;
export type AssignmentRefusal = (typeof ASSIGNMENT_REFUSALS)[number];

export type AssignmentContext = {
  org: { id: number; level: number; motherId: number | null };
  /** The caller's system roles (with their organisations) and the organisations they act from. */
  caller: { functions: readonly HeldFunction[]; actingOrgIds: readonly number[] };
  start: string;
  end: string;
};

export type PairFacts = {
  role: (RoleRule & { id: number }) | null;
  /** What the reach rule knows about the caller and the person; null: there is no such person. */
  reach: ReachFacts | null;
  isMember: boolean;
  /** The person's periods of this role in this organisation. */
  held: ReadonlyArray<{ dateFrom: string; dateTo: string }>;
};

export function overlaps(a: { dateFrom: string; dateTo: string }, b: { dateFrom: string; dateTo: string }): boolean {
  return a.dateFrom <= b.dateTo && b.dateFrom <= a.dateTo;
}

export function assignmentRefusal(ctx: AssignmentContext, facts: PairFacts): AssignmentRefusal | null {
  const { role } = facts;
  if (!role) return 'unknownRole';
  if (ctx.end < ctx.start) return 'endBeforeStart';
  if (!roleOfferedIn(role, ctx.org.id)) return 'notAllowedHere';
  if (!mayGiveRole(ctx, role)) return 'aboveCaller';
  if (!facts.reach || !mayConnect(facts.reach)) return 'notReached';
  // Membership itself (function 32) is how someone becomes a member.
  if (!facts.isMember && role.id !== FUNCTION_MEMBERSHIP) return 'notAMember';
  if (facts.held.some((h) => overlaps(h, { dateFrom: ctx.start, dateTo: ctx.end }))) return 'overlapping';
  return null;
}

/** May the caller give `role` in the context's organisation (editWhitelist, and rank their system roles cover)? */
export function mayGiveRole(ctx: Pick<AssignmentContext, 'org' | 'caller'>, role: RoleRule & { id: number }): boolean {
  const granted: HeldFunction = { funkId: role.id, orgId: ctx.org.id, orgLevel: ctx.org.level, orgMotherId: ctx.org.motherId };
  return roleEditableBy(role, ctx.caller.actingOrgIds) && mayGrant({ functions: ctx.caller.functions }, granted);
}

/**
 * Undoing a batch takes its functions away again, so it is for the batch's author, or for someone
 * who may give every role of the batch in its organisation: nobody undoes what they could not grant.
 */
export function mayUndoBatch(
  ctx: Pick<AssignmentContext, 'org' | 'caller'> & { callerId: number },
  batch: { createdBy: number | null; roles: ReadonlyArray<RoleRule & { id: number }> },
): boolean {
  if (batch.createdBy !== null && batch.createdBy === ctx.callerId) return true;
  return batch.roles.every((role) => mayGiveRole(ctx, role));
}

/**
 * The dates of the assignment dialog: a start or an end is needed ('Datum fehlt!'); without a
 * start the assignment starts today. The end may not be before the start ('Falsches Datum!').
 * Text that is not a complete date (still being typed, or refused by the date field, which says
 * so itself) is 'dateInvalid' and never compared.
 */
export function assignmentDatesProblem(
  start: string | null,
  end: string | null,
  today: string,
): 'dateMissing' | 'dateWrong' | 'dateInvalid' | null {
  if (!start && !end) return 'dateMissing';
  const from = start ? completeIsoDate(start) : today;
  const to = end ? completeIsoDate(end) : null;
  if (!from || (end && !to)) return 'dateInvalid';
  if (to && to < from) return 'dateWrong';
  return null;
}
