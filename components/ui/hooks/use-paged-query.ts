'use client';

import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { ActionResult } from '@/lib/api/action-result';
import { matchesSearch } from '@/lib/domain/search-fold';
import { applyActionResult, settleAction } from '../apply-action-result';
import { isSessionEnd } from '../session-ended';
import { notify } from '../toast';

/**
 * The one way a list screen reads its rows page by page (a server action or a browser fetch):
 * - a change of the criteria (`query`: search text and filters) goes back to page 1;
 * - every change loads after `delayMs` (200 ms: quick clicks and keystrokes load only the last);
 *   typing in the search box waits `typingDelayMs` instead, and emptying the box does not wait for
 *   typing;
 * - the load runs in a transition (`pending`), and an answer to criteria no longer shown is dropped;
 * - a failed load shows 'Verbindungsfehler !!!' in the list (`failed`) and the generic error toast
 *   (or the refusal's message); an ended session (401) leaves for the sign-in page, which comes
 *   back here;
 * - a page past the last (rows deleted meanwhile) goes to the last page.
 */

export interface ListPage<Row> {
  items: Row[];
  total: number;
}

/** Lists load this long after a change (search, filter, page, selection). */
export const LIST_LOAD_DELAY_MS = 200;

export interface UsePagedQueryOptions<Data extends ListPage<unknown>, Query> {
  /** The criteria besides the page (JSON-serialisable); a change goes back to page 1. */
  query: Query;
  /** The search text the user types (part of `query`); its changes wait `typingDelayMs`. */
  typed?: string;
  load: (query: Query, page: number, signal: AbortSignal) => Promise<ActionResult<Data>>;
  pageSize: number;
  /** The page to open on (e.g. the one kept from the last visit); 1 by default. */
  initialPage?: number;
  /** The first page as the server read it: shown at once, not loaded again. */
  initial?: Data;
  delayMs?: number;
  typingDelayMs?: number;
  /** False: nothing is loaded and no rows are shown (e.g. a search text still too short). */
  enabled?: boolean;
  /** A change loads the page shown again (e.g. after the chosen record was saved). */
  reloadKey?: string | number | null;
  /** Each successful answer, e.g. for a 'loaded' toast. */
  onLoaded?: (data: Data) => void;
  /** The toast of a load that got no answer, where a screen names it (default: the generic error). */
  failedToast?: string;
}

type Loaded<Data> = { key: string; status: 'ok'; data: Data } | { key: string; status: 'error' };

export function usePagedQuery<Data extends ListPage<unknown>, Query>({
  query,
  typed = '',
  load,
  pageSize,
  initialPage = 1,
  initial,
  delayMs = LIST_LOAD_DELAY_MS,
  typingDelayMs = delayMs,
  enabled = true,
  reloadKey = null,
  onLoaded,
  failedToast,
}: UsePagedQueryOptions<Data, Query>) {
  const queryKey = JSON.stringify(query);
  const [page, setPageOf] = usePageOf(queryKey, initialPage);
  const key = JSON.stringify([queryKey, page]);

  const [loaded, setLoaded] = useState<Loaded<Data> | null>(() => (initial ? { key, status: 'ok', data: initial } : null));
  // the last rows loaded, whatever criteria they belong to (shown while the next ones load)
  const [latest, setLatest] = useState<Data | null>(initial ?? null);
  const [reloads, setReloads] = useState(0);
  const [pending, startTransition] = useTransition();

  const te = useTranslations('errors');
  const loadRef = useRef(load);
  const onLoadedRef = useRef(onLoaded);
  const failedText = useRef('');
  useEffect(() => {
    loadRef.current = load;
    onLoadedRef.current = onLoaded;
    failedText.current = failedToast ?? te('generic');
  }, [load, onLoaded, te, failedToast]);

  const skipFirst = useRef(initial !== undefined);
  const lastTyped = useRef(typed.trim());

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const text = typed.trim();
    const typing = text !== lastTyped.current && text !== '';
    lastTyped.current = text;
    if (!enabled) return;
    const controller = new AbortController();
    const asked = JSON.parse(queryKey) as Query;
    const handle = setTimeout(
      () => {
        startTransition(async () => {
          let result: ActionResult<Data>;
          try {
            result = await loadRef.current(asked, page, controller.signal);
          } catch (error) {
            // no answer (or a browser fetch refused): the generic toast; a 401 has already left for the sign-in page
            if (controller.signal.aborted) return;
            setLoaded({ key, status: 'error' });
            if (!isSessionEnd(error)) notify.error(failedText.current);
            return;
          }
          if (controller.signal.aborted) return;
          if (result.ok) {
            const last = Math.max(1, Math.ceil(result.data.total / pageSize));
            if (result.data.items.length === 0 && page > last) {
              setPageOf(last);
              return;
            }
            setLoaded({ key, status: 'ok', data: result.data });
            setLatest(result.data);
            onLoadedRef.current?.(result.data);
          } else {
            setLoaded({ key, status: 'error' });
            applyActionResult(result, null, { success: false });
          }
        });
      },
      typing ? typingDelayMs : delayMs,
    );
    return () => {
      clearTimeout(handle);
      controller.abort();
    };
    // `typed` is part of queryKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads, reloadKey, enabled, delayMs, typingDelayMs, pageSize]);

  const current = enabled && loaded?.key === key ? loaded : null;
  const data = current?.status === 'ok' ? current.data : null;
  const total = enabled ? ((data ?? latest)?.total ?? 0) : 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  /** Changes the rows shown (e.g. an entry marked read) without loading them again. */
  const update = useCallback((change: (data: Data) => Data) => {
    setLoaded((l) => (l?.status === 'ok' ? { ...l, data: change(l.data) } : l));
    setLatest((d) => (d ? change(d) : d));
  }, []);

  return {
    page,
    setPage: setPageOf,
    pages,
    /** The rows of the criteria shown, or null while they load (or failed). */
    data,
    /** The last rows loaded: the shown criteria's, or the previous ones' while the next load. */
    latest: enabled ? latest : null,
    /** Rows to show: the current ones, else the previous ones while loading; none after a failure. */
    shown: (current?.status === 'error' ? null : (data ?? (enabled ? latest : null))) as Data | null,
    loading: enabled && (pending || current === null),
    pending,
    failed: current?.status === 'error',
    reload,
    update,
  };
}

