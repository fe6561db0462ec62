'use client';

import { useMemo, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { CategoryOfferAnswer, Order, PersonsForOrdering } from '@/lib/schemas/orders';
import { licenceOrderTotal } from '@/lib/domain/orders/pricing';
import { eurosToCents, formatEuros } from '@/lib/domain/orders/money';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { loadPersons, submitOrder } from './actions';
import { OrderDocumentLinks } from './order-documents';
import { previewSumCents, SKIPPED_STEP, type Choice } from './order-view';
import { PersonsTable } from './persons-table';

export interface OrderWizardProps {
  orgId: number;
  orgName: string;
  offers: CategoryOfferAnswer[];
  /** Called with the placed order (the list reloads, the wizard starts again). */
  onPlaced: (order: Order) => void;
}

type Step = 0 | 1 | 2;

/**
 * The licence order wizard: 1 organisation and year/category, 2 persons, 3 check and submit.
 * A club fee skips the persons step. Disabled persons stay visible, greyed, with their reason.
 */
export function OrderWizard({ orgId, orgName, offers, onPlaced }: OrderWizardProps) {
  const t = useTranslations('orders');
  const tDocuments = useTranslations('orderDocuments');
  const locale = useLocale();
  const [step, setStep] = useState<Step>(0);
  const [cat, setCat] = useState<string | null>(null);
  const [persons, setPersons] = useState<PersonsForOrdering | null>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  /** The order just placed: its payment request is offered until the next order is started. */
  const [placed, setPlaced] = useState<Order | null>(null);
  const [busy, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();
  const router = useRouter();

  const offer = offers.find((o) => o.cat === cat) ?? null;
  const anyAvailable = offers.some((o) => o.available);
  // Persons taken into the check step stay listed there when unticked (sum 0), so a slip is undone in place.
  const listed = useMemo(() => (persons?.persons ?? []).filter((p) => choices[p.id] !== undefined), [persons, choices]);
  const ordered = useMemo(() => listed.filter((p) => choices[p.id].order), [listed, choices]);
  const totalCents =
    offer?.kind === 'clubFee'
      ? (eurosToCents(offer.price ?? 0) ?? 0)
      : licenceOrderTotal(
          ordered.map((p) => previewSumCents(p, choices[p.id])),
          eurosToCents(persons?.baseAmount ?? 0) ?? 0,
        );

  function reset() {
    setStep(0);
    setCat(null);
    setPersons(null);
    setChoices({});
  }

  function next() {
    if (!offer) return;
    setPlaced(null);
    if (step === 0 && offer.kind === 'clubFee') return setStep(2);
    if (step === 0) {
      startTransition(async () => {
        const result = await loadPersons({ orgId, ordercat: offer.cat });
        if (!applyActionResult(result, null, { success: false })) return;
        if (persons?.ordercat !== offer.cat) setChoices({});
        setPersons(result.data);
        setStep(1);
      });
      return;
    }
    if (step === 1) setStep(2);
  }

  function back() {
    if (step === 2 && offer?.kind === 'clubFee') return setStep(0);
    setStep((s) => (s > 0 ? ((s - 1) as Step) : s));
  }

  async function showCurrentPrices(ordercat: string) {
    if (offer?.kind === 'clubFee') return router.refresh();
    const fresh = await loadPersons({ orgId, ordercat });
    if (fresh.ok) setPersons(fresh.data);
  }

  async function submit() {
    if (!offer || !(await confirm(t('submitConfirm')))) return;
    const toast = notify.loading(t('submitting'));
    startTransition(async () => {
      const result = await submitOrder({
        orgId,
        ordercat: offer.cat,
        members: offer.kind === 'clubFee' ? [] : ordered.map((p) => ({ id: p.id, params: { print: Boolean(choices[p.id]?.print) } })),
        expectedTotalCents: totalCents,
      });
      notify.dismiss(toast);
      if (!applyActionResult(result, null, { success: t('submitted') })) {
        // A price changed since the check step was shown: show the new amounts for a second confirmation.
        if (!result.ok && result.code === 'price_changed') await showCurrentPrices(offer.cat);
        return;
      }
      reset();
      setPlaced(result.data);
      onPlaced(result.data);
    });
  }

  const stepLabels = [t('step.category'), t('step.persons'), t('step.check')];

  return (
    <section aria-labelledby="order-wizard-title" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {confirmElement}
      <h2 id="order-wizard-title" className="mb-3 text-lg font-semibold text-gray-900">
        {t('wizardTitle')}
      </h2>
      {placed && (
        <div role="status" className="mb-4 space-y-1 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          <p className="font-medium">{tDocuments('placed', { number: placed.orderNumber, total: formatEuros(eurosToCents(placed.summary.price) ?? 0, locale) })}</p>
          <OrderDocumentLinks order={placed} hint />
        </div>
      )}
      <ol className="mb-4 flex flex-wrap gap-2 text-sm" aria-label={t('stepsLabel')}>
        {stepLabels.map((label, i) => {
          const skipped = i === 1 && offer?.kind === 'clubFee';
          return (
            <li
              key={label}
              aria-current={i === step ? 'step' : undefined}
              className={
                i === step
                  ? 'rounded-full bg-brand px-3 py-1 font-medium text-white'
                  : skipped
                    ? SKIPPED_STEP
                    : 'rounded-full bg-gray-100 px-3 py-1 text-gray-700'
              }
            >
              {i + 1}. {label}
            </li>
          );
        })}
      </ol>

      {step === 0 &&
        (anyAvailable || offers.length > 0 ? (
          <CategoryStep orgName={orgName} offers={offers} cat={cat} onChoose={setCat} locale={locale} noneAvailable={!anyAvailable} />
        ) : (
          <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-600">{t('noOrderPossible')}</p>
        ))}

      {step === 1 && persons && <PersonsTable persons={persons.persons} choices={choices} onChange={setChoices} locale={locale} year={persons.year} />}

      {step === 2 && offer && (
        <CheckStep
          offerKind={offer.kind}
          feeLabel={t('clubFeeLabel', { year: offer.year })}
          feeCents={offer.kind === 'clubFee' ? (eurosToCents(offer.price ?? 0) ?? 0) : (eurosToCents(persons?.baseAmount ?? 0) ?? 0)}
          persons={listed}
          choices={choices}
          onChange={setChoices}
          totalCents={totalCents}
          locale={locale}
        />
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" onClick={back} disabled={step === 0 || busy}>
          {t('back')}
        </Button>
        {step < 2 ? (
          <Button onClick={next} disabled={!offer?.available || busy || (step === 1 && ordered.length === 0)} loading={busy}>
            {t('next')}
          </Button>
        ) : (
          <Button onClick={submit} disabled={busy || (offer?.kind === 'licence' && ordered.length === 0)} loading={busy}>
            {t('submit')}
          </Button>
        )}
      </div>
    </section>
  );
}

function CategoryStep({
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
      {noneAvailable && <p className="rounded-md border border-dashed border-gray-300 p-4 text-center text-gray-600">{t('noOrderPossible')}</p>}
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
                <input type="radio" name="ordercat" className="mt-1 h-4 w-4 accent-brand" value={o.cat} checked={cat === o.cat} disabled={!o.available} onChange={() => onChoose(o.cat)} />
                <span>
                  <span className="block font-medium">{o.kind === 'clubFee' ? t('clubFeeLabel', { year: o.year }) : t('licenceLabel', { year: o.year })}</span>
                  <span className="block text-xs">
                    {o.cat}
                    {o.kind === 'clubFee' && o.price !== null && ` · ${formatEuros(eurosToCents(o.price) ?? 0, locale)}`}
                  </span>
                  {!o.available && (
                    <span className="block text-xs font-medium text-amber-800">
                      {o.reason === 'clubFeeRequired' ? t('requiresClubFee', { fee: t('clubFeeLabel', { year: o.year }) }) : t('feeOrdered')}
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

function CheckStep({
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
            <th scope="col" className="px-3 py-2 font-semibold">{t('col.name')}</th>
            {offerKind === 'licence' && (
              <>
                <th scope="col" className="px-3 py-2 font-semibold">{t('col.age')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('col.order')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('col.print')}</th>
              </>
            )}
            <th scope="col" className="px-3 py-2 text-right font-semibold">{t('col.sum')}</th>
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
                    <input type="checkbox" className="h-4 w-4 accent-brand" aria-label={t('orderFor', { name: p.name })} checked={choice.order} onChange={(e) => set(p.id, { order: e.target.checked, print: e.target.checked && choice.print })} />
                  </td>
                  <td className="px-3 py-2">
                    <input type="checkbox" className="h-4 w-4 accent-brand" aria-label={t('printFor', { name: p.name })} checked={choice.print} disabled={!choice.order} onChange={(e) => set(p.id, { ...choice, print: e.target.checked })} />
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
