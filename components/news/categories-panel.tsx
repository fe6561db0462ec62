'use client';

import { useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { NewsCategory } from '@/lib/schemas/news';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { addCategory, removeCategory } from './actions';

/** The organisation's news categories: create (disabled while the name is empty), delete confirmed; one in use says where. */
export function CategoriesPanel({
  orgId,
  categories,
  onChange,
}: {
  orgId: number;
  categories: NewsCategory[];
  onChange: (list: NewsCategory[]) => void;
}) {
  const t = useTranslations('news');
  const [name, setName] = useState('');
  const [pending, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();

  function create() {
    startTransition(async () => {
      const res = await addCategory({ orgId, name: name.trim() });
      if (applyActionResult(res, null, { success: t('categoryCreated') })) {
        onChange([...categories, res.data]);
        setName('');
      }
    });
  }

  async function remove(c: NewsCategory) {
    if (!(await confirm(t('categoryDeleteConfirm', { name: c.name }), { tone: 'danger' }))) return;
    const res = await removeCategory({ id: c.id });
    if (applyActionResult(res, null, { success: t('categoryDeleted') })) onChange(categories.filter((x) => x.id !== c.id));
  }

  return (
    <section aria-label={t('categoriesTitle')} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {confirmElement}
      <h2 className="font-semibold text-gray-900">{t('categoriesTitle')}</h2>
      <ul className="flex flex-wrap gap-2">
        {categories.map((c) => (
          <li key={c.id} className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-3 py-1 text-sm">
            {c.name}
            {c.inMenu && <span className="text-xs text-gray-700">({t('menuPage')})</span>}
            <button
              type="button"
              aria-label={t('categoryDelete', { name: c.name })}
              onClick={() => void remove(c)}
              className="rounded px-1 hover:bg-white"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) create();
        }}
      >
        <label className="flex-1 text-sm">
          <span className="mb-1 block font-medium text-gray-700">{t('categoryName')}</span>
          <input
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          />
        </label>
        <Button type="submit" disabled={!name.trim() || pending} loading={pending}>
          {t('categoryCreate')}
        </Button>
      </form>
    </section>
  );
}
