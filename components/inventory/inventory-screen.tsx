'use client';

import { useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Controller, useForm } from 'react-hook-form';
import type { InventoryArticle } from '@/lib/schemas/news';
import { eurosToCents, formatEuros } from '@/lib/domain/orders/money';
import { ADULT_SIZES, INVENTORY_GENDERS, INVENTORY_PAGE_SIZE, KIDS_SIZES, LETTER_SIZES } from '@/lib/domain/inventory';
import { AddButton } from '@/components/ui/add-button';
import { MasterList, masterRowClass } from '@/components/ui/master-list';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { EditActions } from '@/components/ui/edit-actions';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { notify } from '@/components/ui/toast';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { useRecordEditor } from '@/components/ui/hooks/use-record-editor';
import { loadInventory, saveInventoryLine } from './actions';
import { inventoryResolver, type InventoryFormValues } from './inventory-form-check';

type Page = { items: InventoryArticle[]; total: number };
type Values = InventoryFormValues;

const toValues = (a: InventoryArticle | null): Values => ({
  newsId: a ? String(a.newsId) : '',
  ordercatId: a ? String(a.ordercatId) : '',
  gender: a?.inventoryParams.gender ?? '',
  size: a?.inventoryParams.size ?? '',
  items: a ? String(a.items) : '0',
  visibility: a?.inventoryParams.visibility ?? true,
  active: a ? a.active === 1 : true,
});

export interface InventoryScreenProps {
  orgId: number;
  initial: Page;
  articles: Array<{ id: number; title: string }>;
  categories: Array<{ id: number; cat: string }>;
}

/** Form 1004: stock lines (10 per page, search, add) and the chosen line's form. */
export function InventoryScreen({ orgId, initial, articles, categories }: InventoryScreenProps) {
  const t = useTranslations('inventory');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<InventoryArticle | 'new' | null>(null);
  const [reload, setReload] = useState(0);
  const list = usePagedQuery({
    query: { q: query.trim() },
    typed: query,
    pageSize: INVENTORY_PAGE_SIZE,
    initial,
    reloadKey: reload,
    load: ({ q }, page) => loadInventory({ orgId, q: q || undefined, page }),
  });

  const label = (a: InventoryArticle) =>
    [a.title, a.inventoryParams.gender && t(`genders.${a.inventoryParams.gender}`), a.inventoryParams.size].filter(Boolean).join(' · ');
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
        <MasterList
          label={t('listLabel')}
          search={{ label: t('search'), value: query, onSearch: setQuery }}
          actions={<AddButton label={t('add')} onClick={() => setSelected('new')} />}
          rows={list.shown?.items ?? []}
          rowKey={(a) => a.id}
          renderRow={(a) => {
            const active = selected !== 'new' && selected?.id === a.id;
            return (
              <button
                type="button"
                aria-current={active ? 'true' : undefined}
                onClick={() => setSelected(a)}
                className={masterRowClass(active)}
              >
                <span className="block truncate">{label(a)}</span>
                <span className="block truncate text-xs text-gray-600">
                  {a.categoryParams.cat} · {t('stockShort', { count: a.items })}
                  {!a.inventoryParams.visibility && ` · ${t('hidden')}`}
                </span>
              </button>
            );
          }}
          emptyText={t('empty')}
          loadingText={t('loading')}
          query={list}
        />
        {selected ? (
          <InventoryForm
            key={selected === 'new' ? 'new' : selected.id}
            orgId={orgId}
            line={selected === 'new' ? null : selected}
            articles={articles}
            categories={categories}
            onSaved={(saved) => {
              setSelected(saved);
              setReload((n) => n + 1);
            }}
            onCancelNew={() => setSelected(null)}
          />
        ) : (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
        )}
      </div>
    </div>
  );
}

