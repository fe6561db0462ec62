import 'server-only';
import type { MenuNode, News, NewsCategory, NewsGalleryPage, NewsPage } from '@/lib/schemas/news';
import { apiCall } from './client';

/** Server-only calls of the news screen (form 200). */
export type { MenuNode, News, NewsCategory, NewsGalleryPage, NewsPage } from '@/lib/schemas/news';

export function getNews(orgId: number, params: { q?: string; page: number; size: number; visible?: 'true' | 'false'; category?: string }) {
  const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return apiCall<NewsPage>(`api/v1/admin/news/${orgId}`, { searchParams });
}

export function getNewsMenu(orgId: number) {
  return apiCall<MenuNode[]>(`api/v1/admin/news/menu/${orgId}`);
}

export function getNewsCategories(orgId: number) {
  return apiCall<NewsCategory[]>(`api/v1/admin/categories/${orgId}`);
}

export function saveNews(body: Record<string, unknown>, id?: number, updatedAt?: string) {
  return id === undefined ? apiCall<News>('api/v1/admin/news', { method: 'post', json: body }) : apiCall<News>('api/v1/admin/news', { method: 'put', json: { ...body, id, updatedAt } });
}

export function deleteNews(ids: number[]) {
  return apiCall<{ deleted: number }>('api/v1/admin/news', { method: 'delete', searchParams: { ids: ids.join(',') } });
}

export function createNewsCategory(body: { orgId: number; name: string; parentId?: number | null; inMenu?: boolean }) {
  return apiCall<NewsCategory>('api/v1/admin/category', { method: 'post', json: body });
}

export function deleteNewsCategory(id: number) {
  return apiCall<{ deleted: number }>('api/v1/admin/category', { method: 'delete', searchParams: { id } });
}

export function setFeaturedNewsImage(newsId: number, fileId: string) {
  return apiCall<News>(`api/v1/admin/news/image/${newsId}`, { method: 'put', json: { fileId } });
}

export function deleteNewsFile(newsId: number, fileId: string) {
  return apiCall<News>(`api/v1/admin/news/image/${newsId}/${fileId}`, { method: 'delete' });
}

export function updateNewsCategory(body: { id: number; name?: string; parentId?: number | null; position?: number }) {
  return apiCall<NewsCategory>('api/v1/admin/category', { method: 'put', json: body });
}

/** The organisation's gallery: every article's files, one directory per article, newest first. */
export function getNewsGallery(orgId: number, page: number) {
  return apiCall<NewsGalleryPage>(`api/v1/admin/news/gallery/${orgId}`, { searchParams: { page } });
}
