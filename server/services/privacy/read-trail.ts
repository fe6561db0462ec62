import type { AppDeps } from '../../http/context';
import { readsOfPerson, type PersonReadEntry } from './person-reads';
import { federationActor, livePerson, READ_TRAIL_FUNCTIONS } from './privacy-access';

/** GET /admin/members/{id}/reads: the data-protection officer reads who saw the person's record. */
export async function personReadTrail(
  deps: AppDeps,
  callerId: number,
  memberId: number,
  page: number,
  size: number,
): Promise<{ items: PersonReadEntry[]; total: number; page: number; size: number }> {
  await federationActor(deps, callerId, READ_TRAIL_FUNCTIONS);
  await livePerson(deps, memberId);
  return { ...(await readsOfPerson(deps.db, memberId, page, size)), page, size };
}
