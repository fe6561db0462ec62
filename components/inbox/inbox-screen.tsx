'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Notification, NotificationPage } from '@/lib/schemas/messages';
import { formatDisplayDateTime } from '@/lib/domain/dates';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { cn } from '@/components/ui/cn';
import { MasterList, masterRowClass } from '@/components/ui/master-list';
import { RichTextView } from '@/components/ui/rich-text-view';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { Spinner } from '@/components/ui/spinner';
import { loadNotifications, openNotification } from './actions';
import { INBOX_PAGE_SIZE } from './inbox-view';
import { PushSwitch } from './push-switch';

export interface InboxScreenProps {
  initial: NotificationPage;
  /** A notification to open right away (the push notification's click: ?open={id}). */
  openId?: number;
}

/**
 * /admin/inbox: the signed-in person's notifications, newest first, unread ones marked and
 * counted. Opening one shows its title, sender, date and the message (HTML the API sanitised) and
 * marks it read. Above, the switch for push notifications in this browser.
 */
export function InboxScreen({ initial, openId }: InboxScreenProps) {
  const t = useTranslations('inbox');
  const list = usePagedQuery({
    query: {},
    pageSize: INBOX_PAGE_SIZE,
    initial,
    delayMs: 0,
    load: (_query, page) => loadNotifications({ page }),
  });
  const { update } = list;
  const data = list.latest ?? initial;
  const [open, setOpen] = useState<Notification | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const apply = useCallback(
    (id: number, res: Awaited<ReturnType<typeof openNotification>>) => {
      setOpening(null);
      if (!applyActionResult(res, null, { success: false })) return;
      const n = res.data;
      setOpen(n);
      update((d) => {
        const before = d.items.find((x) => x.id === id);
        const newlyRead = before ? !before.read && n.read : false;
        return {
          ...d,
          unread: Math.max(0, d.unread - (newlyRead ? 1 : 0)),
          items: d.items.map((x) => (x.id === id ? { ...x, read: n.read, readAt: n.readAt } : x)),
        };
      });
      queueMicrotask(() => heading.current?.focus());
    },
    [update],
  );

  async function show(id: number) {
    setOpening(id);
    apply(id, await openNotification({ id }));
  }

  // ?open={id}: the notification a push led here
  useEffect(() => {
    if (openId) void openNotification({ id: openId }).then((res) => apply(openId, res));
  }, [openId, apply]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold text-gray-900">{t('title')}</h1>
          <p className="text-sm text-gray-700" aria-live="polite">
            {t('unreadCount', { count: data.unread })}
          </p>
        </div>
        <PushSwitch />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[360px_1fr]">
        <MasterList
          label={t('listLabel')}
          rows={list.shown?.items ?? []}
          rowKey={(n) => n.id}
          listLabel={t('listLabel')}
          renderRow={(n) => (
            <button
              type="button"
              aria-current={open?.id === n.id ? 'true' : undefined}
              onClick={() => void show(n.id)}
              className={masterRowClass(false, cn('flex items-start gap-2', open?.id === n.id && 'bg-brand-light text-brand-dark'))}
            >
              <span aria-hidden="true" className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-brand')} />
              <span className="min-w-0 flex-1">
                <span className={cn('block truncate', !n.read && 'font-semibold')}>
                  {!n.read && <span className="sr-only">{t('unread')}: </span>}
                  {n.title}
                </span>
                <span className="block truncate text-xs text-gray-600">
                  {n.orgName} · {formatDisplayDateTime(n.createdAt)}
                </span>
              </span>
              {opening === n.id && <Spinner />}
            </button>
          )}
          emptyText={t('empty')}
          loadingText={t('loading')}
          query={list}
        />
        {open ? (
          <article aria-labelledby="notification-title" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <header>
              <h2 id="notification-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
                {open.title}
              </h2>
              <p className="text-sm text-gray-600">{t('from', { org: open.orgName, date: formatDisplayDateTime(open.createdAt) })}</p>
            </header>
            {open.body && <p className="font-medium text-gray-800">{open.body}</p>}
            {/* the API sanitised this HTML with the rich-text allow-list before storing it */}
            {open.content ? <RichTextView html={open.content} /> : null}
          </article>
        ) : (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
        )}
      </div>
    </div>
  );
}
