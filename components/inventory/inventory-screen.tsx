'use client';

import { useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Controller, useForm } from 'react-hook-form';
import type { InventoryArticle } from '@/lib/schemas/news';
import { eurosToCents, formatEuros } from '@/lib/domain/orders/money';
import { ADULT_SIZES, INVENTORY_GENDERS, INVENTORY_PAGE_SIZE, KIDS_SIZES, LETTER_SIZES } from '@/lib/domain/inventory';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { SimplePager } from '@/components/ui/simple-pager';
import { cn } from '@/components/ui/cn';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { EditActions } from '@/components/ui/edit-actions';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { notify } from '@/components/ui/toast';
import { useRecordEditor } from '@/components/ui/use-record-editor';
import { loadInventory, saveInventoryLine } from './actions';
import { ListSearch } from '@/components/ui/list-search';
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
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page>(initial);
  const [selected, setSelected] = useState<InventoryArticle | 'new' | null>(null);
  const [reload, setReload] = useState(0);
  const [pending, startTransition] = useTransition();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const handle = setTimeout(() => {
      startTransition(async () => {
        const res = await settleAction(loadInventory({ orgId, q: query.trim() || undefined, page }));
        if (applyActionResult(res, null, { success: false })) setData(res.data);
      });
    }, 200);
    return () => clearTimeout(handle);
  }, [orgId, query, page, reload]);

  const pages = Math.max(1, Math.ceil(data.total / INVENTORY_PAGE_SIZE));
  const label = (a: InventoryArticle) => [a.title, a.inventoryParams.gender && t(`genders.${a.inventoryParams.gender}`), a.inventoryParams.size].filter(Boolean).join(' · ');
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
        <nav aria-label={t('listLabel')} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
          <div className="mb-3 flex items-center gap-2">
            <ListSearch label={t('search')} value={query} onSearch={(text) => { setQuery(text); setPage(1); }} />
            <Button aria-label={t('add')} title={t('add')} onClick={() => setSelected('new')} className="h-9 w-9 shrink-0 px-0 text-lg">
              +
            </Button>
          </div>
          {data.items.length === 0 ? (
            <p className="px-2 py-6 text-center text-sm text-gray-500">{pending ? t('loading') : t('empty')}</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {data.items.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    aria-current={selected !== 'new' && selected?.id === a.id ? 'true' : undefined}
                    onClick={() => setSelected(a)}
                    className={cn('block w-full rounded px-2 py-2 text-left text-sm hover:bg-brand-light/60', selected !== 'new' && selected?.id === a.id && 'bg-brand-light font-semibold text-brand-dark')}
                  >
                    <span className="block truncate">{label(a)}</span>
                    <span className="block truncate text-xs text-gray-600">
                      {a.categoryParams.cat} · {t('stockShort', { count: a.items })}
                      {!a.inventoryParams.visibility && ` · ${t('hidden')}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <SimplePager page={page} pages={pages} onPage={setPage} previousLabel={t('previousPage')} nextLabel={t('nextPage')} text={t('page', { page: page, pages })} />
        </nav>
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
        values: { newsId: Number(v.newsId), ordercatId: Number(v.ordercatId), items: Number(v.items), active: v.active ? 1 : 0, inventoryParams: { gender: v.gender || null, size: v.size || null, visibility: v.visibility } },
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
        <EditActions canEdit editing={editor.editing} busy={editor.busy} onEdit={editor.startEdit} onSave={() => void editor.save()} onCancel={editor.cancel} />
      </div>
      <form key={editor.fieldsKey} noValidate aria-label={title} onSubmit={(e) => (e.preventDefault(), editor.editing && void editor.save())} className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="newsId"
          render={({ field }) => (
            <Select label={`${t('article')} *`} value={field.value} onValueChange={field.onChange} options={articles.map((a) => ({ value: String(a.id), label: a.title }))} disabled={disabled} error={err('newsId')} placeholder={t('choose')} />
          )}
        />
        <Controller
          control={form.control}
          name="ordercatId"
          render={({ field }) => (
            <Select label={`${t('category')} *`} value={field.value} onValueChange={field.onChange} options={categories.map((c) => ({ value: String(c.id), label: c.cat }))} disabled={disabled} error={err('ordercatId')} placeholder={t('choose')} />
          )}
        />
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <Select label={t('gender')} value={field.value} onValueChange={field.onChange} options={INVENTORY_GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))} disabled={disabled} placeholder={t('choose')} />
          )}
        />
        <Controller
          control={form.control}
          name="size"
          render={({ field }) => <Select label={t('size')} value={field.value} onValueChange={field.onChange} options={[...new Set(sizes)].map((s) => ({ value: s, label: s }))} disabled={disabled} placeholder={t('choose')} />}
        />
        <Input label={`${t('stock')} *`} inputMode="numeric" error={err('items')} disabled={disabled} {...form.register('items')} />
        <div className="flex flex-col justify-end gap-2">
          <CheckboxField label={t('visible')} disabled={disabled} {...form.register('visibility')} />
          <CheckboxField label={t('active')} disabled={disabled} {...form.register('active')} />
        </div>
        {line && <p className="text-sm text-gray-600 sm:col-span-2">{t('netPrice', { price: netPriceText(line.categoryParams.netPrice, locale) })}</p>}
      </form>
    </section>
  );
}

/** The category's net price as money in the screen's language ('74,92 €' / '€74.92'); '–' when it has none. */
function netPriceText(netPrice: number | string | null | undefined, locale: string): string {
  const cents = netPrice === null || netPrice === undefined ? null : eurosToCents(netPrice);
  return cents === null ? '–' : formatEuros(cents, locale);
}
