import { createRoute, z } from '@hono/zod-openapi';
import { DOCUMENT_TYPES } from '@/lib/domain/organisation-rules';
import { OrgDocumentSchema } from '@/lib/schemas/organisation-responses';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { access } from '../http/access-rule';
import { ApiError, errorResponses, notFound, validationHook } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { MAX_UPLOAD_BYTES } from '../files/multipart-upload';
import { deleteOrgDocument, orgImageResponse, uploadOrgDocument, uploadOrgImage, uploadResponse } from '../services/organisation-files';
import { actingQuery } from './organisation-schemas';

/**
 * Organisation image, documents and the download of stored files (core §7 "Images").
 * Uploads are streamed to disk by the handlers, so they are documented by hand instead of through
 * createRoute (whose form validator would buffer the whole body).
 */

const TAG = 'Organisations';
const MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const binary = z.string().meta({ format: 'binary' });
const Ok = z.object({ ok: z.literal(true) });
const ImageUploadResult = z.object({ uuid: z.string().uuid(), imageLink: z.string() });

function toOrgId(text: string): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) === 0) throw notFound('No such organisation');
  return Number(text);
}

function actingOrgIdOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) === 0) {
    throw new ApiError(422, 'validation', 'actingOrgId must be an organisation id', { field: 'actingOrgId' });
  }
  return Number(value);
}

const imageRoute = createRoute({
  method: 'get',
  path: '/api/v1/org/image/{uuid}',
  // The uuid is random and handed out only with a record the caller may read; <img> loads it without asking again.
  ...access.signedIn,
  tags: [TAG],
  summary: "An organisation's image",
  security: bearerSecurity,
  request: { params: z.object({ uuid: z.uuid() }) },
  responses: {
    200: { description: 'Image bytes with Content-Type and Content-Length', content: { 'image/png': { schema: binary }, 'image/jpeg': { schema: binary } } },
    ...errorResponses(401, 404),
  },
});

const uploadsRoute = createRoute({
  method: 'get',
  path: '/api/v1/uploads',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags: [TAG],
  summary: 'Download a stored file',
  description:
    'file = the stored key from a document url. Only for callers who may see the owning organisation. Keys with "..", absolute paths or any other shape → 400 bad_path, decided without touching the file system.',
  security: bearerSecurity,
  request: { query: z.object({ file: z.string().optional(), actingOrgId: actingQuery.shape.actingOrgId }) },
  responses: {
    200: { description: 'The bytes, with Content-Type, Content-Length and Content-Disposition (original name)', content: { 'application/octet-stream': { schema: binary } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const deleteDocumentRoute = createRoute({
  method: 'delete',
  path: '/api/v1/admin/org/{id}/documents/{uuid}',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags: [TAG],
  summary: "Delete one of an organisation's documents",
  security: bearerSecurity,
  request: { params: z.object({ id: z.string(), uuid: z.string() }), query: actingQuery },
  responses: { 200: { description: 'Deleted', content: { 'application/json': { schema: Ok } } }, ...errorResponses(401, 403, 404) },
});

const IMAGE_UPLOAD_PATH = '/api/v1/org/image/{orgId}';
const DOCUMENT_UPLOAD_PATH = '/api/v1/admin/org/{id}/documents';

export function organisationFileRoutes(deps: AppDeps) {
  const router = createRouter();
  const auth = requireAuth(deps);
  const hook = validationHook(422);

  guardRoute(router, imageRoute, auth);
  router.openapi(imageRoute, async (c) => (await orgImageResponse(deps, c.req.valid('param').uuid)) as never, (result) => {
    if (!result.success) throw new ApiError(404, 'not_found', 'No such image');
    return undefined;
  });

  guardRoute(router, uploadsRoute, auth);
  router.openapi(
    uploadsRoute,
    async (c) => {
      const { file, actingOrgId } = c.req.valid('query');
      return (await uploadResponse(deps, c.get('memberId'), file, actingOrgId)) as never;
    },
    hook,
  );

  guardRoute(router, deleteDocumentRoute, auth);
  router.openapi(
    deleteDocumentRoute,
    async (c) => {
      const { id, uuid } = c.req.valid('param');
      if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw notFound('No such document');
      await deleteOrgDocument(deps, c.get('memberId'), toOrgId(id), uuid.toLowerCase(), c.req.valid('query').actingOrgId);
      return c.json({ ok: true as const }, 200);
    },
    hook,
  );

  router.openAPIRegistry.registerPath({
    method: 'post',
    path: IMAGE_UPLOAD_PATH,
    ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
    tags: [TAG],
    summary: "Upload an organisation's image",
    description: `PNG or JPEG, checked by content, at most ${MB} MB. Needs the right to edit the organisation. Does not change its updatedAt.`,
    security: bearerSecurity,
    request: {
      params: z.object({ orgId: z.string().regex(/^\d+$/) }),
      query: actingQuery,
      body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: binary }) } } },
    },
    responses: {
      200: { description: 'Stored', content: { 'application/json': { schema: ImageUploadResult } } },
      ...errorResponses(400, 401, 403, 404, 413, 415),
    },
  });
  router.post(IMAGE_UPLOAD_PATH.replace('{orgId}', ':orgId'), auth, async (c) => {
    const result = await uploadOrgImage(deps, c.get('memberId'), toOrgId(c.req.param('orgId') ?? ''), c.req.raw, actingOrgIdOf(c.req.query('actingOrgId')));
    return c.json(result, 200);
  });

  router.openAPIRegistry.registerPath({
    method: 'post',
    path: DOCUMENT_UPLOAD_PATH,
    ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
    tags: [TAG],
    summary: 'Upload a document of an organisation',
    description: `PDF, DOCX or XLSX, checked by content, at most ${MB} MB; type one of ${DOCUMENT_TYPES.join(', ')} (form field \`type\`, or query \`type\`). Needs the right to edit the organisation.`,
    security: bearerSecurity,
    request: {
      params: z.object({ id: z.string().regex(/^\d+$/) }),
      query: z.object({ actingOrgId: actingQuery.shape.actingOrgId, type: z.enum(DOCUMENT_TYPES).optional() }),
      body: { required: true, content: { 'multipart/form-data': { schema: z.object({ type: z.enum(DOCUMENT_TYPES), file: binary }) } } },
    },
    responses: {
      201: { description: 'Stored', content: { 'application/json': { schema: OrgDocumentSchema } } },
      ...errorResponses(400, 401, 403, 404, 413, 415, 422),
    },
  });
  router.post(DOCUMENT_UPLOAD_PATH.replace('{id}', ':id'), auth, async (c) => {
    const document = await uploadOrgDocument(deps, c.get('memberId'), toOrgId(c.req.param('id') ?? ''), c.req.raw, {
      actingOrgId: actingOrgIdOf(c.req.query('actingOrgId')),
      type: c.req.query('type'),
    });
    return c.json(document, 201);
  });

  return router;
}
