import { eq } from 'drizzle-orm';
import { members } from '../db/schema';
import type { AppDeps } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import { profileImageLink } from './auth';
import { profilePictureShown } from '@/lib/domain/member-permissions';
import { loadCaller } from './access';
import { canEditMember, isOwnMember, memberFormOrgs } from './member-access';
import { imageResponse, replaceImage } from './owned-image';

export const MEMBER_IMAGE = 'member_image';

/**
 * POST /profile/image/{memberId}: checks the right before reading the body, then stores the PNG or
 * JPEG and points the member at it (./owned-image.ts). The previous picture is removed once the
 * new one is in place.
 */
export async function uploadProfileImage(deps: AppDeps, callerId: number, memberId: number, request: Request) {
  const [member] = await deps.db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!member) throw notFound('No such member');
  if (!(await canEditMember(deps, callerId, memberId))) throw forbidden("You may not change this member's picture");

  const uuid = await replaceImage(
    deps,
    callerId,
    {
      type: MEMBER_IMAGE,
      id: memberId,
      swap: async (tx, next) => {
        const [locked] = await tx.select({ uuid: members.uuid }).from(members).where(eq(members.id, memberId)).for('update');
        await tx.update(members).set({ uuid: next, updatedAt: deps.clock().toISOString() }).where(eq(members.id, memberId));
        return locked?.uuid ?? null;
      },
      audit: { entity: 'member' },
    },
    request,
  );
  return { uuid, imageLink: profileImageLink(uuid)! };
}

/** Whether the caller may read `memberId`'s record through one of their member-form organisations. */
async function readsRecord(deps: AppDeps, callerId: number, memberId: number): Promise<boolean> {
  for (const org of memberFormOrgs(await loadCaller(deps, callerId))) if (await isOwnMember(deps, org, memberId)) return true;
  return false;
}

/**
 * GET /profile/image/{uuid}: the picture of a member who shows their profile to any signed-in
 * caller; of one who does not, only to the member and whoever may read their record
 * (lib/domain/member-permissions.ts profilePictureShown). Otherwise 404, as for a picture that
 * does not exist.
 */
export async function profileImageResponse(deps: AppDeps, callerId: number, uuid: string): Promise<Response> {
  const [member] = await deps.db.select({ id: members.id, params: members.params }).from(members).where(eq(members.uuid, uuid)).limit(1);
  if (member) {
    const isSelf = member.id === callerId;
    const shown = profilePictureShown(member.params?.profileVisible, {
      isSelf,
      readsRecord: !isSelf && member.params?.profileVisible !== true && (await readsRecord(deps, callerId, member.id)),
    });
    if (!shown) throw notFound('No such picture');
  }
  return imageResponse(deps, MEMBER_IMAGE, uuid, 'picture');
}
