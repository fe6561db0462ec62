'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { TournamentPage } from '@/lib/schemas/tournaments';
import { formatDisplayDate } from '@/lib/domain/dates';
import { AddButton } from '@/components/ui/add-button';
import { MasterList, masterRowClass } from '@/components/ui/master-list';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { cn } from '@/components/ui/cn';
import { loadTournaments } from './actions';
import { FILTER_LABEL_KEYS, STATUS_TONE, TOURNAMENT_PAGE_SIZE } from './tournament-view';

export interface TournamentListProps {
  orgId: number;
  initial: TournamentPage;
  selectedId: number | 'new' | null;
  hrefFor: (id: number | 'new') => string;
  /** The filter checkboxes offered (values the API's `filter` takes). */
  filters: readonly string[];
  /** The add button (form 1000); the approval screen has none. */
  canAdd: boolean;
  /** Changes when the selected tournament was saved: the list reloads. */
  reloadKey?: string;
}

/** The left list: search, filter checkboxes, 7 per page, newest first; each with its date and status. */
export function TournamentList({ orgId, initial, selectedId, hrefFor, filters, canAdd, reloadKey }: TournamentListProps) {
  const t = useTranslations('tournaments');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const list = usePagedQuery({
    query: { q: query.trim(), filter: chosen.join(',') },
    typed: query,
    pageSize: TOURNAMENT_PAGE_SIZE,
    initial,
    reloadKey,
    load: ({ q, filter }, page) =>
      loadTournaments({ orgId, q: q || undefined, filter: filter || undefined, page, size: TOURNAMENT_PAGE_SIZE }),
  });

  return (
    <MasterList
      label={t('listLabel')}
      search={{ label: t('search'), value: query, onSearch: setQuery }}
      actions={canAdd && <AddButton label={t('add')} href={hrefFor('new')} />}
      filters={
        <fieldset className="mb-2">
          <legend className="sr-only">{t('filters')}</legend>
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {filters.map((f) => (
              <label key={f} className="flex items-center gap-1 text-xs text-gray-700">
                <input
                  type="checkbox"
                  checked={chosen.includes(f)}
                  onChange={() => setChosen((l) => (l.includes(f) ? l.filter((x) => x !== f) : [...l, f]))}
                />
                {FILTER_LABEL_KEYS[f] ? t(`filterLabels.${FILTER_LABEL_KEYS[f]}`) : f}
              </label>
            ))}
          </div>
        </fieldset>
      }
      rows={list.shown?.items ?? []}
      rowKey={(x) => x.id}
      renderRow={(x) => (
        <Link
          href={hrefFor(x.id)}
          data-tournament-id={x.id}
          aria-current={x.id === selectedId ? 'page' : undefined}
          className={masterRowClass(x.id === selectedId)}
        >
          <span className="flex items-center justify-between gap-2">
            <span className="truncate">{x.name}</span>
            <span className={cn('shrink-0 rounded px-1.5 py-0.5 text-xs font-medium', STATUS_TONE[x.status])}>
              {t(`status.${x.status}`)}
            </span>
          </span>
          <span className="block truncate text-xs text-gray-600">
            {formatDisplayDate(x.start)}
            {x.end !== x.start && ` – ${formatDisplayDate(x.end)}`} · {x.orgName}
          </span>
        </Link>
      )}
      emptyText={t('empty')}
      loadingText={t('loading')}
      query={list}
    />
  );
}
