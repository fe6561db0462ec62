import { idText } from '@/lib/schemas/common';
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { access } from '../http/access-rule';
import { ApiError, errorResponses } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { MAX_UPLOAD_BYTES } from '../files/multipart-upload';
import { profileImageResponse, uploadProfileImage } from '../services/profile-image';

/** Profile pictures (core §7 "Profile image"). */

const UploadResult = z.object({ uuid: z.string().uuid(), imageLink: z.string() }).meta({ id: 'ImageUploadResult' });

const getImageRoute = createRoute({
  method: 'get',
  path: '/api/v1/profile/image/{uuid}',
  // The uuid is random and handed out only with a record the caller may read; <img> loads it without asking again.
  ...access.signedIn,
  tags: ['Profile'],
  summary: 'A profile picture',
  security: bearerSecurity,
  request: { params: z.object({ uuid: z.uuid() }) },
  responses: {
    200: {
      description: 'The image bytes, with Content-Type and Content-Length',
      content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) }, 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } },
    },
    ...errorResponses(401, 404),
  },
});

const UPLOAD_PATH = '/api/v1/profile/image/{memberId}';

export function profileRoutes(deps: AppDeps) {
  const router = createRouter();
  const auth = requireAuth(deps);

  guardRoute(router, getImageRoute, auth);
  router.openapi(
    getImageRoute,
    // The body is a stream, so the handler returns a plain Response.
    async (c) => (await profileImageResponse(deps, c.req.valid('param').uuid)) as never,
    (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', 'No such picture');
      return undefined;
    },
  );

  // The upload is streamed to disk by the handler, so it is not declared through createRoute
  // (whose form validator would buffer the whole body); it is documented by hand instead.
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: UPLOAD_PATH,
    ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
    tags: ['Profile'],
    summary: "Upload a member's profile picture",
    description: `PNG or JPEG, checked by content, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Allowed for the member's own record or with the right to edit that member.`,
    security: bearerSecurity,
    request: {
      params: z.object({ memberId: idText }),
      body: {
        required: true,
        content: { 'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) } },
      },
    },
    responses: {
      200: { description: 'Stored', content: { 'application/json': { schema: UploadResult } } },
      ...errorResponses(400, 401, 403, 404, 413, 415),
    },
  });
  router.post(UPLOAD_PATH.replace('{memberId}', ':memberId'), auth, async (c) => {
    const memberId = idText.safeParse(c.req.param('memberId'));
    if (!memberId.success) throw new ApiError(404, 'not_found', 'No such member');
    const result = await uploadProfileImage(deps, c.get('memberId'), memberId.data, c.req.raw);
    return c.json(result, 200);
  });

  return router;
}
