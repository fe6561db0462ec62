import { createRoute, z } from '@hono/zod-openapi';
import {
  MenuNodeSchema,
  newsDeleteQuery,
  newsInputSchema,
  newsListQuery,
  NewsGalleryPageSchema,
  NewsPageSchema,
  NewsSchema,
  newsUpdateSchema,
} from '@/lib/schemas/news';
import { idText } from '@/lib/schemas/common';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { binary, json } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/**
 * Articles, their gallery files and the site menu (form 200). Categories, the public feed and the
 * webshop's inventory are folders of their own beside this one.
 */

export const tags = ['News'];
/** `{orgId}` of form 200's calls: the organisation whose articles, categories and menu. */
export const orgParams = z.object({
  orgId: idText.meta({ description: 'The organisation whose news (form 200 there, or the federation)' }),
});
const one = { description: 'The article', content: json(NewsSchema) };

export const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/news/{orgId}',
  operationId: 'listNews',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary:
    "The organisation's articles, newest first, searched (title and text), filtered (category, visible) and paged in the database (6 per page)",
  request: { params: orgParams, query: newsListQuery },
  responses: { 200: { description: 'A page of articles', content: json(NewsPageSchema) }, ...errorResponses(401, 403, 422) },
});

export const menu = createRoute({
  method: 'get',
  path: '/api/v1/admin/news/menu/{orgId}',
  operationId: 'newsMenu',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "The organisation's website menu: its pages (categories) as a tree, each with its newest article",
  request: { params: orgParams },
  responses: { 200: { description: 'The menu tree', content: json(z.array(MenuNodeSchema)) }, ...errorResponses(401, 403, 422) },
});

export const create = createRoute({
  method: 'post',
  path: '/api/v1/admin/news',
  operationId: 'createNews',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Write an article; rich text is sanitised (no script, event handlers, javascript: links; embeds from video hosts only)',
  description: 'The categories must exist in the organisation (422 `unknownCategory`). A visible article gets its publishedAt.',
  request: { body: { required: true, content: json(newsInputSchema) } },
  responses: { 201: one, ...errorResponses(400, 401, 403, 422) },
});

export const update = createRoute({
  method: 'put',
  path: '/api/v1/admin/news',
  operationId: 'updateNews',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Change an article (as the API answered it; read-only fields ignored); 409 `stale` for an old updatedAt',
  request: { body: { required: true, content: json(newsUpdateSchema) } },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/admin/news',
  operationId: 'deleteNews',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Delete articles with their files; all or nothing',
  request: { query: newsDeleteQuery },
  responses: {
    200: { description: 'Deleted', content: json(z.object({ deleted: z.number().int() })) },
    ...errorResponses(401, 403, 404, 422),
  },
});

const articleParams = z.object({ id: idText.meta({ description: 'The article' }) });

/** Documentation only: the upload is streamed by a plain handler (handlers.ts upload). */
export const uploadDoc = {
  method: 'post' as const,
  path: '/api/v1/admin/news/upload/{id}',
  operationId: 'uploadNewsFiles',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary:
    "Add up to 3 files to an article's gallery (PNG, JPEG or PDF by content, 1 byte to 50 MB each); pictures get thumbnails xs/sm/md",
  description:
    'multipart/form-data, field `files` (repeated). 422 `too_many_files` for a fourth; 409 `gallery_full` when the gallery would hold more than 20 files; 415 for another type; all or nothing.',
  security: signedIn.security,
  request: {
    params: articleParams,
    body: { required: true, content: { 'multipart/form-data': { schema: z.object({ files: z.array(binary) }) } } },
  },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
};

export const featured = createRoute({
  method: 'put',
  path: '/api/v1/admin/news/image/{id}',
  operationId: 'setFeaturedNewsImage',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Make one of the article's pictures its featured image",
  request: { params: articleParams, body: { required: true, content: json(z.object({ fileId: z.uuid() })) } },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 422) },
});

export const deleteImage = createRoute({
  method: 'delete',
  path: '/api/v1/admin/news/image/{id}/{imageId}',
  operationId: 'deleteNewsFile',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Remove a file (and its thumbnails) from the article',
  request: { params: articleParams.extend({ imageId: z.uuid().meta({ description: 'The file (fileId)' }) }) },
  responses: { 200: one, ...errorResponses(401, 403, 404, 422) },
});

export const gallery = createRoute({
  method: 'get',
  path: '/api/v1/admin/news/gallery/{id}',
  operationId: 'newsGallery',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "The organisation {id}'s files, one directory per article, newest first, 7 per page",
  request: {
    params: z.object({ id: idText.meta({ description: 'The organisation' }) }),
    query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  },
  responses: {
    200: {
      description: 'Directories',
      content: json(NewsGalleryPageSchema),
    },
    ...errorResponses(401, 403, 422),
  },
});
