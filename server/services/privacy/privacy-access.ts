import { eq } from 'drizzle-orm';
import { ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { EXPORT_AND_ERASE_FUNCTIONS, READ_TRAIL_FUNCTIONS } from '@/lib/domain/privacy/rights';
import { erasedMembers, members } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { loadCaller, type ActingOrg } from '../access';

/** Who handles a person's data rights (lib/domain/privacy/rights.ts, which the member screen shares). */
export { EXPORT_AND_ERASE_FUNCTIONS, READ_TRAIL_FUNCTIONS };

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
