import { eq } from 'drizzle-orm';
import { FORM_ALL_MEMBERS, FORM_DATA_PROTECTION, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { erasedMembers, members } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { loadCaller, type ActingOrg } from '../access';

/**
 * Who handles a person's data rights: the federation's staff with the all-members form (52) or the
 * data-protection officer (1007) export and erase; the trail of reads is the officer's alone.
 */
export const EXPORT_AND_ERASE_FUNCTIONS = [FORM_ALL_MEMBERS, FORM_DATA_PROTECTION] as const;
export const READ_TRAIL_FUNCTIONS = [FORM_DATA_PROTECTION] as const;

export async function federationActor(deps: AppDeps, callerId: number, functions: readonly number[]): Promise<ActingOrg> {
  const caller = await loadCaller(deps, callerId);
  const org = caller.orgs.find((o) => o.level === ORG_LEVEL_FEDERATION && o.functions.some((f) => functions.includes(f)));
  if (!org) throw forbidden("Only the federation's staff handle a person's data rights");
  return org;
}

/** The person's record; 404 for an unknown or erased one (an erased person is in no answer). */
export async function livePerson(deps: Pick<AppDeps, 'db'>, memberId: number) {
  const [row] = await deps.db
    .select({ member: members, erased: erasedMembers.memberId })
    .from(members)
    .leftJoin(erasedMembers, eq(erasedMembers.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!row || row.erased !== null) throw notFound('No such member');
  return row.member;
}
