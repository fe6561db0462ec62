'use client';

import dynamic from 'next/dynamic';
import { usePathname, useSearchParams } from 'next/navigation';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useTranslations } from 'next-intl';
import type { Order, OrderItem, OrderPage } from '@/lib/schemas/orders';
import { formPath } from '@/lib/domain/shell';
import { useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';
import { OrderList } from '@/components/shared/orders/order-list';
import { OrderAdminDetail, type BankAccount } from './order-admin-detail';

/** The report table (and its table code) loads when it is chosen. */
const OrderReportTable = dynamic(() => import('./order-report-table').then((m) => m.OrderReportTable));

export interface OrderAdminScreenProps {
  actingOrgId: number;
  actingLevel: number;
  funkId: number;
  orders: OrderPage;
  selected: { order: Order; items: OrderItem[] } | null;
  /** The federation's bank account a created order is paid to (null when the API names none). */
  bank?: BankAccount | null;
}

/** Forms 1005 and 56: the orders on the left, the chosen one on the right; or the report table. */
export function OrderAdminScreen({ actingOrgId, actingLevel, funkId, orders, selected, bank = null }: OrderAdminScreenProps) {
  const t = useTranslations('orderAdmin');
  const router = useGuardedRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const view = search.get('view') === 'report' ? 'report' : 'list';

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-xl font-semibold text-gray-900">{t('title')}</h1>
        <SegmentedControl
          label={t('viewLabel')}
          value={view}
          options={[
            { value: 'list', label: t('viewList') },
            { value: 'report', label: t('viewReport') },
          ]}
          onChange={(v) => (v === 'list' ? void router.replace(pathname) : void router.replace(`${pathname}?view=report`))}
        />
      </div>
      {view === 'report' ? (
        <OrderReportTable actingOrgId={actingOrgId} funkId={funkId} showOrganisation={actingLevel < 3} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[340px_1fr]">
          <OrderList
            orgId={actingOrgId}
            scope="overseen"
            showOrg={actingLevel < 3}
            initial={orders}
            selectedId={selected?.order.id ?? null}
            hrefFor={(id) => formPath(actingOrgId, funkId, id ?? undefined)}
            reloadKey={0}
          />
          {selected ? (
            <OrderAdminDetail
              key={selected.order.id}
              order={selected.order}
              items={selected.items}
              actingOrgId={actingOrgId}
              actingLevel={actingLevel}
              bank={bank}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
          )}
        </div>
      )}
    </div>
  );
}
