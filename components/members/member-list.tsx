'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/components/ui/toast';
import type { Member } from '@/lib/api/member-types';
import { formatDisplayDate } from '@/lib/domain/dates';
import { formPath, proxiedImageSrc } from '@/lib/domain/shell';
import { isSessionEnd } from '@/components/ui/session-ended';
import { fetchMemberPage } from './fetch-members';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { useIsClient } from '@/components/ui/use-is-client';

/** Left list of the member page: 12 per page, searched in the database as you type. */
export const LIST_PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 300;
/** Up to this many matches the pager shows page numbers; above it a simple previous/next pager. */
const NUMBERED_PAGER_MAX = 100;

export interface MemberListProps {
  orgId: number;
  funkId: number;
  all: boolean;
  selectedId: number | null;
  canCreate: boolean;
}

type ListState = { q: string; page: number };
type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ok'; items: Member[]; total: number };

/*
 * Opening another member is a navigation that mounts the page anew; the search text and page are
 * kept for the tab session so the list does not jump back to the start.
 */
function storageKey(orgId: number, funkId: number) {
  return `members-list:O${orgId}:F${funkId}`;
}

function readStored(key: string): ListState | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ListState>;
    return { q: typeof parsed.q === 'string' ? parsed.q : '', page: Number(parsed.page) >= 1 ? Number(parsed.page) : 1 };
  } catch {
    return null;
  }
}

export function MemberList(props: MemberListProps) {
  // The list reads the kept search from sessionStorage when it first renders: browser only.
  const isClient = useIsClient();
  const t = useTranslations('members');
  if (!isClient) {
    return (
      <div className="flex justify-center py-6 text-brand">
        <Spinner size={24} label={t('search')} />
      </div>
    );
  }
  return <MemberListBody {...props} />;
}

function MemberListBody({ orgId, funkId, all, selectedId, canCreate }: MemberListProps) {
  const t = useTranslations('members');
  const te = useTranslations('errors');
  const key = storageKey(orgId, funkId);
  const [initial] = useState(() => readStored(key));
  const [state, setState] = useState<ListState>(initial ?? { q: '', page: 1 });
  const [result, setResult] = useState<(Loaded & { key: string }) | null>(null);
  // A fresh visit of the page announces 'Mitglieder geladen'; coming back from a member does not.
  const announceLoaded = useRef(initial === null);
  const debouncedQ = useDebouncedValue(state.q, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    try {
      window.sessionStorage.setItem(key, JSON.stringify(state));
    } catch {
      // storage full or disabled: the list just starts fresh next time
    }
  }, [key, state]);

  // The search text the query uses: the debounced one, but an emptied box takes effect at once.
  const q = state.q.trim() === '' ? '' : debouncedQ.trim();
  const requestKey = JSON.stringify([orgId, all, state.page, q]);
  const loaded: Loaded = result && result.key === requestKey ? result : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const requested = state.page;
    fetchMemberPage({ orgId, all, page: requested, pageSize: LIST_PAGE_SIZE, q }, controller.signal).then(
      (page) => {
        const last = Math.max(1, Math.ceil(page.total / LIST_PAGE_SIZE));
        if (page.items.length === 0 && requested > last) {
          // a kept page past the end (members deleted meanwhile): show the last one
          setState((s) => ({ ...s, page: last }));
          return;
        }
        setResult({ key: requestKey, status: 'ok', items: page.items, total: page.total });
        if (announceLoaded.current) {
          announceLoaded.current = false;
          notify.success(t('loaded'));
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key: requestKey, status: 'error' });
        // an ended session has its own toast and leaves for the sign-in page
        if (!isSessionEnd(error)) notify.error(te('generic'));
      },
    );
    return () => controller.abort();
  }, [orgId, all, state.page, q, requestKey, t, te]);

  const total = loaded.status === 'ok' ? loaded.total : 0;
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));

  const setPage = (page: number) => setState((s) => ({ ...s, page: Math.min(Math.max(page, 1), pages) }));

  return (
    <section aria-label={all ? t('allListTitle') : t('listTitle')} className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <input
          type="search"
          aria-label={t('search')}
          placeholder={t('search')}
          value={state.q}
          onChange={(e) => setState({ q: e.target.value, page: 1 })}
          className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        {canCreate && (
          <Link
            href={formPath(orgId, funkId, 'new')}
            className="inline-flex h-10 shrink-0 items-center rounded-md bg-brand px-3 text-sm font-medium text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            + {t('add')}
          </Link>
        )}
      </div>

      <div aria-live="polite" aria-busy={loaded.status === 'loading'} className="min-h-24">
        {loaded.status === 'loading' && (
          <div className="flex justify-center py-6 text-brand">
            <Spinner size={24} label={t('search')} />
          </div>
        )}
        {loaded.status === 'error' && <p className="py-6 text-center text-sm font-medium text-red-600">{t('connectionError')}</p>}
        {loaded.status === 'ok' && loaded.items.length === 0 && (
          <p className="py-6 text-center text-sm text-gray-500">{t('notFound')}</p>
        )}
        {loaded.status === 'ok' && loaded.items.length > 0 && (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
            {loaded.items.map((m) => {
              const name = `${m.surname} ${m.firstName}`;
              const selected = m.id === selectedId;
              return (
                <li key={m.id}>
                  <Link
                    href={formPath(orgId, funkId, m.id)}
                    aria-current={selected ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 px-3 py-2 text-sm hover:bg-brand-light/60 focus-visible:bg-brand-light focus-visible:outline-none',
                      selected && 'bg-brand-light font-semibold text-brand-dark',
                    )}
                  >
                    <Avatar src={proxiedImageSrc(m.imageLink)} name={`${m.firstName} ${m.surname}`} size={32} />
                    <span className="min-w-0">
                      <span className="block truncate">{name}</span>
                      <span className="block truncate text-xs font-normal text-gray-600">
                        {[formatDisplayDate(m.birthDate), m.regNr].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {loaded.status === 'ok' && total > LIST_PAGE_SIZE && (
        <nav aria-label={t('listTitle')} className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700">
          <Button variant="secondary" size="sm" aria-label={t('previous')} onClick={() => setPage(state.page - 1)} disabled={state.page <= 1}>
            ‹
          </Button>
          {total <= NUMBERED_PAGER_MAX ? (
            <span className="flex flex-wrap gap-1">
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <Button
                  key={n}
                  variant={n === state.page ? 'primary' : 'ghost'}
                  size="sm"
                  aria-current={n === state.page ? 'page' : undefined}
                  onClick={() => setPage(n)}
                >
                  {n}
                </Button>
              ))}
            </span>
          ) : (
            <span aria-live="polite">{t('page', { page: state.page, pages })}</span>
          )}
          <Button variant="secondary" size="sm" aria-label={t('next')} onClick={() => setPage(state.page + 1)} disabled={state.page >= pages}>
            ›
          </Button>
        </nav>
      )}
      {loaded.status === 'ok' && <p className="text-xs text-gray-500">{t('count', { total })}</p>}
    </section>
  );
}
