import type { Context } from 'hono';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { checked, memberIdParam } from '../../http/route-parts';
import { profileImageResponse, uploadProfileImage } from '../../services/profile-image';
import type * as routes from './routes';

// The body is a stream, so the handler returns a plain Response.
export const getImage: AppRouteHandler<typeof routes.getImage> = async (c) =>
  await profileImageResponse(c.var.deps, c.var.callerId, c.req.valid('param').id);

/** Streamed upload (see routes.ts uploadImageDoc). */
export async function uploadImage(c: Context<AppEnv>) {
  const memberId = checked(memberIdParam, 'id', c.req.param('id'));
  return c.json(await uploadProfileImage(c.var.deps, c.var.callerId, memberId, c.req.raw), 200);
}
