import 'server-only';
import { MenuNodeSchema } from '@/lib/schemas/news';
import { apiCall, NO_VERSION, pathParam, queryOf, type Api, type RequestBody } from './client';

/** Server-only calls of the news screen (form 200). */

export function getNews(orgId: number, params: { q?: string; page: number; size: number; visible?: 'true' | 'false'; category?: string }) {
  return apiCall((api) => api.api.v1.admin.news[':orgId'].$get({ param: { orgId: String(orgId) }, query: queryOf(params) }));
}

export async function getNewsMenu(orgId: number) {
  // The tree is recursive, which the client's JSON types do not follow: read it with its schema.
  return MenuNodeSchema.array().parse(
    await apiCall((api) => api.api.v1.admin.news.menu[':orgId'].$get({ param: { orgId: String(orgId) } })),
  );
}

export function getNewsCategories(orgId: number) {
  return apiCall((api) => api.api.v1.admin.categories[':orgId'].$get({ param: { orgId: String(orgId) } }));
}

export type NewsInput = RequestBody<Api['api']['v1']['admin']['news']['$post']>;

export function saveNews(body: NewsInput, id?: number, updatedAt?: string) {
  return id === undefined
    ? apiCall((api) => api.api.v1.admin.news.$post({ json: body }))
    : apiCall((api) => api.api.v1.admin.news.$put({ json: { ...body, id, updatedAt: updatedAt ?? NO_VERSION } }));
}

export function deleteNews(ids: number[]) {
  return apiCall((api) => api.api.v1.admin.news.$delete({ query: { ids: ids.join(',') } }));
}

export function createNewsCategory(body: { orgId: number; name: string; parentId?: number | null; inMenu?: boolean }) {
  return apiCall((api) => api.api.v1.admin.category.$post({ json: body }));
}

export function deleteNewsCategory(id: number) {
  return apiCall((api) => api.api.v1.admin.category.$delete({ query: { id: String(id) } }));
}

export function setFeaturedNewsImage(newsId: number, fileId: string) {
  return apiCall((api) => api.api.v1.admin.news.image[':id'].$put({ param: { id: String(newsId) }, json: { fileId } }));
}

export function deleteNewsFile(newsId: number, fileId: string) {
  return apiCall((api) =>
    api.api.v1.admin.news.image[':id'][':imageId'].$delete({ param: { id: String(newsId), imageId: pathParam(fileId) } }),
  );
}

export function updateNewsCategory(body: { id: number; name?: string; parentId?: number | null; position?: number }) {
  return apiCall((api) => api.api.v1.admin.category.$put({ json: body }));
}

/** The organisation's gallery: every article's files, one directory per article, newest first. */
export function getNewsGallery(orgId: number, page: number) {
  return apiCall((api) => api.api.v1.admin.news.gallery[':id'].$get({ param: { id: String(orgId) }, query: { page: String(page) } }));
}
