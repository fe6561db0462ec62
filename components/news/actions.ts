'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import {
  createNewsCategory,
  deleteNews,
  deleteNewsCategory,
  deleteNewsFile,
  getNews,
  getNewsGallery,
  getNewsMenu,
  saveNews,
  setFeaturedNewsImage,
  updateNewsCategory,
  type NewsInput,
} from '@/lib/api/news';
import { apiBody } from '@/lib/actions/api-body';
import { recordId, recordVersion } from '@/lib/schemas/ids';
import { NEWS_PAGE_SIZE } from './news-view';

/** The news screen's calls (form 200). */

function newsRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'stale':
      return { message: t('stale') };
    case 'category_exists':
      return { message: t('categoryExists') };
    case 'category_in_use':
      return { message: t('categoryInUse', { where: Array.isArray(error.value) ? (error.value as string[]).join(', ') : '' }) };
    case 'validation':
      return error.field
        ? {
            message: t.has(`rules.${error.rule}`) ? t(`rules.${error.rule}`) : t('requiredMissing'),
            fieldErrors: { [error.field]: t('requiredMissing') },
          }
        : undefined;
    default:
      return undefined;
  }
}

export const loadNews = defineAction({
  namespace: 'news',
  input: z.object({
    orgId: recordId,
    q: z.string().max(100).optional(),
    page: z.number().int().min(1).max(100_000),
    visible: z.enum(['true', 'false']).optional(),
    category: z.string().trim().min(1).max(80).optional(),
  }),
  failure: 'loadFailed',
  run: async ({ orgId, ...params }) => getNews(orgId, { ...params, size: NEWS_PAGE_SIZE }),
});

export const loadGallery = defineAction({
  namespace: 'news',
  input: z.object({ orgId: recordId, page: z.number().int().min(1).max(100_000) }),
  failure: 'loadFailed',
  run: async ({ orgId, page }) => getNewsGallery(orgId, page),
});

export const saveArticle = defineAction({
  namespace: 'news',
  input: z.object({ id: recordId.optional(), updatedAt: recordVersion.optional(), values: apiBody<NewsInput>() }),
  failure: 'saveFailed',
  refusal: newsRefusal,
  run: async ({ id, updatedAt, values }) => saveNews(values, id, updatedAt),
});

export const removeArticles = defineAction({
  namespace: 'news',
  input: z.object({ ids: z.array(recordId).min(1).max(100) }),
  failure: 'deleteFailed',
  refusal: newsRefusal,
  run: async ({ ids }, { t }) => ({ ...(await deleteNews(ids)), message: t('deleted') }),
});

export const addCategory = defineAction({
  namespace: 'news',
  input: z.object({
    orgId: recordId,
    name: z.string().trim().min(1).max(80),
    parentId: recordId.nullable().optional(),
    inMenu: z.boolean().optional(),
  }),
  failure: 'saveFailed',
  refusal: newsRefusal,
  run: async (body) => createNewsCategory(body),
});

export const removeCategory = defineAction({
  namespace: 'news',
  input: z.object({ id: recordId }),
  failure: 'categoryDeleteFailed',
  refusal: newsRefusal,
  run: async ({ id }) => deleteNewsCategory(id),
});

export const featureFile = defineAction({
  namespace: 'news',
  input: z.object({ newsId: recordId, fileId: z.uuid() }),
  failure: 'saveFailed',
  refusal: newsRefusal,
  run: async ({ newsId, fileId }) => setFeaturedNewsImage(newsId, fileId),
});

export const removeFile = defineAction({
  namespace: 'news',
  input: z.object({ newsId: recordId, fileId: z.uuid() }),
  failure: 'deleteFailed',
  refusal: newsRefusal,
  run: async ({ newsId, fileId }) => deleteNewsFile(newsId, fileId),
});

export const loadMenu = defineAction({
  namespace: 'news',
  input: z.object({ orgId: recordId }),
  failure: 'loadFailed',
  run: async ({ orgId }) => getNewsMenu(orgId),
});

export const changeCategory = defineAction({
  namespace: 'news',
  input: z.object({
    id: recordId,
    name: z.string().trim().min(1).max(80).optional(),
    parentId: recordId.nullable().optional(),
    position: z.number().int().min(0).max(100_000).optional(),
  }),
  failure: 'saveFailed',
  refusal: newsRefusal,
  run: async (body) => updateNewsCategory(body),
});
