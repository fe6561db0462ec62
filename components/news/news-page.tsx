import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getNews, getNewsCategories, getNewsMenu } from '@/lib/api/news';
import { NewsScreen } from './lazy';
import { LIST_VISIBLE, NEWS_PAGE_SIZE } from './news-view';

/** Form 200: the organisation's news (the visible ones listed, all through the website pages) and the article form. */
export async function NewsPage({ orgId }: FormPageProps) {
  const t = await getTranslations();
  let data;
  try {
    data = await Promise.all([
      getNews(orgId, { page: 1, size: NEWS_PAGE_SIZE, visible: LIST_VISIBLE }),
      getNewsCategories(orgId),
      getNewsMenu(orgId).catch(() => []),
    ]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  return <NewsScreen orgId={orgId} list={data[0]} categories={data[1]} menu={data[2]} />;
}
