'use client';

import { format } from 'date-fns';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { BASE_PATH } from '@/lib/domain/shell';
import type { AuditEntry, AuditPage } from '@/lib/schemas/audit';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { browserFetch } from '@/components/ui/session-ended';

/**
 * "Verlauf": who changed what of one member or organisation, newest first, 10 per page. Read on
 * demand through the app's /admin/api proxy (the token stays on the server). `entryAction` adds
 * what the screen offers on an entry (the member's 'Rückgängig' of a merge); the entry says
 * whether the API allows it.
 */

const PAGE_SIZE = 10;

export type HistoryEntity = 'member' | 'organisation';

/** The answer for one request key; a key that differs from the current one means "loading". */
type State = { key: string } & ({ status: 'error' } | { status: 'done'; page: AuditPage });

/** A value as a reader wants to see it: dates as DD.MM.YYYY, empty as a dash, objects compact. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('.');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function HistoryPanel({
  entity,
  id,
  fieldLabel,
  entryAction,
}: {
  entity: HistoryEntity;
  id: number;
  fieldLabel?: (field: string) => string | undefined;
  entryAction?: (entry: AuditEntry) => ReactNode;
}) {
  const t = useTranslations('history');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State | null>(null);
  const key = new URLSearchParams({ entity, id: String(id), page: String(page), size: String(PAGE_SIZE) }).toString();

  useEffect(() => {
    const controller = new AbortController();
    browserFetch(`${BASE_PATH}/api/v1/admin/audit?${key}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
      cache: 'no-store',
    })
      .then(async (res) => {
        setState({ key, status: 'done', page: (await res.json()) as AuditPage });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ key, status: 'error' });
      });
    return () => controller.abort();
  }, [key]);

  if (!state || state.key !== key) {
    return (
      <p className="flex items-center gap-2 p-4 text-sm text-gray-700" role="status">
        <Spinner /> {t('loading')}
      </p>
    );
  }
  if (state.status === 'error')
    return (
      <p className="p-4 text-sm text-red-700" role="alert">
        {t('failed')}
      </p>
    );
  const { entries, total } = state.page;
  if (entries.length === 0) return <p className="p-4 text-sm text-gray-700">{t('empty')}</p>;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const label = (field: string) => fieldLabel?.(field) ?? field;

  return (
    <section aria-label={t('title')} className="space-y-3">
      <ol className="divide-y divide-gray-200 rounded border border-gray-200">
        {entries.map((entry) => (
          <HistoryRow key={entry.id} entry={entry} label={label} action={entryAction?.(entry)} />
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label={t('pages')} className="flex items-center justify-between text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('newer')}
          </Button>
          <span>{t('pageOf', { page, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('older')}
          </Button>
        </nav>
      )}
    </section>
  );
}

function HistoryRow({ entry, label, action: extra }: { entry: AuditEntry; label: (field: string) => string; action?: ReactNode }) {
  const t = useTranslations('history');
  const changes = Object.entries(entry.changes);
  const action = ['create', 'update', 'delete', 'status', 'upload', 'assign', 'lockout', 'password', 'merge', 'unmerge'].includes(
    entry.action,
  )
    ? entry.action
    : 'update';
  return (
    <li className="p-3 text-sm">
      <p className="flex flex-wrap gap-x-2">
        <time dateTime={entry.at} className="font-medium">
          {format(new Date(entry.at), 'dd.MM.yyyy HH:mm')}
        </time>
        <span>{t(`actions.${action}`)}</span>
        <span className="text-gray-700">{t('by', { name: entry.actorName ?? t('unknownActor') })}</span>
      </p>
      {extra && <div className="mt-2">{extra}</div>}
      {changes.length > 0 && (
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-gray-800">
          {changes.map(([field, change]) => (
            <div key={field} className="contents">
              <dt className="text-gray-700">{label(field)}</dt>
              <dd>
                {shown(change.before)} → {shown(change.after)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
