'use client';

import { useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { MenuNode, News, NewsCategory, NewsPage } from '@/lib/schemas/news';
import { formatDisplayDate } from '@/lib/domain/dates';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { AddButton } from '@/components/ui/add-button';
import { MasterList, masterRowClass } from '@/components/ui/master-list';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { Tabs } from '@/components/ui/tabs';
import { loadMenu, loadNews } from './actions';
import { CategoriesPanel } from './categories-panel';
import { MenuPages } from './menu-pages';
import { NewsForm } from './news-form';
import { LIST_VISIBLE, NEWS_PAGE_SIZE, type NewsFormValues } from './news-view';

export interface NewsScreenProps {
  orgId: number;
  list: NewsPage;
  categories: NewsCategory[];
  menu: MenuNode[];
}

type Selection = { article: News | null; defaults?: Partial<NewsFormValues>; key: string } | null;

/**
 * Form 200: left, the tabs 'Liste' (visible news only, searched and paged in the database, 6 per
 * page) and 'Seiten' (the website menu; a page opens its newest article, hidden or not, or starts a
 * new hidden one); right, the article form and the categories.
 */
export function NewsScreen({ orgId, list: initialList, categories: initialCategories, menu: initialMenu }: NewsScreenProps) {
  const t = useTranslations('news');
  const [query, setQuery] = useState('');
  const [categories, setCategories] = useState(initialCategories);
  const [selection, setSelection] = useState<Selection>(null);
  const [reload, setReload] = useState(0);
  const [menu, setMenu] = useState(initialMenu);
  const [, startTransition] = useTransition();
  const list = usePagedQuery({
    query: { q: query.trim() },
    typed: query,
    pageSize: NEWS_PAGE_SIZE,
    initial: initialList,
    reloadKey: reload,
    load: ({ q }, page) => loadNews({ orgId, q: q || undefined, page, visible: LIST_VISIBLE }),
  });
  const items = list.shown?.items ?? [];

  // after an article is saved or deleted a page may have gained or lost its article; a failed load keeps the menu shown
  const reloadMenu = () =>
    void loadMenu({ orgId }).then((res) => {
      if (res.ok) setMenu(res.data);
    });

  const newPageArticle = (node: MenuNode): Selection => ({
    article: null,
    defaults: { newscategory: [node.name], visible: false, title: node.name },
    key: `p${node.id}`,
  });
  const openPage = (node: MenuNode) => {
    const article = items.find((n) => n.id === node.newsId) ?? null;
    if (node.newsId !== null && !article) {
      // not on the list (hidden, or on another page of it): the page's newest article is the first of its category
      startTransition(async () => {
        const res = await settleAction(loadNews({ orgId, page: 1, category: node.name }));
        if (!applyActionResult(res, null, { success: false })) return;
        const hit = res.data.items.find((n) => n.id === node.newsId);
        setSelection(hit ? { article: hit, key: `n${hit.id}` } : newPageArticle(node));
      });
      return;
    }
    setSelection(article ? { article, key: `n${article.id}` } : newPageArticle(node));
  };

  const listTab = (
    <MasterList
      as="div"
      className="border-0 p-0 shadow-none"
      search={{ label: t('search'), value: query, onSearch: setQuery }}
      actions={
        <AddButton
          label={t('add')}
          onClick={() => setSelection({ article: null, defaults: { visible: true, lang: 'de' }, key: `new${Date.now()}` })}
        />
      }
      rows={items}
      rowKey={(n) => n.id}
      listLabel={t('listLabel')}
      renderRow={(n) => (
        <button
          type="button"
          aria-current={selection?.article?.id === n.id ? 'true' : undefined}
          onClick={() => setSelection({ article: n, key: `n${n.id}` })}
          className={masterRowClass(selection?.article?.id === n.id)}
        >
          <span className="block truncate">{n.title}</span>
          <span className="block truncate text-xs text-gray-600">
            {n.publishedAt ? formatDisplayDate(n.publishedAt.slice(0, 10)) : t('notPublished')} · {n.newscategory.join(', ')}
          </span>
        </button>
      )}
      emptyText={t('empty')}
      loadingText={t('loading')}
      query={list}
    />
  );

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
        <nav aria-label={t('navLabel')} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
          <Tabs
            label={t('navLabel')}
            items={[
              { value: 'list', label: t('tabList'), content: listTab },
              {
                value: 'pages',
                label: t('tabPages'),
                content: (
                  <MenuPages orgId={orgId} menu={menu} onMenu={setMenu} onOpen={openPage} onChanged={() => setReload((n) => n + 1)} />
                ),
              },
            ]}
          />
        </nav>
        <div className="space-y-4">
          {selection ? (
            <NewsForm
              key={selection.key}
              orgId={orgId}
              article={selection.article}
              defaults={selection.defaults}
              categories={categories}
              onSaved={(saved) => {
                setSelection({ article: saved, key: `n${saved.id}` });
                setReload((n) => n + 1);
                reloadMenu();
              }}
              onDeleted={() => {
                setSelection(null);
                setReload((n) => n + 1);
                reloadMenu();
              }}
              onCancelNew={() => setSelection(null)}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
          )}
          <CategoriesPanel orgId={orgId} categories={categories} onChange={setCategories} />
        </div>
      </div>
    </div>
  );
}
