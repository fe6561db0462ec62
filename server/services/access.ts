import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayIso } from '@/lib/domain/dates';
import { FORM_FUNCTION_IDS, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { functionAssignments, members, organisations, roles } from '../db/schema';
import type { AppDeps } from '../http/context';
import { forbidden } from '../http/errors';
import type { MemberProfile } from './sessions';
import { assignmentHeldOn } from './assignment-days';

/**
 * Who is calling, and in which organisations they may act.
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
  /** A state association's clubs (its sub-organisations), loaded with the caller; absent for other levels. */
  clubIds?: number[];
};

export type Caller = {
  memberId: number;
  /** Every organisation where the caller holds an active system role. */
  orgs: ActingOrg[];
  /** Read with the session check: the signed-in member's profile and named system roles. */
  signedIn?: SignedIn;
};

/** A system role as GET /admin/systemroles and GET /getUser's rolesOrg name it. */
export type NamedSystemRole = { funkId: number; functionName: string; orgId: number; orgName: string; orgLevel: number; funkMgId: number };

export type SignedIn = { profile: MemberProfile; systemRoles: NamedSystemRole[] };

/**
 * The member's system roles: assignments active on `today` whose function opens a form. Either
 * value may be a placeholder of a prepared statement.
 */
export function systemRoleAssignments(memberId: number | Placeholder, today: string | Placeholder) {
  return and(
    eq(functionAssignments.memberId, memberId),
    inArray(functionAssignments.roleId, [...FORM_FUNCTION_IDS]),
    assignmentHeldOn(today),
  );
}

/** One of the caller's system roles with its organisation, as systemRolesJson reads it. */
export type SystemRoleRow = {
  orgId: number;
  funkId: number;
  /** The assignment's id (funkMgId of the API). */
  funkMgId: number;
  functionName: string;
  orgName: string;
  level: number;
  motherId: number | null;
  coopPartner: unknown;
  /** A state association's clubs; null for other levels. */
  clubIds: number[] | null;
};

const subOrg = alias(organisations, 'sub_org');

/**
 * The member's system roles (systemRoleAssignments) as one JSON array, ordered by organisation,
 * function and assignment: each with its organisation (and, for a state association, its clubs)
 * and the names the API answers. One value per member, so the session check reads the member and
 * all their roles as one row.
 */
export function systemRolesJson(memberId: number | Placeholder, today: string | Placeholder) {
  const fa = functionAssignments;
  const o = organisations;
  // Nested in a second sql``: a select from one table writes the columns of its own top-level
  // fragments without their table, which here would make "id" and "name" ambiguous.
  return sql<SystemRoleRow[]>`${sql`(select coalesce(json_agg(json_build_object(
      'orgId', ${fa.orgId}, 'funkId', ${fa.roleId}, 'funkMgId', ${fa.id}, 'functionName', ${roles.name}, 'orgName', ${o.name},
      'level', ${o.orgLevel}, 'motherId', ${o.orgMotherId}, 'coopPartner', ${o.params} -> 'coop_partner',
      'clubIds', case when ${o.orgLevel} = ${ORG_LEVEL_STATE} then array(select ${subOrg.id} from ${organisations} as ${sql.identifier('sub_org')} where ${subOrg.orgMotherId} = ${o.id}) end
    ) order by ${fa.orgId}, ${fa.roleId}, ${fa.id}), '[]'::json)
    from ${fa} inner join ${o} on ${o.id} = ${fa.orgId} inner join ${roles} on ${roles.id} = ${fa.roleId}
    where ${systemRoleAssignments(memberId, today)})`}`;
}

/** The caller from their system role rows: one ActingOrg per organisation, with every function held there. */
export function callerFromRoles(memberId: number, rows: readonly SystemRoleRow[]): Caller {
  const byOrg = new Map<number, ActingOrg>();
  for (const r of rows) {
    const org = byOrg.get(r.orgId) ?? {
      id: r.orgId,
      level: r.level,
      motherId: r.motherId,
      coopPartner: Boolean(r.coopPartner),
      functions: [],
      ...(r.clubIds ? { clubIds: r.clubIds } : {}),
    };
    if (!org.functions.includes(r.funkId)) org.functions.push(r.funkId);
    byOrg.set(r.orgId, org);
  }
  return { memberId, orgs: [...byOrg.values()] };
}

/**
 * The caller of the request being answered. requireAuth loads them once, together with the
 * session check, and runs the rest of the request inside this scope; loadCaller answers from it,
 * so a request reads the caller's rights once, however many services ask: the rights as they were
 * when the request began, also when the request itself changes them.
 */
const requestCaller = new AsyncLocalStorage<Caller>();

/** Runs `next` (the rest of the request) with `caller` as the request's caller. */
export function withRequestCaller<T>(caller: Caller, next: () => Promise<T>): Promise<T> {
  return requestCaller.run(caller, next);
}

/** The caller's system roles, active today: the request's caller when it is them, otherwise one statement. */
export async function loadCaller(deps: Pick<AppDeps, 'db' | 'clock'>, memberId: number): Promise<Caller> {
  const known = requestCaller.getStore();
  if (known?.memberId === memberId) return known;
  return callerFromRoles(memberId, await systemRoleRows(deps, memberId));
}

/** The member's system roles, active today, in one statement (none for an unknown member). */
export async function systemRoleRows(deps: Pick<AppDeps, 'db' | 'clock'>, memberId: number): Promise<SystemRoleRow[]> {
  const [row] = await deps.db
    .select({ roles: systemRolesJson(memberId, todayIso(deps.clock())) })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.roles ?? [];
}

/** The system roles as the API names them (GET /admin/systemroles, getUser's rolesOrg). */
export function namedSystemRoles(rows: readonly SystemRoleRow[]): NamedSystemRole[] {
  return rows.map(({ funkId, functionName, orgId, orgName, level, funkMgId }) => ({
    funkId,
    functionName,
    orgId,
    orgName,
    orgLevel: level,
    funkMgId,
  }));
}

/** What the session check read about the request's signed-in member, when that is `memberId`. */
export function signedInOf(memberId: number): SignedIn | undefined {
  const known = requestCaller.getStore();
  return known?.memberId === memberId ? known.signedIn : undefined;
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

/**
 * The caller's organisations holding one of `functionIds`. For calls whose path does not name the
 * acting organisation (e.g. GET org/{id}), a target is allowed when ANY of these allows it.
 */
export function orgsWith(caller: Caller, functionIds: readonly number[]): ActingOrg[] {
  return caller.orgs.filter((o) => o.functions.some((f) => functionIds.includes(f)));
}
