'use client';

import { useTranslations } from 'next-intl';
import type { CategoryOfferAnswer } from '@/lib/schemas/orders';
import { eurosToCents, formatEuros } from '@/lib/domain/orders/money';

/** The wizard's first step: the organisation, and the year and category to order (unavailable ones greyed, with why). */
export function CategoryStep({
  orgName,
  offers,
  cat,
  onChoose,
  locale,
  noneAvailable,
}: {
  orgName: string;
  offers: CategoryOfferAnswer[];
  cat: string | null;
  onChoose: (cat: string) => void;
  locale: string;
  noneAvailable: boolean;
}) {
  const t = useTranslations('orders');
  return (
    <div className="space-y-4">
      <div>
        <p className="text-sm font-medium text-gray-700">{t('organisation')}</p>
        <p className="text-gray-900">{orgName}</p>
      </div>
      {noneAvailable && (
        <p className="rounded-md border border-dashed border-gray-300 p-4 text-center text-gray-600">{t('noOrderPossible')}</p>
      )}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700">{t('category')}</legend>
        <ul className="space-y-2">
          {offers.map((o) => (
            <li key={o.cat}>
              <label
                className={
                  o.available
                    ? 'flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3 hover:bg-gray-50 has-[:checked]:border-brand has-[:checked]:bg-brand-light/40'
                    : 'flex items-start gap-3 rounded-md border border-gray-200 bg-gray-50 p-3 text-gray-500'
                }
              >
                <input
                  type="radio"
                  name="ordercat"
                  className="mt-1 h-4 w-4 accent-brand"
                  value={o.cat}
                  checked={cat === o.cat}
                  disabled={!o.available}
                  onChange={() => onChoose(o.cat)}
                />
                <span>
                  <span className="block font-medium">
                    {o.kind === 'clubFee' ? t('clubFeeLabel', { year: o.year }) : t('licenceLabel', { year: o.year })}
                  </span>
                  <span className="block text-xs">
                    {o.cat}
                    {o.kind === 'clubFee' && o.price !== null && ` · ${formatEuros(eurosToCents(o.price) ?? 0, locale)}`}
                  </span>
                  {!o.available && (
                    <span className="block text-xs font-medium text-amber-800">
                      {o.reason === 'clubFeeRequired'
                        ? t('requiresClubFee', { fee: t('clubFeeLabel', { year: o.year }) })
                        : t('feeOrdered')}
                    </span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
