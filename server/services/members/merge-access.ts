import { and, eq, inArray, isNull } from 'drizzle-orm';
import { FORM_ALL_MEMBERS, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { mayUndoMerge } from '@/lib/domain/member-merge';
import type { Db } from '../../db/client';
import { memberMerges, members } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, type ActingOrg, type Caller } from '../access';
import { isAboveCaller, isOwnMember, memberFormOrgs } from '../member-access';

/**
 * Who merges persons, undoes merges and reads the duplicates report: the federation (member form
 * there) for everyone; a state association (member form there) only for persons who are both own
 * members of it (it or its clubs); clubs never (they ask the federation). Nobody merges a person
 * who holds functions above them.
 */

/** Merging is done from the federation or a state association, never from a club. */
const mergesFrom = (o: ActingOrg) => o.level === ORG_LEVEL_FEDERATION || o.level === ORG_LEVEL_STATE;

/** The caller's organisations from which merging is possible at all; 403 when none. */
export function mergeOrgs(caller: Caller): ActingOrg[] {
  const orgs = memberFormOrgs(caller).filter(mergesFrom);
  if (orgs.length === 0) throw forbidden('Only the federation and state associations merge persons');
  const federation = orgs.filter((o) => o.level === ORG_LEVEL_FEDERATION);
  return federation.length > 0 ? federation : orgs;
}

/**
 * The organisation the caller acts from for these persons: the federation, or a state association
 * whose own members they all are. 404 for an id that names nobody, 403 for a person out of reach
 * (never saying who it is), 403 `outranked` for a person above the caller.
 */
export async function mergeActingOrg(deps: AppDeps, caller: Caller, memberIds: readonly number[]): Promise<ActingOrg> {
  const orgs = mergeOrgs(caller);
  const found = await deps.db
    .select({ id: members.id })
    .from(members)
    .where(inArray(members.id, [...memberIds]));
  if (found.length !== new Set(memberIds).size) throw notFound('No such member');
  let acting: ActingOrg | undefined;
  for (const org of orgs) {
    if (org.level === ORG_LEVEL_FEDERATION) {
      acting = org;
      break;
    }
    let all = true;
    for (const id of memberIds) if (!(await isOwnMember(deps, org, id))) all = false;
    if (all) {
      acting = org;
      break;
    }
  }
  if (!acting) throw forbidden('These persons are not members of your organisation');
  for (const id of memberIds) {
    if (await isAboveCaller(deps, caller, id)) {
      throw new ApiError(403, 'outranked', 'This person holds functions above yours; only someone above them may merge them');
    }
  }
  return acting;
}

/**
 * The organisation the caller undoes a merge from: the federation, or a state association whose
 * own member the surviving record is; undefined when none reaches it. 403 when the caller merges
 * from nowhere.
 */
export async function undoActingOrg(deps: AppDeps, caller: Caller, survivorId: number): Promise<ActingOrg | undefined> {
  const orgs = mergeOrgs(caller);
  const federation = orgs.find((o) => o.level === ORG_LEVEL_FEDERATION);
  if (federation) return federation;
  for (const org of orgs) if (await isOwnMember(deps, org, survivorId)) return org;
  return undefined;
}

/**
 * Of these merges, the ones the caller may undo now: the merge stands, it was made today, and the
 * caller undoes merges of its surviving record (undoActingOrg). The screen offers 'Rückgängig' for
 * exactly these; the undo itself still refuses what changed since.
 */
export async function undoableMerges(deps: AppDeps, caller: Caller, mergeIds: readonly string[]): Promise<Set<string>> {
  const undoable = new Set<string>();
  // clubs never undo (mergeOrgs would refuse them)
  if (mergeIds.length === 0 || !memberFormOrgs(caller).some((o) => o.level === ORG_LEVEL_FEDERATION || o.level === ORG_LEVEL_STATE)) {
    return undoable;
  }
  const now = deps.clock();
  const merges = await deps.db
    .select({ id: memberMerges.id, survivorId: memberMerges.survivorId, createdAt: memberMerges.createdAt })
    .from(memberMerges)
    .where(and(inArray(memberMerges.id, [...new Set(mergeIds)]), isNull(memberMerges.undoneAt)));
  for (const merge of merges) {
    if (!mayUndoMerge(new Date(merge.createdAt), now)) continue;
    if (await undoActingOrg(deps, caller, merge.survivorId)) undoable.add(merge.id);
  }
  return undoable;
}

/** The caller's organisations whose 'Duplikate' view (form 52) merges: none for a club. */
export function mergeViewOrgs(caller: Caller): ActingOrg[] {
  return caller.orgs.filter((o) => o.functions.includes(FORM_ALL_MEMBERS) && mergesFrom(o));
}

/**
 * The organisation whose 'Duplikate' view (form 52) the caller would merge these two persons
 * from: one where the caller holds form 52 and may merge both (mergeActingOrg); null when there is
 * none (a club, a person out of reach or above the caller).
 */
export async function mergeViewOrg(deps: AppDeps, caller: Caller, aId: number, bId: number): Promise<ActingOrg | null> {
  const withView = { ...caller, orgs: mergeViewOrgs(caller) };
  try {
    return await mergeActingOrg(deps, withView, [aId, bId]);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}

export async function mergeCaller(deps: AppDeps, callerId: number): Promise<Caller> {
  return loadCaller(deps, callerId);
}

/**
 * The record an id names now: itself, or, when it was merged into another (and the merge stands),
 * that one, following merges one after the other. Old links, exports and signed licence cards
 * carry the merged id; they reach the survivor this way.
 */
export async function resolveMemberId(db: Db, memberId: number): Promise<number> {
  let id = memberId;
  for (let i = 0; i < 20; i++) {
    const [tomb] = await db
      .select({ survivorId: memberMerges.survivorId })
      .from(memberMerges)
      .where(and(eq(memberMerges.mergedId, id), isNull(memberMerges.undoneAt)))
      .limit(1);
    if (!tomb) return id;
    id = tomb.survivorId;
  }
  return id;
}
