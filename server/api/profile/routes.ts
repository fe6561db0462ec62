import { createRoute, z } from '@hono/zod-openapi';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { binary, json, memberIdParam } from '../../http/route-parts';
import { signedIn } from '../require-auth';
import { MAX_UPLOAD_BYTES } from '../../files/multipart-upload';

/** Profile pictures. GET and POST share the path `/api/v1/profile/image/{id}`: `id` is the picture's uuid to read, the member's id to upload. */

const tags = ['Profile'];
const UploadResult = z.object({ uuid: z.string().uuid(), imageLink: z.string() }).meta({ id: 'ImageUploadResult' });

export const getImage = createRoute({
  method: 'get',
  path: '/api/v1/profile/image/{id}',
  operationId: 'getProfileImage',
  // The uuid is random and handed out only with a record the caller may read; <img> loads it without asking again.
  // A member who does not show their profile (profileVisible) shows the picture only to themselves and to whoever may read their record.
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'A profile picture',
  description:
    'Any signed-in caller sees the picture of a member who shows their profile (`profileVisible`); of one who does not, only the member and whoever may read their record through a member form (404 for everyone else, as for an unknown picture).',
  request: { params: z.object({ id: z.uuid().meta({ description: "The picture's uuid (from imageLink)" }) }) },
  responses: {
    200: {
      description: 'The image bytes, with Content-Type and Content-Length',
      content: { 'image/png': { schema: binary }, 'image/jpeg': { schema: binary } },
    },
    ...errorResponses(401, 404, 422),
  },
});

/**
 * The upload is streamed to disk by its handler, so it is not declared through createRoute (whose
 * form validator would buffer the whole body); it is documented with this definition instead.
 */
export const UPLOAD_PATH = '/api/v1/profile/image/{id}';
export const uploadImageDoc = {
  method: 'post' as const,
  path: UPLOAD_PATH,
  operationId: 'uploadProfileImage',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Upload a member's profile picture",
  description: `PNG or JPEG, checked by content, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Allowed for the member's own record or with the right to edit that member.`,
  security: signedIn.security,
  request: {
    params: z.object({ id: memberIdParam }),
    body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: binary }) } } },
  },
  responses: {
    200: { description: 'Stored', content: json(UploadResult) },
    ...errorResponses(400, 401, 403, 404, 413, 415, 422),
  },
};
