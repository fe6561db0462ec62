'use client';

import { useTranslations } from 'next-intl';
import type { PersonsForOrdering } from '@/lib/schemas/orders';
import { formatEuros } from '@/lib/domain/orders/money';
import { previewSumCents, type Choice } from '@/components/shared/orders/order-view';
import { PersonCheckbox } from '@/components/shared/orders/person-checkbox';
import { BriefCell, BriefFooterLabel, BriefTable, type BriefColumn } from '@/components/ui/brief-table';

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
  const licence = offerKind === 'licence';
  const columns: BriefColumn[] = [
    { key: 'name', header: t('col.name') },
    ...(licence
      ? [
          { key: 'age', header: t('col.age') },
          { key: 'order', header: t('col.order') },
          { key: 'print', header: t('col.print') },
        ]
      : []),
    { key: 'sum', header: t('col.sum'), align: 'right' },
  ];
  return (
    <BriefTable
      label={t('checkLabel')}
      columns={columns}
      emptyText=""
      isEmpty={false}
      pageSize={null}
      footer={
        <tr>
          <BriefFooterLabel colSpan={columns.length - 1}>{t('total')}</BriefFooterLabel>
          <BriefCell align="right" className="font-semibold" testId="order-total">
            {money(totalCents)}
          </BriefCell>
        </tr>
      }
    >
      {licence &&
        persons.map((p) => {
          const choice = choices[p.id] ?? { order: false, print: false };
          return (
            <tr key={p.id}>
              <BriefCell>{p.name}</BriefCell>
              <BriefCell>{p.age}</BriefCell>
              <BriefCell>
                <PersonCheckbox
                  label={t('orderFor', { name: p.name })}
                  checked={choice.order}
                  onChange={(order) => set(p.id, { order, print: order && choice.print })}
                />
              </BriefCell>
              <BriefCell>
                <PersonCheckbox
                  label={t('printFor', { name: p.name })}
                  checked={choice.print}
                  disabled={!choice.order}
                  onChange={(print) => set(p.id, { ...choice, print })}
                />
              </BriefCell>
              <BriefCell align="right">{money(previewSumCents(p, choice))}</BriefCell>
            </tr>
          );
        })}
      <tr>
        <BriefCell colSpan={columns.length - 1}>{licence ? t('baseAmount') : feeLabel}</BriefCell>
        <BriefCell align="right">{money(feeCents)}</BriefCell>
      </tr>
    </BriefTable>
  );
}
