import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FORM_FUNCTION_IDS } from '@/lib/domain/functions';
import { functionAssignments, organisations } from '../db/schema';
import type { AppDeps } from '../http/context';
import { forbidden } from '../http/errors';

/**
 * Who is calling, and in which organisations they may act (DESIGN §4).
 * Every call that touches an organisation names the organisation the caller acts in (the O{org} of
 * the screen); the caller must hold an active system role there, for one of the functions that
 * open the screen in question. What the acting organisation may see or change (levels, own club,
 * cooperation partners) is decided by the rules in lib/domain with the ActingOrg returned here.
 */

export type ActingOrg = {
  id: number;
  level: number;
  motherId: number | null;
  coopPartner: boolean;
  /** The caller's functions (funkIds) in this organisation, active today. */
  functions: number[];
};

export type Caller = {
  memberId: number;
  /** Every organisation where the caller holds an active system role. */
  orgs: ActingOrg[];
};

/** The member's system roles: assignments active on `today` whose function opens a form (DESIGN §4). */
export function systemRoleAssignments(memberId: number, today: string) {
  return and(
    eq(functionAssignments.memberId, memberId),
    inArray(functionAssignments.roleId, [...FORM_FUNCTION_IDS]),
    lte(functionAssignments.dateFrom, today),
    gte(functionAssignments.dateTo, today),
  );
}

export async function loadCaller(deps: Pick<AppDeps, 'db' | 'clock'>, memberId: number): Promise<Caller> {
  const today = todayIso(deps.clock());
  const rows = await deps.db
    .select({
      orgId: functionAssignments.orgId,
      funkId: functionAssignments.roleId,
      level: organisations.orgLevel,
      motherId: organisations.orgMotherId,
      params: organisations.params,
    })
    .from(functionAssignments)
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(systemRoleAssignments(memberId, today));
  const byOrg = new Map<number, ActingOrg>();
  for (const r of rows) {
    const org = byOrg.get(r.orgId) ?? {
      id: r.orgId,
      level: r.level,
      motherId: r.motherId,
      coopPartner: Boolean(r.params?.coop_partner),
      functions: [],
    };
    if (!org.functions.includes(r.funkId)) org.functions.push(r.funkId);
    byOrg.set(r.orgId, org);
  }
  return { memberId, orgs: [...byOrg.values()] };
}

/**
 * The organisation `orgId` as the caller's acting organisation, when the caller holds one of
 * `functionIds` there; otherwise 403. This is the check every screen's API calls start with.
 */
export function actingOrg(caller: Caller, orgId: number, functionIds: readonly number[]): ActingOrg {
  const org = caller.orgs.find((o) => o.id === orgId);
  if (!org || !org.functions.some((f) => functionIds.includes(f))) {
    throw forbidden('You hold no function for this screen in this organisation');
  }
  return org;
}

/** Convenience: load the caller and resolve the acting organisation in one go. */
export async function requireActingOrg(
  deps: AppDeps,
  memberId: number,
  orgId: number,
  functionIds: readonly number[],
): Promise<ActingOrg> {
  return actingOrg(await loadCaller(deps, memberId), orgId, functionIds);
}

/**
 * The caller's organisations holding one of `functionIds`. For calls whose path does not name the
 * acting organisation (e.g. GET org/{id}), a target is allowed when ANY of these allows it.
 */
export function orgsWith(caller: Caller, functionIds: readonly number[]): ActingOrg[] {
  return caller.orgs.filter((o) => o.functions.some((f) => functionIds.includes(f)));
}
