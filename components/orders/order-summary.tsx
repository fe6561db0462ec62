'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { Order, OrderItem } from '@/lib/schemas/orders';
import { formatDisplayDate } from '@/lib/domain/dates';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';
import { euros } from '@/components/shared/orders/order-view';
import { OrderDocumentLinks } from '@/components/shared/orders/order-documents';
import { OrderStateTag } from '@/components/shared/orders/order-list';

/** One order of the club, read-only: number, state, dates, its lines and the total. */
export function OrderSummary({
  order,
  items,
  newHref,
  onNew,
}: {
  order: Order;
  items: OrderItem[];
  newHref: string | null;
  onNew: () => void;
}) {
  const t = useTranslations('orders');
  const locale = useLocale();
  return (
    <section aria-labelledby="order-summary-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="order-summary-title" className="text-lg font-semibold text-gray-900">
            {t('orderTitle', { number: order.orderNumber })}
          </h2>
          <p className="text-sm text-gray-600">
            {order.ordercat} · {t('createdOn', { date: formatDisplayDate(order.createdAt.slice(0, 10)) })}
            {order.completed && ` · ${t('completedOn', { date: formatDisplayDate(order.completed) })}`}
          </p>
        </div>
        <OrderStateTag state={order.state} />
      </div>
      <BriefTable
        label={t('itemsLabel')}
        columns={[
          { key: 'name', header: t('col.item') },
          { key: 'print', header: t('col.print') },
          { key: 'sum', header: t('col.sum') },
        ]}
        emptyText={t('noItems')}
        isEmpty={items.length === 0}
      >
        {items.map((i) => (
          <tr key={i.id}>
            <BriefCell>{i.mgId === null ? i.label : `${i.firstName} ${i.surname}`}</BriefCell>
            <BriefCell>{i.mgId === null ? '' : i.params.print ? t('yes') : t('no')}</BriefCell>
            <BriefCell className="text-right tabular-nums">{euros(i.params.sum, locale)}</BriefCell>
          </tr>
        ))}
      </BriefTable>
      <p className="flex justify-between border-t border-gray-200 pt-2 font-semibold">
        <span>{t('total')}</span>
        <span className="tabular-nums" data-testid="order-summary-total">
          {euros(order.summary.price, locale)}
        </span>
      </p>
      {order.invoiceNumber && (
        <p className="text-sm">{t('invoiceLine', { number: order.invoiceNumber, reference: order.invoiceReference })}</p>
      )}
      <OrderDocumentLinks order={order} hint />
      {newHref ? (
        <Link href={newHref} className="inline-block text-sm font-medium text-brand hover:underline">
          {t('newOrder')}
        </Link>
      ) : (
        <button type="button" onClick={onNew} className="text-sm font-medium text-brand hover:underline">
          {t('newOrder')}
        </button>
      )}
    </section>
  );
}
