import type { Context } from 'hono';
import { idText } from '@/lib/schemas/common';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { checked } from '../../http/route-parts';
import { menuTree } from '../../services/news/categories';
import { deleteNewsFile, deleteNewsWithFiles, newsGallery, setFeaturedImage, uploadNewsFiles } from '../../services/news/news-files';
import { createNews, listNews, updateNews } from '../../services/news/news';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json(await listNews(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

export const menu: AppRouteHandler<typeof routes.menu> = async (c) =>
  c.json(await menuTree(c.var.deps, c.var.callerId, c.req.valid('param').orgId), 200);

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  c.json(await createNews(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const update: AppRouteHandler<typeof routes.update> = async (c) =>
  c.json(await updateNews(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const remove: AppRouteHandler<typeof routes.remove> = async (c) =>
  c.json(await deleteNewsWithFiles(c.var.deps, c.var.callerId, c.req.valid('query').ids), 200);

/** Streamed upload (see routes.ts uploadDoc). */
export async function upload(c: Context<AppEnv>) {
  const id = checked(idText, 'id', c.req.param('id'));
  return c.json(await uploadNewsFiles(c.var.deps, c.var.callerId, id, c.req.raw), 200);
}

export const featured: AppRouteHandler<typeof routes.featured> = async (c) =>
  c.json(await setFeaturedImage(c.var.deps, c.var.callerId, c.req.valid('param').id, c.req.valid('json').fileId), 200);

export const deleteImage: AppRouteHandler<typeof routes.deleteImage> = async (c) => {
  const { id, imageId } = c.req.valid('param');
  return c.json(await deleteNewsFile(c.var.deps, c.var.callerId, id, imageId), 200);
};

export const gallery: AppRouteHandler<typeof routes.gallery> = async (c) =>
  c.json(await newsGallery(c.var.deps, c.var.callerId, c.req.valid('param').id, c.req.valid('query').page), 200);
