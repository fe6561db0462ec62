import type { News } from '@/lib/schemas/news';
import { BASE_PATH } from '@/lib/domain/shell';

/** Articles per page of the list. */
export const NEWS_PAGE_SIZE = 6;
/** The list tab shows visible articles only (the API's `visible` filter); hidden ones open through the pages tab. */
export const LIST_VISIBLE = 'true' as const;
/** A required field's border flashes this long after a refused save. */
export const NEWS_FLASH_MS = 3500;
/** File names in the gallery are cut to this many characters. */
export const FILE_LABEL_LENGTH = 20;
/** Thumbnail sizes and their labels. */
export const THUMB_LABELS = { xs: 'SD', sm: 'MD', md: 'HD' } as const;

export type NewsFormValues = {
  title: string;
  abstract: string;
  content: string;
  lang: 'de' | 'en';
  newscategory: string[];
  visible: boolean;
};

export const toFormValues = (n: News | null, defaults?: Partial<NewsFormValues>): NewsFormValues => ({
  title: n?.title ?? '',
  abstract: n?.abstract ?? '',
  content: n?.content ?? '',
  lang: n?.lang ?? 'de',
  newscategory: n?.newscategory ?? [],
  visible: n?.visible ?? true,
  ...defaults,
});

export const fileLabel = (name: string) => (name.length > FILE_LABEL_LENGTH ? `${name.slice(0, FILE_LABEL_LENGTH - 1)}…` : name);

/** A stored file (or thumbnail) of an article, through the admin's proxy. */
export const newsFileUrl = (key: string) => `${BASE_PATH}/api/v1/uploads?file=${encodeURIComponent(key)}`;
