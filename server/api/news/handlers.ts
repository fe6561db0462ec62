import type { Context } from 'hono';
import { idText } from '@/lib/schemas/common';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { checked } from '../../http/route-parts';
import { createCategory as createCategoryService, deleteCategory as deleteCategoryService, listCategories, menuTree, updateCategory as updateCategoryService } from '../../services/news/categories';
import { deleteNewsFile, deleteNewsWithFiles, newsGallery, setFeaturedImage, uploadNewsFiles } from '../../services/news/news-files';
import { createNews, listNews, updateNews } from '../../services/news/news';
import { createInventory, listInventory, updateInventory } from '../../services/news/inventory';
import { publicFeed } from '../../services/news/public-feed';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) => c.json(await listNews(c.var.deps, c.var.callerId, c.req.valid('param').org, c.req.valid('query')), 200);

export const menu: AppRouteHandler<typeof routes.menu> = async (c) => c.json(await menuTree(c.var.deps, c.var.callerId, c.req.valid('param').org), 200);

export const create: AppRouteHandler<typeof routes.create> = async (c) => c.json(await createNews(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const update: AppRouteHandler<typeof routes.update> = async (c) => c.json(await updateNews(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => c.json(await deleteNewsWithFiles(c.var.deps, c.var.callerId, c.req.valid('query').ids), 200);

export const categories: AppRouteHandler<typeof routes.categories> = async (c) => c.json(await listCategories(c.var.deps, c.var.callerId, c.req.valid('param').org), 200);

export const createCategory: AppRouteHandler<typeof routes.createCategory> = async (c) => c.json(await createCategoryService(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const updateCategory: AppRouteHandler<typeof routes.updateCategory> = async (c) => c.json(await updateCategoryService(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const deleteCategory: AppRouteHandler<typeof routes.deleteCategory> = async (c) => c.json(await deleteCategoryService(c.var.deps, c.var.callerId, c.req.valid('query').id), 200);

export const publicNews: AppRouteHandler<typeof routes.publicNews> = async (c) => {
  const raw = c.req.valid('param').org;
  const rss = raw.endsWith('.rss');
  const orgId = Number(rss ? raw.slice(0, -4) : raw);
  const { etag, body } = await publicFeed(c.var.deps, orgId, c.req.valid('query').page, rss ? 'rss' : 'json', new URL(c.req.url).origin);
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=60' };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  if (typeof body === 'string') return c.body(body, 200, { ...headers, 'Content-Type': 'application/rss+xml; charset=utf-8' });
  return c.json(body, 200, headers);
};

export const inventoryList: AppRouteHandler<typeof routes.inventoryList> = async (c) =>
  c.json(await listInventory(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

export const inventoryCreate: AppRouteHandler<typeof routes.inventoryCreate> = async (c) =>
  c.json(await createInventory(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 201);

export const inventoryUpdate: AppRouteHandler<typeof routes.inventoryUpdate> = async (c) =>
  c.json(await updateInventory(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 200);

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
