'use client';

import { useCallback, useMemo } from 'react';
import { useTranslations } from 'next-intl';
import type { Tournament, TournamentPage } from '@/lib/schemas/tournaments';
import { BASE_PATH } from '@/lib/domain/shell';
import { TOURNAMENT_TABLE_COLUMNS } from '@/lib/domain/tournaments/table';
import type { DataTableColumn } from '@/components/ui/data-table-types';
import { ServerDataTable, type ServerTableQuery } from '@/components/ui/server-data-table';
import { browserFetch } from '@/components/ui/session-ended';
import { APPROVAL_FILTERS, FILTER_LABEL_KEYS } from './tournament-view';

/** Rows per page of the table view. */
const TABLE_PAGE_SIZE = 20;

function listSearch(query: Pick<ServerTableQuery, 'q' | 'filters'>): URLSearchParams {
  const search = new URLSearchParams();
  if (query.q.trim()) search.set('q', query.q.trim());
  if (query.filters.typeName) search.set('filter', query.filters.typeName);
  return search;
}

/**
 * The table view of the tournaments (forms 1000 and 1001): every column, 20 per page, scrolling
 * sideways, searched and filtered (type filters and 'erstellt') by the API, newest first, CSV of
 * all matching rows.
 */
export function TournamentTable({ orgId }: { orgId: number }) {
  const t = useTranslations('tournaments');
  const columns = useMemo<DataTableColumn<Tournament>[]>(
    () =>
      TOURNAMENT_TABLE_COLUMNS.map((c) => ({
        id: c.id,
        header: t(`table.${c.id}`),
        accessor: (row: Tournament) => c.text(row),
        text: c.text,
        sortable: false,
        ...(c.id === 'typeName'
          ? { filter: APPROVAL_FILTERS.map((f) => ({ value: f, label: t(`filterLabels.${FILTER_LABEL_KEYS[f]}`) })) }
          : {}),
        ...(c.id === 'status' ? { text: (row: Tournament) => t(`status.${row.status}`) } : {}),
      })),
    [t],
  );
  const fetchPage = useCallback(
    async (query: ServerTableQuery, signal: AbortSignal): Promise<TournamentPage> => {
      const search = listSearch(query);
      search.set('page', String(query.page));
      search.set('size', String(query.pageSize));
      const res = await browserFetch(`${BASE_PATH}/api/v1/tournament/${orgId}?${search.toString()}`, {
        signal,
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
      return (await res.json()) as TournamentPage;
    },
    [orgId],
  );
  const exportHref = useCallback(
    (query: ServerTableQuery) => `${BASE_PATH}/api/v1/tournament/${orgId}/export.csv?${listSearch(query).toString()}`,
    [orgId],
  );
  return (
    <ServerDataTable
      columns={columns}
      fetchPage={fetchPage}
      defaultSort={{ id: 'start', desc: true }}
      pageSize={TABLE_PAGE_SIZE}
      exportHref={exportHref}
      getRowId={(row) => String(row.id)}
      emptyText={t('empty')}
      failedText={t('connectionError')}
      label={t('tableLabel')}
    />
  );
}
