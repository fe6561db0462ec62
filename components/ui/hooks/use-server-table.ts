'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { isSessionEnd } from '../session-ended';
import { notify } from '../toast';
import { nextSort, type DataTableColumn, type DataTableSort, type DataTableState } from '../data-table-types';

/**
 * Server mode of the data table: the API searches, filters, sorts and pages in the database; the
 * browser holds one page. The table's state lives in the address (`q`, `sort`, `dir`, `page`,
 * `size` and one parameter per filtered column), so a reload or a shared link shows the same
 * rows. The address is updated with history.replaceState, which Next's router follows without
 * asking the server for the page again.
 */

export interface ServerTableQuery {
  /** One-based, as in the address and the API. */
  page: number;
  pageSize: number;
  q: string;
  sort: DataTableSort;
  /** Column id → filter value; only set filters. */
  filters: Record<string, string>;
}

export interface ServerPage<Row> {
  items: Row[];
  total: number;
}

export interface UseServerTableOptions<Row> {
  columns: DataTableColumn<Row>[];
  fetchPage: (query: ServerTableQuery, signal: AbortSignal) => Promise<ServerPage<Row>>;
  defaultSort: DataTableSort;
  defaultPageSize: number;
  pageSizeOptions: number[];
  /** Typing in the search box or a text filter asks the API after this pause; default 300 ms. */
  typingDelayMs?: number;
}

const PARAM = { q: 'q', sort: 'sort', dir: 'dir', page: 'page', size: 'size' } as const;

/** The table's state from the address; anything unknown or malformed falls back to the default. */
export function parseServerTableQuery<Row>(
  params: URLSearchParams,
  columns: DataTableColumn<Row>[],
  defaults: { sort: DataTableSort; pageSize: number; pageSizeOptions: number[] },
): ServerTableQuery {
  const sortId = params.get(PARAM.sort);
  const sortable = columns.find((c) => c.id === sortId && c.sortable !== false);
  const sort = sortable ? { id: sortable.id, desc: params.get(PARAM.dir) === 'desc' } : defaults.sort;
  const page = Number(params.get(PARAM.page));
  const size = Number(params.get(PARAM.size));
  const filters: Record<string, string> = {};
  for (const c of columns) {
    const value = params.get(c.id)?.trim();
    if (!value || !c.filter) continue;
    if (Array.isArray(c.filter) && !c.filter.some((o) => o.value === value)) continue;
    filters[c.id] = value.slice(0, 100);
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: defaults.pageSizeOptions.includes(size) ? size : defaults.pageSize,
    q: (params.get(PARAM.q) ?? '').slice(0, 100),
    sort,
    filters,
  };
}

/** The address with the table's state written into it (defaults left out); other parameters stay. */
export function serverTableSearch<Row>(
  current: URLSearchParams,
  query: ServerTableQuery,
  columns: DataTableColumn<Row>[],
  defaults: { sort: DataTableSort; pageSize: number },
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set(PARAM.q, query.q.trim() || null);
  const defaultSort = query.sort.id === defaults.sort.id && query.sort.desc === defaults.sort.desc;
  set(PARAM.sort, defaultSort ? null : query.sort.id);
  set(PARAM.dir, defaultSort || !query.sort.desc ? null : 'desc');
  set(PARAM.page, query.page > 1 ? String(query.page) : null);
  set(PARAM.size, query.pageSize !== defaults.pageSize ? String(query.pageSize) : null);
  for (const c of columns) if (c.filter) set(c.id, query.filters[c.id]?.trim() || null);
  return next;
}

type Loaded<Row> = { key: string; status: 'ok'; items: Row[]; total: number } | { key: string; status: 'error' };

export function useServerTable<Row>({
  columns,
  fetchPage,
  defaultSort,
  defaultPageSize,
  pageSizeOptions,
  typingDelayMs = 300,
}: UseServerTableOptions<Row>) {
  const searchParams = useSearchParams();
  const defaults = useMemo(
    () => ({ sort: defaultSort, pageSize: defaultPageSize, pageSizeOptions }),
    [defaultSort, defaultPageSize, pageSizeOptions],
  );
  const [query, setQuery] = useState<ServerTableQuery>(() =>
    parseServerTableQuery(
      new URLSearchParams(searchParams?.toString() ?? (typeof window === 'undefined' ? '' : window.location.search)),
      columns,
      defaults,
    ),
  );

  // the address follows the state
  useEffect(() => {
    const current = new URLSearchParams(window.location.search);
    const next = serverTableSearch(current, query, columns, defaults).toString();
    if (next !== current.toString())
      window.history.replaceState(null, '', `${window.location.pathname}${next ? `?${next}` : ''}${window.location.hash}`);
  }, [query, columns, defaults]);

  // the rows follow the state: at once for paging and sorting, after a pause while typing
  const key = JSON.stringify(query);
  const typed = JSON.stringify([query.q.trim(), query.filters]);
  const lastTyped = useRef(typed);
  const [loaded, setLoaded] = useState<Loaded<Row> | null>(null);
  const te = useTranslations('errors');
  const failedToast = useRef('');
  useEffect(() => {
    failedToast.current = te('generic');
  }, [te]);
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  }, [fetchPage]);
  useEffect(() => {
    const controller = new AbortController();
    const delay = typed !== lastTyped.current ? typingDelayMs : 0;
    lastTyped.current = typed;
    const timer = setTimeout(() => {
      const asked = JSON.parse(key) as ServerTableQuery;
      fetchRef.current(asked, controller.signal).then(
        (page) => {
          setLoaded({ key, status: 'ok', items: page.items, total: page.total });
          // a page beyond the last (a shared link after members left, a typed page number): go to the last
          const last = Math.max(1, Math.ceil(page.total / asked.pageSize));
          if (asked.page > last) setQuery((q) => (q.page === asked.page ? { ...q, page: last } : q));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setLoaded({ key, status: 'error' });
          // the table says 'Verbindungsfehler !!!'; an ended session has its own toast
          if (!isSessionEnd(error)) notify.error(failedToast.current);
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, typed, typingDelayMs]);

  const ok = loaded?.status === 'ok' ? loaded : null;
  const total = ok?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const update = (change: Partial<ServerTableQuery>) => setQuery((q) => ({ ...q, page: 1, ...change }));

  const state: DataTableState<Row> = {
    rows: ok?.items ?? [],
    total,
    pageIndex: query.page - 1,
    pageCount,
    pageSize: query.pageSize,
    setPageIndex: (index) => setQuery((q) => ({ ...q, page: Math.max(1, index + 1) })),
    setPageSize: (size) => update({ pageSize: size }),
    search: query.q,
    setSearch: (text) => update({ q: text }),
    sort: query.sort,
    toggleSort: (id) => update({ sort: nextSort(query.sort, id) }),
    filters: query.filters,
    setFilter: (id, value) => {
      const filters = { ...query.filters };
      if (value) filters[id] = value;
      else delete filters[id];
      update({ filters });
    },
    filterOptions: (column) => (Array.isArray(column.filter) ? column.filter.map(({ value, label }) => ({ value, label })) : []),
    loading: loaded?.key !== key,
    failed: loaded?.key === key && loaded.status === 'error',
  };
  return { state, query };
}
