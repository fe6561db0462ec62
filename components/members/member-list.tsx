'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { AddButton } from '@/components/ui/add-button';
import { cn } from '@/components/ui/cn';
import { MasterList } from '@/components/ui/master-list';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/components/ui/toast';
import { formatDisplayDate } from '@/lib/domain/dates';
import { formPath, proxiedImageSrc } from '@/lib/domain/shell';
import { asLoaded, usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { fetchMemberPage } from './fetch-members';
import { useIsClient } from '@/components/ui/hooks/use-is-client';

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
  const key = storageKey(orgId, funkId);
  const [kept] = useState(() => readStored(key));
  const [q, setQ] = useState(kept?.q ?? '');
  // A fresh visit of the page announces 'Mitglieder geladen'; coming back from a member does not.
  const announceLoaded = useRef(kept === null);
  const list = usePagedQuery({
    query: { q: q.trim() },
    typed: q,
    pageSize: LIST_PAGE_SIZE,
    initialPage: kept?.page ?? 1,
    // paging at once, typing after a pause
    delayMs: 0,
    typingDelayMs: SEARCH_DEBOUNCE_MS,
    load: (query, page, signal) => asLoaded(fetchMemberPage({ orgId, all, page, pageSize: LIST_PAGE_SIZE, q: query.q }, signal)),
    onLoaded: () => {
      if (!announceLoaded.current) return;
      announceLoaded.current = false;
      notify.success(t('loaded'));
    },
  });

  useEffect(() => {
    try {
      window.sessionStorage.setItem(key, JSON.stringify({ q, page: list.page } satisfies ListState));
    } catch {
      // storage full or disabled: the list just starts fresh next time
    }
  }, [key, q, list.page]);

  const total = list.shown?.total ?? 0;
  return (
    <MasterList
      as="section"
      label={all ? t('allListTitle') : t('listTitle')}
      className="flex flex-col gap-3 rounded-none border-0 bg-transparent p-0 shadow-none"
      listClassName="rounded-lg border border-gray-200 bg-white"
      search={{ label: t('search'), value: q, onSearch: setQ }}
      actions={canCreate && <AddButton wide label={t('add')} href={formPath(orgId, funkId, 'new')} />}
      rows={list.shown?.items ?? []}
      rowKey={(m) => m.id}
      renderRow={(m) => {
        const selected = m.id === selectedId;
        return (
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
              <span className="block truncate">{`${m.surname} ${m.firstName}`}</span>
              <span className="block truncate text-xs font-normal text-gray-600">
                {[formatDisplayDate(m.birthDate), m.regNr].filter(Boolean).join(' · ')}
              </span>
            </span>
          </Link>
        );
      }}
      emptyText={list.shown ? t('notFound') : ''}
      loadingText={
        <span className="flex justify-center text-brand">
          <Spinner size={24} label={t('search')} />
        </span>
      }
      loading={list.shown === null && !list.failed}
      failed={list.failed}
      pager={{
        page: list.page,
        pages: list.pages,
        onPage: list.setPage,
        label: t('listTitle'),
        className: 'mt-0',
        ...(total <= NUMBERED_PAGER_MAX ? { numbered: {} } : {}),
      }}
      footer={list.shown && <p className="text-xs text-gray-500">{t('count', { total })}</p>}
    />
  );
}
