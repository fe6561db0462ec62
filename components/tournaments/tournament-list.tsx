'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { TournamentPage } from '@/lib/schemas/tournaments';
import { formatDisplayDate } from '@/lib/domain/dates';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { SimplePager } from '@/components/ui/simple-pager';
import { cn } from '@/components/ui/cn';
import { loadTournaments } from './actions';
import { FILTER_LABEL_KEYS, STATUS_TONE, TOURNAMENT_PAGE_SIZE } from './tournament-view';
import { ListSearch } from '@/components/ui/list-search';

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
  const [page, setPage] = useState(1);
  const [data, setData] = useState(initial);
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  // the page brought the first page: the first run of the effect loads nothing
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const handle = setTimeout(() => {
      startTransition(async () => {
        const result = await settleAction(loadTournaments({ orgId, q: query.trim() || undefined, filter: chosen.join(',') || undefined, page, size: TOURNAMENT_PAGE_SIZE }));
        setFailed(!result.ok);
        if (applyActionResult(result, null, { success: false })) setData(result.data);
      });
    }, 200);
    return () => clearTimeout(handle);
  }, [orgId, query, chosen, page, reloadKey]);

  const pages = Math.max(1, Math.ceil(data.total / TOURNAMENT_PAGE_SIZE));
  return (
    <nav aria-label={t('listLabel')} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
      <div className="mb-2 flex items-center gap-2">
        <ListSearch label={t('search')} value={query} onSearch={(text) => { setQuery(text); setPage(1); }} />
        {canAdd && (
          <Link href={hrefFor('new')} aria-label={t('add')} title={t('add')} className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-brand text-lg font-semibold text-white hover:bg-brand-dark">
            +
          </Link>
        )}
      </div>
      <fieldset className="mb-2">
        <legend className="sr-only">{t('filters')}</legend>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {filters.map((f) => (
            <label key={f} className="flex items-center gap-1 text-xs text-gray-700">
              <input
                type="checkbox"
                checked={chosen.includes(f)}
                onChange={() => {
                  setChosen((list) => (list.includes(f) ? list.filter((x) => x !== f) : [...list, f]));
                  setPage(1);
                }}
              />
              {FILTER_LABEL_KEYS[f] ? t(`filterLabels.${FILTER_LABEL_KEYS[f]}`) : f}
            </label>
          ))}
        </div>
      </fieldset>
      {failed ? (
        <p role="alert" className="px-2 py-6 text-center text-sm font-medium text-red-700">
          {t('connectionError')}
        </p>
      ) : data.items.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-gray-500">{pending ? t('loading') : t('empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-busy={pending}>
          {data.items.map((x) => (
            <li key={x.id}>
              <Link
                href={hrefFor(x.id)}
                data-tournament-id={x.id}
                aria-current={x.id === selectedId ? 'page' : undefined}
                className={cn('block rounded px-2 py-2 text-sm hover:bg-brand-light/60', x.id === selectedId && 'bg-brand-light font-semibold text-brand-dark')}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate">{x.name}</span>
                  <span className={cn('shrink-0 rounded px-1.5 py-0.5 text-xs font-medium', STATUS_TONE[x.status])}>{t(`status.${x.status}`)}</span>
                </span>
                <span className="block truncate text-xs text-gray-600">
                  {formatDisplayDate(x.start)}
                  {x.end !== x.start && ` – ${formatDisplayDate(x.end)}`} · {x.orgName}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <SimplePager page={page} pages={pages} onPage={setPage} previousLabel={t('previousPage')} nextLabel={t('nextPage')} text={t('page', { page: page, pages })} />
    </nav>
  );
}
