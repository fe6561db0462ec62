'use client';

import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { Message, MessageAudience, MessagePage } from '@/lib/schemas/messages';
import { MESSAGE_PAGE_SIZE } from '@/lib/domain/messages/delivery';
import { formatDisplayDate } from '@/lib/domain/dates';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SimplePager } from '@/components/ui/simple-pager';
import { loadMessages } from './actions';
import { MessageForm } from './message-form';
import { SEARCH_DELAY_MS } from './message-view';
import { ListSearch } from '@/components/ui/list-search';

export interface MessageCentreScreenProps {
  orgId: number;
  list: MessagePage;
  audience: MessageAudience;
}

type Selection = { message: Message | null; key: string } | null;

/**
 * Form 1006: left, the organisation's messages (search, 4 per page, add); right, the chosen
 * message read-only with its delivery status, or a new one to write and send.
 */
export function MessageCentreScreen({ orgId, list, audience }: MessageCentreScreenProps) {
  const t = useTranslations('messageCentre');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState(list);
  const [selection, setSelection] = useState<Selection>(null);
  const [reload, setReload] = useState(0);
  const [pending, startTransition] = useTransition();
  const first = useRef(true);
  // a reload the user asked for (or a send, delete, cancel) says 'Nachrichten aktualisiert'
  const announce = useRef(false);
  const tc = useTranslations('common');
  const [confirmElement, confirm] = useConfirm();
  // the open form holds typed text or chosen files: replacing it asks first
  const dirty = useRef(false);
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const choose = async (next: Selection) => {
    if (dirty.current && !(await confirm(tc('discardConfirm'), { tone: 'danger' }))) return;
    dirty.current = false;
    setSelection(next);
  };

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const handle = setTimeout(() => {
      startTransition(async () => {
        const loud = announce.current;
        announce.current = false;
        const res = await settleAction(loadMessages({ orgId, q: query.trim() || undefined, page }));
        if (applyActionResult(res, null, { success: loud ? t('reloaded') : false })) setData(res.data);
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [orgId, query, page, reload, t]);

  const reloadList = () => {
    announce.current = true;
    setReload((n) => n + 1);
  };
  const pages = Math.max(1, Math.ceil(data.total / MESSAGE_PAGE_SIZE));
  const selectedId = selection?.message?.id;

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
        <nav aria-label={t('navLabel')} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
          <div className="mb-3 flex items-center gap-2">
            <ListSearch label={t('search')} value={query} onSearch={(text) => { setQuery(text); setPage(1); }} />
            <Button variant="secondary" aria-label={t('reload')} title={t('reload')} onClick={reloadList} className="h-9 w-9 shrink-0 px-0 text-lg" loading={pending}>
              ⟳
            </Button>
            <Button aria-label={t('add')} title={t('add')} onClick={() => void choose({ message: null, key: `new${Date.now()}` })} className="h-9 w-9 shrink-0 px-0 text-lg">
              +
            </Button>
          </div>
          {data.items.length === 0 ? (
            <p className="px-2 py-6 text-center text-sm text-gray-500">{pending ? t('loading') : t('empty')}</p>
          ) : (
            <ul className="divide-y divide-gray-100" aria-label={t('listLabel')}>
              {data.items.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    aria-current={selectedId === m.id ? 'true' : undefined}
                    onClick={() => void choose({ message: m, key: `m${m.id}` })}
                    className={cn('block w-full rounded px-2 py-2 text-left text-sm hover:bg-brand-light/60', selectedId === m.id && 'bg-brand-light font-semibold text-brand-dark')}
                  >
                    <span className="block truncate">{m.title}</span>
                    <span className="block truncate text-xs font-normal text-gray-600">
                      {formatDisplayDate(m.publishedAt ?? m.updatedAt)} · {m.visible ? summaryText(t, m.summary) : t('notSent')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <SimplePager page={page} pages={pages} onPage={setPage} previousLabel={t('previousPage')} nextLabel={t('nextPage')} text={t('page', { page, pages })} />
        </nav>
        {selection ? (
          <MessageForm
            key={selection.key}
            orgId={orgId}
            message={selection.message}
            audience={audience}
            onSent={(sent) => {
              setSelection({ message: sent, key: `m${sent.id}` });
              setQuery('');
              setPage(1);
              reloadList();
            }}
            onDeleted={() => {
              setSelection(null);
              reloadList();
            }}
            onDirtyChange={onDirtyChange}
            onCancel={() => {
              dirty.current = false;
              setSelection(null);
              reloadList();
            }}
          />
        ) : (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
        )}
      </div>
      {confirmElement}
    </div>
  );
}

/**
 * 'x Empfänger · y gesendet · z gelesen' (first 'wird vorbereitet (d von n)' while a big message's
 * recipients are still being written; and waiting or failed ones when there are any; those with
 * nowhere to send, no e-mail address or no push subscription, apart from the failed).
 */
function summaryText(t: (key: string, values: Record<string, number>) => string, s: Message['summary']): string {
  const parts = [t('summary.recipients', { count: s.recipients }), t('summary.sent', { count: s.sent }), t('summary.read', { count: s.read })];
  if (s.preparing) parts.unshift(t('summary.preparing', s.preparing));
  if (s.pending > 0) parts.push(t('summary.pending', { count: s.pending }));
  if (s.failed > 0) parts.push(t('summary.failed', { count: s.failed }));
  if (s.noAddress > 0) parts.push(t('summary.noAddress', { count: s.noAddress }));
  if (s.noSubscription > 0) parts.push(t('summary.noSubscription', { count: s.noSubscription }));
  return parts.join(' · ');
}
