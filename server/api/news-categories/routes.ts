import { createRoute, z } from '@hono/zod-openapi';
import { categoryDeleteQuery, categoryInputSchema, categoryUpdateSchema, NewsCategorySchema } from '@/lib/schemas/news';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json } from '../../http/route-parts';
import { orgParams, tags } from '../news/routes';

/** News categories and menu pages (form 200); the menu tree itself is read through news. */

export const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/categories/{orgId}',
  operationId: 'listNewsCategories',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "The organisation's news categories (menu pages included)",
  request: { params: orgParams },
  responses: { 200: { description: 'Categories', content: json(z.array(NewsCategorySchema)) }, ...errorResponses(401, 403, 422) },
});

export const create = createRoute({
  method: 'post',
  path: '/api/v1/admin/category',
  operationId: 'createNewsCategory',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Create a category (or a menu page: inMenu, parentId); 409 `category_exists` for a name taken (any case)',
  request: { body: { required: true, content: json(categoryInputSchema) } },
  responses: { 201: { description: 'Created', content: json(NewsCategorySchema) }, ...errorResponses(400, 401, 403, 409, 422) },
});

export const update = createRoute({
  method: 'put',
  path: '/api/v1/admin/category',
  operationId: 'updateNewsCategory',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Rename a category (its articles keep it) or move a menu page (parent, position); 409 `category_exists`, 422 `cycle`',
  request: { body: { required: true, content: json(categoryUpdateSchema) } },
  responses: { 200: { description: 'Changed', content: json(NewsCategorySchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/admin/category',
  operationId: 'deleteNewsCategory',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Delete a category; 409 `category_in_use` naming the articles (value) that still use it',
  request: { query: categoryDeleteQuery },
  responses: {
    200: { description: 'Deleted', content: json(z.object({ deleted: z.number().int() })) },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});
