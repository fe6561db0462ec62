'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { Order, OrderPage } from '@/lib/schemas/orders';
import { ORDER_STATES, type OrderState } from '@/lib/domain/orders/status';
import { formatDisplayDate } from '@/lib/domain/dates';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { loadOrders } from './actions';
import { euros, ORDER_LIST_PAGE_SIZE, STATE_TONE } from './order-view';
import { ListSearch } from '@/components/ui/list-search';

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
export function OrderList({ orgId, initial, selectedId, hrefFor, onSelect, onNew, scope = 'own', showOrg = false, reloadKey }: OrderListProps) {
  const t = useTranslations('orders');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [states, setStates] = useState<OrderState[]>([]);
  const [data, setData] = useState<OrderPage>(initial ?? { items: [], total: 0 });
  const [pending, startTransition] = useTransition();
  const first = useRef(initial !== undefined);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const handle = setTimeout(() => {
      startTransition(async () => {
        const result = await settleAction(loadOrders({ orgId, scope, q: query.trim() || undefined, state: states.length ? states.join(',') : undefined, page }));
        if (applyActionResult(result, null, { success: false })) setData(result.data);
      });
    }, 200);
    return () => clearTimeout(handle);
  }, [orgId, scope, query, states, page, reloadKey]);

  const pages = Math.max(1, Math.ceil(data.total / ORDER_LIST_PAGE_SIZE));
  const toggle = (s: OrderState) => {
    setStates((current) => (current.includes(s) ? current.filter((x) => x !== s) : [...current, s]));
    setPage(1);
  };

  return (
    <nav aria-label={t('listLabel')} aria-busy={pending || undefined} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
      <div className="mb-2 flex items-center gap-2">
        <ListSearch label={t('search')} value={query} onSearch={(text) => { setQuery(text); setPage(1); }} />
        {scope === 'overseen' ? null : onNew ? (
          <button type="button" onClick={onNew} aria-label={t('newOrder')} title={t('newOrder')} className={ADD_CLASS}>
            +
          </button>
        ) : (
          <Link href={hrefFor(null)} aria-label={t('newOrder')} title={t('newOrder')} className={ADD_CLASS}>
            +
          </Link>
        )}
      </div>
      <fieldset className="mb-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <legend className="sr-only">{t('filters')}</legend>
        {ORDER_STATES.map((s) => (
          <label key={s} className="inline-flex items-center gap-1.5 text-gray-800">
            <input type="checkbox" className="h-4 w-4 accent-brand" checked={states.includes(s)} onChange={() => toggle(s)} />
            {t(`state.${s}`)}
          </label>
        ))}
      </fieldset>

      {data.items.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-gray-500">{t('emptyList')}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {data.items.map((o) => (
            <OrderListItem key={o.id} order={o} active={o.id === selectedId} href={hrefFor(o.id)} onSelect={onSelect} showOrg={showOrg} locale={locale} />
          ))}
        </ul>
      )}

      {pages > 1 && (
        <div className="mt-3 flex items-center justify-between text-sm text-gray-700">
          <Button variant="secondary" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1} aria-label={t('previousPage')}>
            ‹
          </Button>
          <span aria-live="polite">{t('page', { page, pages })}</span>
          <Button variant="secondary" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pages} aria-label={t('nextPage')}>
            ›
          </Button>
        </div>
      )}
    </nav>
  );
}

const ADD_CLASS = 'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-brand text-lg font-semibold text-white hover:bg-brand-dark';

function OrderListItem({ order, active, href, onSelect, showOrg, locale }: { order: Order; active: boolean; href: string; onSelect?: (order: Order) => void; showOrg: boolean; locale: string }) {
  const t = useTranslations('orders');
  const className = cn('block w-full rounded px-2 py-2 text-left text-sm hover:bg-brand-light/60', active && 'bg-brand-light font-semibold text-brand-dark');
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
  return (
    <li>
      {onSelect ? (
        <button type="button" aria-pressed={active} className={className} onClick={() => onSelect(order)}>
          {content}
        </button>
      ) : (
        <Link href={href} aria-current={active ? 'page' : undefined} className={className}>
          {content}
        </Link>
      )}
    </li>
  );
}

export function OrderStateTag({ state }: { state: Order['state'] }) {
  const t = useTranslations('orders');
  return <span className={cn('inline-block shrink-0 rounded border px-2 py-0.5 text-xs font-medium', STATE_TONE[state])}>{t(`state.${state}`)}</span>;
}
