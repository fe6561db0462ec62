'use client';

import { useTranslations } from 'next-intl';
import type { PersonsForOrdering } from '@/lib/schemas/orders';
import { formatEuros } from '@/lib/domain/orders/money';
import { previewSumCents, type Choice } from '@/components/shared/orders/order-view';
import { PersonCheckbox } from '@/components/shared/orders/person-checkbox';

/**
 * The wizard's check step: the chosen persons with their order and print choices (a person
 * unticked here stays listed with sum 0, so a slip is undone in place), the base amount or the
 * club fee, and the total the order is submitted with.
 */
export function CheckStep({
  offerKind,
  feeLabel,
  feeCents,
  persons,
  choices,
  onChange,
  totalCents,
  locale,
}: {
  offerKind: 'licence' | 'clubFee';
  feeLabel: string;
  feeCents: number;
  persons: PersonsForOrdering['persons'];
  choices: Record<number, Choice>;
  onChange: (next: Record<number, Choice>) => void;
  totalCents: number;
  locale: string;
}) {
  const t = useTranslations('orders');
  const money = (cents: number) => formatEuros(cents, locale);
  const set = (id: number, choice: Choice) => onChange({ ...choices, [id]: choice });
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label={t('checkLabel')}>
        <thead className="bg-gray-50 text-left text-gray-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('col.name')}
            </th>
            {offerKind === 'licence' && (
              <>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('col.age')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('col.order')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('col.print')}
                </th>
              </>
            )}
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('col.sum')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {offerKind === 'licence' &&
            persons.map((p) => {
              const choice = choices[p.id] ?? { order: false, print: false };
              return (
                <tr key={p.id}>
                  <td className="px-3 py-2">{p.name}</td>
                  <td className="px-3 py-2">{p.age}</td>
                  <td className="px-3 py-2">
                    <PersonCheckbox
                      label={t('orderFor', { name: p.name })}
                      checked={choice.order}
                      onChange={(order) => set(p.id, { order, print: order && choice.print })}
                    />
                  </td>
                  <td className="px-3 py-2">
                    <PersonCheckbox
                      label={t('printFor', { name: p.name })}
                      checked={choice.print}
                      disabled={!choice.order}
                      onChange={(print) => set(p.id, { ...choice, print })}
                    />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(previewSumCents(p, choice))}</td>
                </tr>
              );
            })}
          <tr>
            <td className="px-3 py-2" colSpan={offerKind === 'licence' ? 4 : 1}>
              {offerKind === 'licence' ? t('baseAmount') : feeLabel}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{money(feeCents)}</td>
          </tr>
        </tbody>
        <tfoot className="bg-gray-50">
          <tr>
            <th scope="row" className="px-3 py-2 text-left font-semibold" colSpan={offerKind === 'licence' ? 4 : 1}>
              {t('total')}
            </th>
            <td className="px-3 py-2 text-right font-semibold tabular-nums" data-testid="order-total">
              {money(totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
