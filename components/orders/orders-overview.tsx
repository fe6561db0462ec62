'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { OrderPage } from '@/lib/schemas/orders';
import { formatDisplayDate } from '@/lib/domain/dates';
import { orderBadge, SHELL_ORDERS_PAGE_SIZE, shellOrdersPager } from '@/lib/domain/orders/status';
import { formPath } from '@/lib/domain/shell';
import { cn } from '@/components/ui/cn';
import { SimplePager } from '@/components/ui/simple-pager';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { loadOrders } from '@/components/shared/orders/actions';
import { euros } from '@/components/shared/orders/order-view';

/**
 * The start page's orders: the newest orders the organisation oversees, 10 at a time (with more
 * than one page a pager: a button per page up to 40 orders, the simple pager above), each with its badge ('Bezahlt', 'neu' or its status) and a link into the order form.
 */
export function OrdersOverview({ orgId, funkId, initial }: { orgId: number; funkId: number; initial: OrderPage }) {
  const t = useTranslations('shell.orders');
  const tc = useTranslations('common');
  const locale = useLocale();
  const list = usePagedQuery({
    query: {},
    pageSize: SHELL_ORDERS_PAGE_SIZE,
    initial,
    delayMs: 0,
    load: (_query, page) => loadOrders({ orgId, scope: 'overseen', page, size: SHELL_ORDERS_PAGE_SIZE }),
  });
  const data = list.shown ?? { items: [], total: list.latest?.total ?? 0 };
  const pager = shellOrdersPager(list.latest?.total ?? 0);
  return (
    <section aria-labelledby="shell-orders" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="shell-orders" className="mb-2 text-lg font-semibold text-gray-900">
        {t('title')}
      </h2>
      {list.failed ? null : data.items.length === 0 ? (
        <p className="text-sm text-gray-600">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {data.items.map((o) => {
            const badge = orderBadge(o.status);
            return (
              <li key={o.id}>
                <Link
                  href={formPath(orgId, funkId, o.id)}
                  className="flex items-center justify-between gap-3 rounded px-2 py-2 text-sm hover:bg-brand-light/60"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      #{o.orderNumber} · {o.orgName} · {o.ordercat}
                    </span>
                    <span className="block text-xs text-gray-600">
                      {formatDisplayDate(o.createdAt.slice(0, 10))} · {euros(o.summary.price, locale)}
                    </span>
                  </span>
                  <span
                    className={cn(
                      'shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium',
                      badge.kind === 'paid'
                        ? 'border-green-300 bg-green-100 text-green-800'
                        : badge.kind === 'new'
                          ? 'border-blue-300 bg-blue-100 text-blue-800'
                          : 'border-gray-300 bg-gray-100 text-gray-700',
                    )}
                  >
                    {badge.kind === 'text' ? badge.text : t(badge.kind)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {list.failed && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {tc('connectionError')}
        </p>
      )}
      {pager !== 'none' && (
        <SimplePager
          page={list.page}
          pages={list.pages}
          onPage={list.setPage}
          {...(pager === 'numbered'
            ? {
                numbered: { pageLabel: (p: number) => t('goToPage', { page: p }) },
                arrows: false,
                label: t('pages'),
                className: 'justify-center',
              }
            : {})}
        />
      )}
    </section>
  );
}
