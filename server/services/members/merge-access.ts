import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
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

/** The caller's organisations from which merging is possible at all; 403 when none. */
export function mergeOrgs(caller: Caller): ActingOrg[] {
  const orgs = memberFormOrgs(caller).filter((o) => o.level === ORG_LEVEL_FEDERATION || o.level === ORG_LEVEL_STATE);
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
