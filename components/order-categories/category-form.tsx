'use client';

import { useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { OrderCategory } from '@/lib/schemas/orders';
import { CATEGORY_GROUPS, groupHasWeight } from '@/lib/domain/orders/categories';
import { PRICE_MAX_LENGTH } from '@/lib/domain/orders/money';
import { formPath } from '@/lib/domain/shell';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { Button } from '@/components/ui/button';
import { EditActions } from '@/components/ui/edit-actions';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessages, useFocusOnRecordChange, useRecordEditor } from '@/components/ui/hooks/use-record-editor';
import { notify } from '@/components/ui/toast';
import { saveCategory } from './actions';
import { toFormValues, toInput, type CategoryFormValues } from './category-form-values';
import { useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';

/** Typing limits of the form: year 4 digits, prices 7 characters, weight 6. */
const YEAR_LENGTH = 4;
const WEIGHT_LENGTH = 6;

export interface CategoryFormProps {
  actingOrgId: number;
  funkId: number;
  /** null while creating a new category. */
  category: OrderCategory | null;
}

/**
 * 'ArtikelKategorie #{id}' / 'Neue ArtikelKategorie': name, group, year, prices, weight (clothing
 * only) and the age bands of a licence year. The API checks the same rules on save.
 */
export function CategoryForm({ actingOrgId, funkId, category }: CategoryFormProps) {
  const t = useTranslations('orderCategories');
  const router = useGuardedRouter();
  const isNew = category === null;
  const [record, setRecord] = useState(category);
  const [lastProp, setLastProp] = useState(category);
  if (category !== lastProp) {
    setLastProp(category);
    setRecord(category);
  }

  const resolver = useMemo(
    () =>
      lazyZodResolver<CategoryFormValues, unknown, unknown>(() =>
        import('./category-form-schema').then((m) => m.categoryFormSchema as never),
      ),
    [],
  );
  const values = useMemo(() => toFormValues(record), [record]);
  const form = useForm<CategoryFormValues, unknown, unknown>({ resolver, defaultValues: values });
  const bands = useFieldArray({ control: form.control, name: 'params.category' });

  const editor = useRecordEditor({
    form,
    values,
    version: record?.updatedAt ?? null,
    isNew,
    draftKey: formPath(actingOrgId, funkId, record?.id ?? 'new'),
    firstField: 'cat',
    successMessage: t('saved'),
    onInvalid: ({ errors }) => {
      if (!errors) return;
      const first = errorMessages(errors)[0];
      notify.error(t('saveFailed'), { description: first && t.has(`validation.${first}`) ? t(`validation.${first}`) : undefined });
    },
    onCancelNew: () => void router.push(formPath(actingOrgId, funkId)),
    save: (_output, basedOn) =>
      saveCategory({
        actingOrgId,
        id: record?.id,
        updatedAt: record ? (basedOn ?? undefined) : undefined,
        values: toInput(form.getValues()),
      }),
    onSaved: (data) => {
      const saved = data as OrderCategory;
      if (isNew) void router.push(formPath(actingOrgId, funkId, saved.id));
      else setRecord(saved);
    },
  });
  const headingRef = useFocusOnRecordChange(String(record?.id ?? 'new'));

  const group = useWatch({ control: form.control, name: 'params.group' });
  const {
    register,
    formState: { errors },
  } = form;
  const errorOf = (name: FieldPath<CategoryFormValues>): string | undefined => {
    let node: unknown = errors;
    for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    // an error of a field made of several inputs (a band's ages) sits on its `root`
    const found = node as { message?: unknown; root?: { message?: unknown } } | undefined;
    const m = found?.message ?? found?.root?.message;
    if (typeof m !== 'string' || !m) return undefined;
    return t.has(`validation.${m}`) ? t(`validation.${m}`) : m;
  };
  const disabled = !editor.editing;
  const title = isNew ? t('newTitle') : t('title', { id: record!.id });

  return (
    <section aria-labelledby="category-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {editor.confirmElement}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="category-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
          {title}
        </h2>
        <EditActions canEdit {...editor.actionProps} />
      </div>
      <form key={editor.fieldsKey} noValidate aria-label={title} onSubmit={editor.submitForm} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={`${t('fields.cat')} *`}
            aria-required
            error={errorOf('cat')}
            disabled={disabled}
            autoComplete="off"
            {...register('cat')}
          />
          <Controller
            control={form.control}
            name="params.group"
            render={({ field }) => (
              <Select
                label={`${t('fields.group')} *`}
                value={field.value}
                onValueChange={field.onChange}
                disabled={disabled}
                error={errorOf('params.group')}
                options={CATEGORY_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
              />
            )}
          />
          <Input
            label={t('fields.year')}
            inputMode="numeric"
            maxLength={YEAR_LENGTH}
            error={errorOf('params.year')}
            disabled={disabled}
            {...register('params.year')}
          />
          {groupHasWeight(group) && (
            <Input
              label={t('fields.weight')}
              inputMode="decimal"
              maxLength={WEIGHT_LENGTH}
              hint={t('weightHint')}
              error={errorOf('params.weight')}
              disabled={disabled}
              {...register('params.weight')}
            />
          )}
          <Input
            label={t('fields.price')}
            inputMode="decimal"
            maxLength={PRICE_MAX_LENGTH}
            error={errorOf('params.price')}
            disabled={disabled}
            {...register('params.price')}
          />
          <Input
            label={t('fields.netPrice')}
            inputMode="decimal"
            maxLength={PRICE_MAX_LENGTH}
            error={errorOf('params.netPrice')}
            disabled={disabled}
            {...register('params.netPrice')}
          />
          <Input
            label={t('fields.memberNetPrice')}
            inputMode="decimal"
            maxLength={PRICE_MAX_LENGTH}
            error={errorOf('params.memberNetPrice')}
            disabled={disabled}
            {...register('params.memberNetPrice')}
          />
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-gray-900">{t('bands.title')}</legend>
          {errorOf('params.category') && (
            <p role="alert" className="text-sm text-red-700">
              {errorOf('params.category')}
            </p>
          )}
          {bands.fields.length === 0 && <p className="text-sm text-gray-600">{t('bands.none')}</p>}
          {bands.fields.map((band, i) => (
            <div
              key={band.id}
              className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]"
              role="group"
              aria-label={t('bands.band', { n: i + 1 })}
            >
              <Input
                label={t('bands.from')}
                type="number"
                min={0}
                max={150}
                disabled={disabled}
                error={errorOf(`params.category.${i}.age`)}
                {...register(`params.category.${i}.age.0`, { valueAsNumber: true })}
              />
              <Input
                label={t('bands.to')}
                type="number"
                min={0}
                max={150}
                disabled={disabled}
                {...register(`params.category.${i}.age.1`, { valueAsNumber: true })}
              />
              <Input
                label={t('bands.license')}
                inputMode="decimal"
                maxLength={PRICE_MAX_LENGTH}
                disabled={disabled}
                error={errorOf(`params.category.${i}.license`)}
                {...register(`params.category.${i}.license`)}
              />
              <Input
                label={t('bands.print')}
                inputMode="decimal"
                maxLength={PRICE_MAX_LENGTH}
                disabled={disabled}
                error={errorOf(`params.category.${i}.print`)}
                {...register(`params.category.${i}.print`)}
              />
              {editor.editing && (
                <Button variant="ghost" size="sm" onClick={() => bands.remove(i)} aria-label={t('bands.remove', { n: i + 1 })}>
                  ✕
                </Button>
              )}
            </div>
          ))}
          {editor.editing && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                const last = form.getValues('params.category').at(-1);
                const from = last ? Number(last.age[1]) + 1 : 0;
                bands.append({ age: [from, from], license: '', print: '' });
              }}
            >
              {t('bands.add')}
            </Button>
          )}
        </fieldset>
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </section>
  );
}
