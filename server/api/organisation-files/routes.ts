import { createRoute, z } from '@hono/zod-openapi';
import { DOCUMENT_TYPES } from '@/lib/domain/organisation-rules';
import { OrgDocumentSchema } from '@/lib/schemas/organisation-responses';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { binary, json, OkSchema, orgIdParam } from '../../http/route-parts';
import { signedIn } from '../require-auth';
import { MAX_UPLOAD_BYTES } from '../../files/multipart-upload';
import { actingQuery } from '../organisations/routes';

/**
 * Organisation image, documents and the download of stored files. Uploads are streamed to disk
 * by their handlers, so they are documented with plain definitions (`…Doc`) instead of through
 * createRoute (whose form validator would buffer the whole body). GET and POST share the path
 * `/api/v1/org/image/{id}`: `id` is the image's uuid to read, the organisation's id to upload.
 */

const tags = ['Organisations'];
const MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const ImageUploadResult = z.object({ uuid: z.string().uuid(), imageLink: z.string() });

export const getImage = createRoute({
  method: 'get',
  path: '/api/v1/org/image/{id}',
  operationId: 'getOrganisationImage',
  // The uuid is random and handed out only with a record the caller may read; <img> loads it without asking again.
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: "An organisation's image",
  request: { params: z.object({ id: z.uuid().meta({ description: "The image's uuid (from imageLink)" }) }) },
  responses: {
    200: {
      description: 'Image bytes with Content-Type and Content-Length',
      content: { 'image/png': { schema: binary }, 'image/jpeg': { schema: binary } },
    },
    ...errorResponses(401, 404, 422),
  },
});

export const download = createRoute({
  method: 'get',
  path: '/api/v1/uploads',
  operationId: 'downloadStoredFile',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Download a stored file',
  description:
    'file = the stored key from a document url. Only for callers who may see the owning organisation. Keys with "..", absolute paths or any other shape → 400 bad_path, decided without touching the file system.',
  request: { query: z.object({ file: z.string().optional(), actingOrgId: actingQuery.shape.actingOrgId }) },
  responses: {
    200: {
      description: 'The bytes, with Content-Type, Content-Length and Content-Disposition (original name)',
      content: { 'application/octet-stream': { schema: binary } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteDocument = createRoute({
  method: 'delete',
  path: '/api/v1/admin/org/{orgId}/documents/{documentId}',
  operationId: 'deleteOrganisationDocument',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Delete one of an organisation's documents",
  request: {
    params: z.object({ orgId: orgIdParam, documentId: z.uuid().meta({ description: "The document's uuid" }) }),
    query: actingQuery,
  },
  responses: { 200: { description: 'Deleted', content: json(OkSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const IMAGE_UPLOAD_PATH = '/api/v1/org/image/{id}';
export const uploadImageDoc = {
  method: 'post' as const,
  path: IMAGE_UPLOAD_PATH,
  operationId: 'uploadOrganisationImage',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Upload an organisation's image",
  description: `PNG or JPEG, checked by content, at most ${MB} MB. Needs the right to edit the organisation. Does not change its updatedAt.`,
  security: signedIn.security,
  request: {
    params: z.object({ id: orgIdParam }),
    query: actingQuery,
    body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: binary }) } } },
  },
  responses: {
    200: { description: 'Stored', content: json(ImageUploadResult) },
    ...errorResponses(400, 401, 403, 404, 413, 415, 422),
  },
};

export const DOCUMENT_UPLOAD_PATH = '/api/v1/admin/org/{orgId}/documents';
export const documentQuery = z.object({ actingOrgId: actingQuery.shape.actingOrgId, type: z.enum(DOCUMENT_TYPES).optional() });
export const uploadDocumentDoc = {
  method: 'post' as const,
  path: DOCUMENT_UPLOAD_PATH,
  operationId: 'uploadOrganisationDocument',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Upload a document of an organisation',
  description: `PDF, DOCX or XLSX, checked by content, at most ${MB} MB; type one of ${DOCUMENT_TYPES.join(', ')} (form field \`type\`, or query \`type\`). Needs the right to edit the organisation.`,
  request: {
    params: z.object({ orgId: orgIdParam }),
    query: documentQuery,
    body: { required: true, content: { 'multipart/form-data': { schema: z.object({ type: z.enum(DOCUMENT_TYPES), file: binary }) } } },
  },
  responses: {
    201: { description: 'Stored', content: json(OrgDocumentSchema) },
    ...errorResponses(400, 401, 403, 404, 413, 415, 422),
  },
};
