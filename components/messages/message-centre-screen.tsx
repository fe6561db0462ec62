'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Message, MessageAudience, MessagePage } from '@/lib/schemas/messages';
import { MESSAGE_PAGE_SIZE } from '@/lib/domain/messages/delivery';
import { formatDisplayDate } from '@/lib/domain/dates';
import { AddButton } from '@/components/ui/add-button';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { MasterList, masterRowClass } from '@/components/ui/master-list';
import { notify } from '@/components/ui/toast';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { loadMessages } from './actions';
import { MessageForm } from './message-form';
import { SEARCH_DELAY_MS } from './message-view';

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
export function MessageCentreScreen({ orgId, list: initialList, audience }: MessageCentreScreenProps) {
  const t = useTranslations('messageCentre');
  const [query, setQuery] = useState('');
  const [selection, setSelection] = useState<Selection>(null);
  const te = useTranslations('errors');
  const [reload, setReload] = useState(0);
  // every load of the list says so: 'Nachrichten aktualisiert', or 'Laden fehlgeschlagen' with the error
  const list = usePagedQuery({
    query: { q: query.trim() },
    typed: query,
    pageSize: MESSAGE_PAGE_SIZE,
    initial: initialList,
    delayMs: SEARCH_DELAY_MS,
    reloadKey: reload,
    load: ({ q }, page) => loadMessages({ orgId, q: q || undefined, page }),
    onLoaded: () => notify.success(t('reloaded')),
    failedToast: `${t('loadFailed')}: ${te('generic')}`,
  });
  // the first page came with the page itself: it was loaded too
  useEffect(() => {
    if (initialList) notify.success(t('reloaded'));
    // once, when the screen opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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

  const reloadList = () => setReload((n) => n + 1);
  const selectedId = selection?.message?.id;

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
        <MasterList
          label={t('navLabel')}
          search={{ label: t('search'), value: query, onSearch: setQuery }}
          actions={
            <>
              <Button
                variant="secondary"
                aria-label={t('reload')}
                title={t('reload')}
                size="icon"
                onClick={reloadList}
                loading={list.pending}
              >
                ⟳
              </Button>
              <AddButton label={t('add')} onClick={() => void choose({ message: null, key: `new${Date.now()}` })} />
            </>
          }
          rows={list.shown?.items ?? []}
          rowKey={(m) => m.id}
          listLabel={t('listLabel')}
          renderRow={(m) => (
            <button
              type="button"
              aria-current={selectedId === m.id ? 'true' : undefined}
              onClick={() => void choose({ message: m, key: `m${m.id}` })}
              className={masterRowClass(selectedId === m.id)}
            >
              <span className="block truncate">{m.title}</span>
              <span className="block truncate text-xs font-normal text-gray-600">
                {formatDisplayDate(m.publishedAt ?? m.updatedAt)} · {m.visible ? summaryText(t, m.summary) : t('notSent')}
              </span>
            </button>
          )}
          emptyText={t('empty')}
          loadingText={t('loading')}
          query={list}
        />
        {selection ? (
          <MessageForm
            key={selection.key}
            orgId={orgId}
            message={selection.message}
            audience={audience}
            onSent={(sent) => {
              setSelection({ message: sent, key: `m${sent.id}` });
              setQuery('');
              list.setPage(1);
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
  const parts = [
    t('summary.recipients', { count: s.recipients }),
    t('summary.sent', { count: s.sent }),
    t('summary.read', { count: s.read }),
  ];
  if (s.preparing) parts.unshift(t('summary.preparing', s.preparing));
  if (s.pending > 0) parts.push(t('summary.pending', { count: s.pending }));
  if (s.failed > 0) parts.push(t('summary.failed', { count: s.failed }));
  if (s.noAddress > 0) parts.push(t('summary.noAddress', { count: s.noAddress }));
  if (s.noSubscription > 0) parts.push(t('summary.noSubscription', { count: s.noSubscription }));
  return parts.join(' · ');
}