/**
 * The chosen entry's detail, loaded `delayMs` (200 ms) after the choice, so quick clicking
 * through a list loads only the last one; an answer for an entry no longer chosen is dropped. A
 * failure shows its toast (an ended session signs in again). Answers whether a load is under way.
 */
export function useSelectionLoad<Id, Data>(
  id: Id | null,
  load: (id: Id) => Promise<ActionResult<Data>>,
  onLoaded: (data: Data) => void,
  delayMs = LIST_LOAD_DELAY_MS,
): boolean {
  const [pending, startTransition] = useTransition();
  const loadRef = useRef(load);
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    loadRef.current = load;
    onLoadedRef.current = onLoaded;
  }, [load, onLoaded]);
  useEffect(() => {
    if (id === null) return;
    let stale = false;
    const handle = setTimeout(() => {
      startTransition(async () => {
        const result = await settleAction(loadRef.current(id));
        if (stale) return;
        if (applyActionResult(result, null, { success: false })) onLoadedRef.current(result.data);
      });
    }, delayMs);
    return () => {
      stale = true;
      clearTimeout(handle);
    };
  }, [id, delayMs]);
  return pending;
}

/** The page of the criteria `queryKey`: back to 1 when they change. */
function usePageOf(queryKey: string, initialPage: number): [number, (page: number) => void] {
  const [state, setState] = useState({ queryKey, page: initialPage });
  const page = state.queryKey === queryKey ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ queryKey, page: Math.max(1, next) }), [queryKey]);
  return [page, setPage];
}

/**
 * The same list pattern for rows the page already holds (a few hundred organisations or
 * categories): searched with the accent folding of the database search (`matchesSearch`), paged
 * here, at once.
 */
export function useLocalPages<Row>({
  rows,
  search,
  fields,
  pageSize,
  initialRow,
}: {
  rows: readonly Row[];
  search: string;
  /** The texts of a row the search looks in. */
  fields: (row: Row) => ReadonlyArray<string | number | null | undefined>;
  pageSize: number;
  /** Open on the page that holds the first row this is true for (the selected one). */
  initialRow?: (row: Row) => boolean;
}) {
  const [initialPage] = useState(() => {
    const index = initialRow ? rows.findIndex(initialRow) : -1;
    return index < 0 ? 1 : Math.floor(index / pageSize) + 1;
  });
  const [wanted, setPage] = usePageOf(search.trim(), initialPage);
  // a few hundred rows at most: filtered on each render
  const matching = rows.filter((row) => matchesSearch(search, fields(row)));
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(wanted, pages);
  return { page, pages, setPage, items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length };
}

/** A browser fetch's page as a list load's answer (its rejection is the hook's to show). */
export function asLoaded<Data>(request: Promise<Data>): Promise<ActionResult<Data>> {
  return request.then((data) => ({ ok: true, data }));
}
