'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { Order, OrderPage } from '@/lib/schemas/orders';
import { ORDER_STATES, type OrderState } from '@/lib/domain/orders/status';
import { formatDisplayDate } from '@/lib/domain/dates';
import { AddButton } from '@/components/ui/add-button';
import { MasterList } from '@/components/ui/master-list';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { cn } from '@/components/ui/cn';
import { loadOrders } from './actions';
import { euros, ORDER_LIST_PAGE_SIZE, STATE_TONE } from './order-view';

export interface OrderListProps {
  orgId: number;
  /** The first page as the server read it; without it the list loads it itself. */
  initial?: OrderPage;
  selectedId: number | null;
  hrefFor: (id: number | null) => string;
  /** Orders open here instead of by address (the federation ordering for a club). */
  onSelect?: (order: Order) => void;
  onNew?: () => void;
  /** own (default): the organisation's orders; overseen: every order the acting organisation oversees. */
  scope?: 'own' | 'overseen';
  /** Shows the organisation in each entry (lists spanning organisations). */
  showOrg?: boolean;
  /** Changes when an order was placed, so the list loads again. */
  reloadKey: number;
}

/** The organisation's orders: search, the three state filters, 11 per page, read from the API page by page. */
export function OrderList({
  orgId,
  initial,
  selectedId,
  hrefFor,
  onSelect,
  onNew,
  scope = 'own',
  showOrg = false,
  reloadKey,
}: OrderListProps) {
  const t = useTranslations('orders');
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const [states, setStates] = useState<OrderState[]>([]);
  const list = usePagedQuery({
    query: { q: query.trim(), state: states.join(','), orgId, scope },
    reloadKey,
    typed: query,
    pageSize: ORDER_LIST_PAGE_SIZE,
    initial,
    load: ({ q, state }, page) => loadOrders({ orgId, scope, q: q || undefined, state: state || undefined, page }),
  });
  const toggle = (s: OrderState) => setStates((current) => (current.includes(s) ? current.filter((x) => x !== s) : [...current, s]));

  return (
    <MasterList
      label={t('listLabel')}
      search={{ label: t('search'), value: query, onSearch: setQuery }}
      actions={
        scope === 'overseen' ? null : <AddButton label={t('newOrder')} {...(onNew ? { onClick: onNew } : { href: hrefFor(null) })} />
      }
      filters={
        <fieldset className="mb-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
          <legend className="sr-only">{t('filters')}</legend>
          {ORDER_STATES.map((s) => (
            <label key={s} className="inline-flex items-center gap-1.5 text-gray-800">
              <input type="checkbox" className="h-4 w-4 accent-brand" checked={states.includes(s)} onChange={() => toggle(s)} />
              {t(`state.${s}`)}
            </label>
          ))}
        </fieldset>
      }
      rows={list.shown?.items ?? []}
      rowKey={(o) => o.id}
      renderRow={(o) => (
        <OrderListItem order={o} active={o.id === selectedId} href={hrefFor(o.id)} onSelect={onSelect} showOrg={showOrg} locale={locale} />
      )}
      emptyText={t('emptyList')}
      query={list}
    />
  );
}

function OrderListItem({
  order,
  active,
  href,
  onSelect,
  showOrg,
  locale,
}: {
  order: Order;
  active: boolean;
  href: string;
  onSelect?: (order: Order) => void;
  showOrg: boolean;
  locale: string;
}) {
  const t = useTranslations('orders');
  const className = cn(
    'block w-full rounded px-2 py-2 text-left text-sm hover:bg-brand-light/60',
    active && 'bg-brand-light font-semibold text-brand-dark',
  );
  const content = (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className="truncate">{showOrg ? `${order.orgName} · ${order.ordercat}` : order.ordercat}</span>
        <OrderStateTag state={order.state} />
      </span>
      <span className="block truncate text-xs text-gray-600">
        #{order.orderNumber} · {formatDisplayDate(order.createdAt.slice(0, 10))} · {euros(order.summary.price, locale)}
        {order.summary.members > 0 && ` · ${t('persons', { count: order.summary.members })}`}
      </span>
    </>
  );
  return onSelect ? (
    <button type="button" aria-pressed={active} className={className} onClick={() => onSelect(order)}>
      {content}
    </button>
  ) : (
    <Link href={href} aria-current={active ? 'page' : undefined} className={className}>
      {content}
    </Link>
  );
}

export function OrderStateTag({ state }: { state: Order['state'] }) {
  const t = useTranslations('orders');
  return (
    <span className={cn('inline-block shrink-0 rounded border px-2 py-0.5 text-xs font-medium', STATE_TONE[state])}>
      {t(`state.${state}`)}
    </span>
  );
}
