import { eq } from 'drizzle-orm';
import { members } from '../db/schema';
import type { AppDeps } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import { profileImageLink } from './auth';
import { canEditMember } from './member-access';
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

/** GET /profile/image/{uuid} for any signed-in caller (the uuid is unguessable and only shared with them). */
export function profileImageResponse(deps: AppDeps, uuid: string): Promise<Response> {
  return imageResponse(deps, MEMBER_IMAGE, uuid, 'picture');
}
