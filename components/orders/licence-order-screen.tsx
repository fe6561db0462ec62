'use client';

import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { CategoryOfferAnswer, Order, OrderItem, OrderPage } from '@/lib/schemas/orders';
import { formPath } from '@/lib/domain/shell';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Select } from '@/components/ui/select';
import { loadOffers, loadOrder } from './actions';
import { OrderList } from '@/components/shared/orders/order-list';
import { OrderSummary } from './order-summary';
import { OrderWizard } from './order-wizard';

type Club = { id: number; name: string };

export interface LicenceOrderScreenProps {
  orgId: number;
  orgName: string;
  funkId: number;
  orders: OrderPage;
  offers: CategoryOfferAnswer[];
  selected: { order: Order; items: OrderItem[] } | null;
  /** For the federation: the clubs it can order for (chosen first); empty for a club. */
  clubs: Club[];
}

/**
 * Form 55: the club's orders on the left; the wizard (or the chosen order) on the right. The
 * federation first chooses the club it orders for; its list and wizard then show that club's.
 */
export function LicenceOrderScreen({ orgId, orgName, funkId, orders, offers, selected, clubs }: LicenceOrderScreenProps) {
  const t = useTranslations('orders');
  const router = useRouter();
  const onBehalf = clubs.length > 0;
  const [reloadKey, setReloadKey] = useState(0);
  const [target, setTarget] = useState<Club | null>(onBehalf ? null : { id: orgId, name: orgName });
  const [targetOffers, setTargetOffers] = useState(offers);
  const [picked, setPicked] = useState<{ order: Order; items: OrderItem[] } | null>(null);
  const [, startTransition] = useTransition();
  const hrefFor = (id: number | null) => formPath(orgId, funkId, id ?? undefined);

  function chooseClub(value: string) {
    const club = clubs.find((c) => String(c.id) === value) ?? null;
    setPicked(null);
    setTarget(club);
    if (!club) return;
    startTransition(async () => {
      const result = await loadOffers({ orgId: club.id });
      if (applyActionResult(result, null, { success: false })) setTargetOffers(result.data);
    });
  }

  function pick(order: Order) {
    if (!target) return;
    startTransition(async () => {
      const result = await loadOrder({ orgId: target.id, orderId: order.id });
      if (applyActionResult(result, null, { success: false })) setPicked(result.data);
    });
  }

  const shown = onBehalf ? picked : selected;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('title')}</h1>
      {onBehalf && (
        <Select
          label={t('orderForClub')}
          className="max-w-sm"
          value={target ? String(target.id) : ''}
          onValueChange={chooseClub}
          placeholder={t('chooseClub')}
          options={clubs.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      )}
      {target ? (
        <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
          <OrderList
            key={target.id}
            orgId={target.id}
            initial={target.id === orgId ? orders : undefined}
            selectedId={shown?.order.id ?? null}
            hrefFor={hrefFor}
            onSelect={onBehalf ? pick : undefined}
            onNew={onBehalf ? () => setPicked(null) : undefined}
            reloadKey={reloadKey}
          />
          {shown ? (
            <OrderSummary order={shown.order} items={shown.items} newHref={onBehalf ? null : hrefFor(null)} onNew={() => setPicked(null)} />
          ) : (
            <OrderWizard
              key={target.id}
              orgId={target.id}
              orgName={target.name}
              offers={targetOffers}
              onPlaced={() => {
                setReloadKey((k) => k + 1);
                if (onBehalf) chooseClub(String(target.id));
                // offers change with the order (a club fee is taken, a licence year may open)
                else router.refresh();
              }}
            />
          )}
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseClubHint')}</p>
      )}
    </div>
  );
}
