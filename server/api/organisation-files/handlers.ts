import type { Context } from 'hono';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { checked, orgIdParam } from '../../http/route-parts';
import {
  deleteOrgDocument,
  orgImageResponse,
  uploadOrgDocument,
  uploadOrgImage,
  uploadResponse,
} from '../../services/organisations/organisation-files';
import { actingQuery } from '../organisations/routes';
import type * as routes from './routes';

// Files are streamed: these handlers return plain Responses.
export const getImage: AppRouteHandler<typeof routes.getImage> = async (c) => await orgImageResponse(c.var.deps, c.req.valid('param').id);

export const download: AppRouteHandler<typeof routes.download> = async (c) => {
  const { file, actingOrgId } = c.req.valid('query');
  return await uploadResponse(c.var.deps, c.var.callerId, file, actingOrgId);
};

export const deleteDocument: AppRouteHandler<typeof routes.deleteDocument> = async (c) => {
  const { orgId, documentId } = c.req.valid('param');
  await deleteOrgDocument(c.var.deps, c.var.callerId, orgId, documentId.toLowerCase(), c.req.valid('query').actingOrgId);
  return c.json({ ok: true as const }, 200);
};

const actingOrgIdOf = (c: Context<AppEnv>) =>
  checked(actingQuery.shape.actingOrgId, 'actingOrgId', c.req.query('actingOrgId') || undefined);

/** Streamed upload (see routes.ts uploadImageDoc). */
export async function uploadImage(c: Context<AppEnv>) {
  const orgId = checked(orgIdParam, 'id', c.req.param('id'));
  return c.json(await uploadOrgImage(c.var.deps, c.var.callerId, orgId, c.req.raw, actingOrgIdOf(c)), 200);
}

/** Streamed upload (see routes.ts uploadDocumentDoc). */
export async function uploadDocument(c: Context<AppEnv>) {
  const orgId = checked(orgIdParam, 'orgId', c.req.param('orgId'));
  const document = await uploadOrgDocument(c.var.deps, c.var.callerId, orgId, c.req.raw, {
    actingOrgId: actingOrgIdOf(c),
    type: c.req.query('type'),
  });
  return c.json(document, 201);
}