function InventoryForm({
  orgId,
  line,
  articles,
  categories,
  onSaved,
  onCancelNew,
}: {
  orgId: number;
  line: InventoryArticle | null;
  articles: InventoryScreenProps['articles'];
  categories: InventoryScreenProps['categories'];
  onSaved: (a: InventoryArticle) => void;
  onCancelNew: () => void;
}) {
  const t = useTranslations('inventory');
  const locale = useLocale();
  const values = useMemo(() => toValues(line), [line]);
  const form = useForm<Values>({ resolver: inventoryResolver, defaultValues: values });
  const editor = useRecordEditor({
    form,
    values,
    version: line?.updatedAt ?? null,
    isNew: line === null,
    draftKey: `inventory-${orgId}-${line?.id ?? 'new'}`,
    firstField: 'newsId',
    successMessage: t('saved'),
    onInvalid: ({ errors }) => {
      if (errors) notify.error(t('checkFields'));
    },
    onCancelNew,
    save: (_out, basedOn) => {
      const v = form.getValues();
      return saveInventoryLine({
        orgId,
        id: line?.id,
        updatedAt: line ? (basedOn ?? undefined) : undefined,
        values: {
          newsId: Number(v.newsId),
          ordercatId: Number(v.ordercatId),
          items: Number(v.items),
          active: v.active ? 1 : 0,
          inventoryParams: {
            gender: v.gender === 'm' || v.gender === 'f' ? v.gender : null,
            size: v.size || null,
            visibility: v.visibility,
          },
        },
      });
    },
    onSaved: (data) => onSaved(data as InventoryArticle),
  });
  const disabled = !editor.editing;
  const err = (name: keyof Values) => {
    const m = form.formState.errors[name]?.message;
    return m ? t(`errors.${m}`) : undefined;
  };
  const title = line ? line.title : t('newTitle');
  const sizes = [...ADULT_SIZES, ...LETTER_SIZES, ...KIDS_SIZES.map((s) => s)];
  return (
    <section aria-labelledby="inventory-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {editor.confirmElement}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="inventory-title" className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <EditActions canEdit {...editor.actionProps} />
      </div>
      <form key={editor.fieldsKey} noValidate aria-label={title} onSubmit={editor.submitForm} className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="newsId"
          render={({ field }) => (
            <Select
              label={`${t('article')} *`}
              value={field.value}
              onValueChange={field.onChange}
              options={articles.map((a) => ({ value: String(a.id), label: a.title }))}
              disabled={disabled}
              error={err('newsId')}
              placeholder={t('choose')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="ordercatId"
          render={({ field }) => (
            <Select
              label={`${t('category')} *`}
              value={field.value}
              onValueChange={field.onChange}
              options={categories.map((c) => ({ value: String(c.id), label: c.cat }))}
              disabled={disabled}
              error={err('ordercatId')}
              placeholder={t('choose')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <Select
              label={t('gender')}
              value={field.value}
              onValueChange={field.onChange}
              options={INVENTORY_GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
              disabled={disabled}
              placeholder={t('choose')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="size"
          render={({ field }) => (
            <Select
              label={t('size')}
              value={field.value}
              onValueChange={field.onChange}
              options={[...new Set(sizes)].map((s) => ({ value: s, label: s }))}
              disabled={disabled}
              placeholder={t('choose')}
            />
          )}
        />
        <Input label={`${t('stock')} *`} inputMode="numeric" error={err('items')} disabled={disabled} {...form.register('items')} />
        <div className="flex flex-col justify-end gap-2">
          <CheckboxField label={t('visible')} disabled={disabled} {...form.register('visibility')} />
          <CheckboxField label={t('active')} disabled={disabled} {...form.register('active')} />
        </div>
        {line && (
          <p className="text-sm text-gray-600 sm:col-span-2">
            {t('netPrice', { price: netPriceText(line.categoryParams.netPrice, locale) })}
          </p>
        )}
      </form>
    </section>
  );
}

/** The category's net price as money in the screen's language ('74,92 €' / '€74.92'); '–' when it has none. */
function netPriceText(netPrice: number | string | null | undefined, locale: string): string {
  const cents = netPrice === null || netPrice === undefined ? null : eurosToCents(netPrice);
  return cents === null ? '–' : formatEuros(cents, locale);
}
