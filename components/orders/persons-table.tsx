'use client';

import { ListSearch } from '@/components/ui/list-search';
import { useTranslations } from 'next-intl';
import type { PersonForOrdering } from '@/lib/schemas/orders';
import { formatDisplayDate, isOpenEnded } from '@/lib/domain/dates';
import { proxiedImageSrc } from '@/lib/domain/shell';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SimplePager } from '@/components/ui/simple-pager';
import { euros, previewSumCents, type Choice } from '@/components/shared/orders/order-view';
import { formatEuros } from '@/lib/domain/orders/money';
import { PersonCheckbox } from '@/components/shared/orders/person-checkbox';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';

export interface PersonsTableProps {
  /** The persons of the page shown (the search's matches, a page at a time). */
  persons: PersonForOrdering[];
  choices: Record<number, Choice>;
  onChange: (next: Record<number, Choice>) => void;
  locale: string;
  /** The ordered year (the category's), which reasons such as an active licence are about. */
  year: number;
  /** The search words as typed; the wizard asks the API for the matches. */
  query: string;
  onQuery: (query: string) => void;
  /** One-based page and number of pages of the matches. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** How many persons of the organisation can be ordered; null until the wizard has read them all (select all). */
  selectableCount: number | null;
  /** Orders everyone who can be ordered, on every page. */
  onSelectAll: () => void;
  busy?: boolean;
}

/**
 * The persons step: the active members, a page at a time, with order and print checkboxes. A
 * person who cannot be ordered is greyed, their checkboxes disabled, and the reasons are written
 * out. Printing is possible only for an ordered person. Choices are kept across pages and searches.
 */
export function PersonsTable({
  persons,
  choices,
  onChange,
  locale,
  year,
  query,
  onQuery,
  page,
  pages,
  onPage,
  selectableCount,
  onSelectAll,
  busy = false,
}: PersonsTableProps) {
  const t = useTranslations('orders');
  const count = Object.values(choices).filter((c) => c.order).length;

  function set(id: number, choice: Choice) {
    const next = { ...choices };
    if (choice.order) next[id] = choice;
    else delete next[id];
    onChange(next);
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <ListSearch label={t('searchPersons')} value={query} onSearch={onQuery} className="min-w-0 w-auto flex-1" />
        <Button variant="secondary" size="sm" onClick={onSelectAll} disabled={busy || selectableCount === 0}>
          {t('selectAll')}
        </Button>
        <span className="text-sm text-gray-700" aria-live="polite">
          {selectableCount === null ? t('chosenCount', { count }) : t('chosen', { count, of: selectableCount })}
        </span>
      </div>
      <BriefTable
        label={t('personsLabel')}
        columns={[
          { key: 'order', header: t('col.order') },
          { key: 'print', header: t('col.print') },
          { key: 'name', header: t('col.name') },
          { key: 'age', header: t('col.age') },
          { key: 'licence', header: t('col.licence') },
          { key: 'price', header: t('col.price'), align: 'right' },
        ]}
        emptyText={t('noPersons')}
        isEmpty={persons.length === 0}
        pageSize={null}
      >
        {persons.map((p) => {
          const choice = choices[p.id] ?? { order: false, print: false };
          const blocked = p.reasons.length > 0;
          return (
            <tr key={p.id} data-disabled={blocked || undefined} className={cn(blocked && 'bg-gray-50 text-gray-500')}>
              <BriefCell>
                <PersonCheckbox
                  label={t('orderFor', { name: p.name })}
                  checked={choice.order}
                  disabled={blocked}
                  onChange={(order) => set(p.id, { order, print: false })}
                />
              </BriefCell>
              <BriefCell>
                <PersonCheckbox
                  label={t('printFor', { name: p.name })}
                  checked={choice.print}
                  disabled={blocked || !choice.order}
                  onChange={(print) => set(p.id, { order: true, print })}
                >
                  <span className="text-xs text-gray-600">{t('printPrice', { price: euros(p.print, locale) })}</span>
                </PersonCheckbox>
              </BriefCell>
              <BriefCell>
                <span className="flex items-center gap-2">
                  <Avatar src={p.uuid ? proxiedImageSrc(`/api/v1/profile/image/${p.uuid}`) : null} name={p.name} size={28} />
                  <span>
                    <span className={cn('block', !blocked && 'text-gray-900')}>{p.name}</span>
                    {blocked && (
                      <span className="block text-xs font-medium text-amber-800">
                        {p.reasons.map((r) => t(`reasons.${r}`, { year: String(year) })).join(' · ')}
                      </span>
                    )}
                  </span>
                </span>
              </BriefCell>
              <BriefCell>{p.age}</BriefCell>
              <BriefCell>{p.license ? (isOpenEnded(p.license) ? t('unlimited') : formatDisplayDate(p.license)) : '–'}</BriefCell>
              <BriefCell align="right">{choice.order ? formatEuros(previewSumCents(p, choice), locale) : euros(p.order, locale)}</BriefCell>
            </tr>
          );
        })}
      </BriefTable>
      <SimplePager
        page={page}
        pages={pages}
        onPage={onPage}
        previousLabel={t('previousPage')}
        nextLabel={t('nextPage')}
        text={t('page', { page, pages })}
      />
    </div>
  );
}
