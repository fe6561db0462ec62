'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { DeliveryStatusList, Message } from '@/lib/schemas/messages';
import { DELIVERY_STATES } from '@/lib/domain/messages/delivery';
import { formatDisplayDateTime } from '@/lib/domain/dates';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { loadStatus, resendUnread } from './actions';
import { SimplePager } from '@/components/ui/simple-pager';
import { hasInFlight, STATUS_PAGE_SIZE, STATUS_REFRESH_MS } from './message-view';

/**
 * The Status tab: one row per recipient, medium and round (name, e-mail, medium, state, attempts,
 * processed, read); a failed row names the reason under its state. While the recipients of a big
 * message are still being written ('wird vorbereitet: d von n Empfängern') or a delivery is waiting
 * or being sent, it asks again every few seconds.
 * "an Ungelesene erneut senden" queues a new round for those who have not opened it.
 */
export function MessageStatus({ message }: { message: Message }) {
  const t = useTranslations('messageCentre');
  const [data, setData] = useState<DeliveryStatusList | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();
  const [tick, setTick] = useState(0);
  const [page, setPage] = useState(1);
  // a load the user asked for shows its failure as a toast; the automatic refresh only on the tab
  const asked = useRef(true);

  // first load (and each page), and again while anything is still on its way (or when asked)
  useEffect(() => {
    let current = true;
    const loud = asked.current;
    asked.current = false;
    loadStatus({ id: message.id, page }).then((res) => {
      if (!current) return;
      if (loud ? applyActionResult(res, null, { success: false }) : res.ok) {
        setData((res as { ok: true; data: DeliveryStatusList }).data);
        setFailed(false);
      } else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [message.id, page, tick]);
  const reload = (nextPage = page) => {
    asked.current = true;
    if (nextPage !== page) setPage(nextPage);
    else setTick((n) => n + 1);
  };
  // a big message's recipients being written count as in flight too: the tab follows the progress
  const inFlight = data ? Boolean(data.preparing) || hasInFlight(data.states) : false;
  useEffect(() => {
    if (!inFlight) return;
    const handle = setTimeout(() => setTick((n) => n + 1), STATUS_REFRESH_MS);
    return () => clearTimeout(handle);
  }, [inFlight, data]);

  async function resend() {
    if (!(await confirm(t('resendConfirm', { count: data?.unread ?? 0 })))) return;
    startTransition(async () => {
      const res = await resendUnread({ id: message.id });
      if (applyActionResult(res, null)) reload();
    });
  }

  if (!data) {
    return failed ? (
      <p role="alert" className="p-4 text-sm text-red-700">
        {t('statusFailed')}
      </p>
    ) : (
      <p className="flex items-center gap-2 p-4 text-sm text-gray-700" role="status">
        <Spinner /> {t('loading')}
      </p>
    );
  }

  const columns = [
    { key: 'name', header: t('status.name') },
    { key: 'email', header: t('status.email') },
    { key: 'medium', header: t('status.medium') },
    { key: 'state', header: t('status.state') },
    { key: 'attempts', header: t('status.attempts') },
    { key: 'processedAt', header: t('status.processedAt') },
    { key: 'readAt', header: t('status.readAt') },
  ];
  return (
    <div className="space-y-3">
      {confirmElement}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700" aria-live="polite">
          {data.preparing && <span className="mr-2 font-medium">{t('status.preparing', data.preparing)} ·</span>}
          {t('status.counts', { recipients: data.recipients, unread: data.unread })}
          {inFlight && (
            <span className="ml-2 inline-flex items-center gap-1 text-gray-600">
              <Spinner /> {t('status.refreshing')}
            </span>
          )}
          {failed && <span className="ml-2 text-red-700">{t('statusFailed')}</span>}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => reload()}>
            {t('status.refresh')}
          </Button>
          <Button size="sm" onClick={() => void resend()} loading={busy} disabled={!message.visible || data.unread === 0}>
            {t('status.resend')}
          </Button>
        </div>
      </div>
      <ul className="flex flex-wrap gap-2 text-xs" aria-label={t('status.perState')}>
        {DELIVERY_STATES.filter((state) => (data.states[state] ?? 0) > 0).map((state) => (
          <li
            key={state}
            className={
              state === 'failed' ? 'rounded-full bg-red-50 px-2 py-0.5 text-red-800' : 'rounded-full bg-gray-100 px-2 py-0.5 text-gray-800'
            }
          >
            {t(`states.${state}`)}: {data.states[state]}
          </li>
        ))}
      </ul>
      <BriefTable
        label={t('status.label')}
        columns={columns}
        pageSize={null}
        emptyText={message.visible ? t('status.empty') : t('notSent')}
        isEmpty={data.items.length === 0}
      >
        {data.items.map((row) => (
          <tr key={`${row.memberId}-${row.medium}-${row.round}`}>
            <BriefCell>{row.name}</BriefCell>
            <BriefCell>{row.email ?? '–'}</BriefCell>
            <BriefCell>{t(`mediaTypes.${row.medium}`)}</BriefCell>
            <BriefCell>
              {row.state === 'failed' ? (
                <span className="text-red-700">
                  {t(`states.${row.state}`)}
                  {/* why it failed, in the mail server's words ("550 5.1.1 Mailbox unknown"): written out, not only on hover */}
                  {row.lastError && <span className="block max-w-xs break-words text-xs">{row.lastError}</span>}
                </span>
              ) : (
                <span title={row.lastError ?? undefined}>{t(`states.${row.state}`)}</span>
              )}
            </BriefCell>
            <BriefCell>{row.attempts}</BriefCell>
            <BriefCell>{formatDisplayDateTime(row.processedAt) || '–'}</BriefCell>
            <BriefCell>{formatDisplayDateTime(row.readAt) || '–'}</BriefCell>
          </tr>
        ))}
      </BriefTable>
      <SimplePager
        page={page}
        pages={Math.max(1, Math.ceil(data.recipients / STATUS_PAGE_SIZE))}
        onPage={reload}
        previousLabel={t('previousPage')}
        nextLabel={t('nextPage')}
        text={t('page', { page, pages: Math.max(1, Math.ceil(data.recipients / STATUS_PAGE_SIZE)) })}
      />
    </div>
  );
}
