'use client';

import { useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { CategoryOfferAnswer, Order, PersonForOrdering, PersonsForOrdering } from '@/lib/schemas/orders';
// a value from lib/domain, not lib/schemas: the wizard must not bring zod with the page
import { PERSONS_PAGE_SIZE } from '@/lib/domain/page-sizes';
import { licenceOrderTotal } from '@/lib/domain/orders/pricing';
import { eurosToCents, formatEuros } from '@/lib/domain/orders/money';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/components/ui/hooks/use-debounced-value';
import { loadPersons, submitOrder } from './actions';
import { OrderDocumentLinks } from '@/components/shared/orders/order-documents';
import { previewSumCents, type Choice } from '@/components/shared/orders/order-view';
import { PersonsTable } from './persons-table';
import { CategoryStep } from './order-category-step';
import { CheckStep } from './order-check-step';
import { WizardSteps } from './order-wizard-steps';

export interface OrderWizardProps {
  orgId: number;
  orgName: string;
  offers: CategoryOfferAnswer[];
  /** Called with the placed order (the list reloads, the wizard starts again). */
  onPlaced: (order: Order) => void;
}

type Step = 0 | 1 | 2;

/** Search-as-you-type in the persons step waits this long after the last key. */
const PERSONS_SEARCH_DEBOUNCE_MS = 300;

/** Persons read so far, in the order first read (the check step lists the chosen ones in this order). */
function remember(known: Map<number, PersonForOrdering>, persons: readonly PersonForOrdering[]): Map<number, PersonForOrdering> {
  const next = new Map(known);
  for (const p of persons) next.set(p.id, p);
  return next;
}

/**
 * The licence order wizard: 1 organisation and year/category, 2 persons, 3 check and submit.
 * A club fee skips the persons step. Disabled persons stay visible, greyed, with their reason.
 * The persons step reads a page of PERSONS_PAGE_SIZE at a time (a club may have thousands of
 * members); choices and the persons chosen are kept across pages and searches.
 */
export function OrderWizard({ orgId, orgName, offers, onPlaced }: OrderWizardProps) {
  const t = useTranslations('orders');
  const tDocuments = useTranslations('orderDocuments');
  const locale = useLocale();
  const [step, setStep] = useState<Step>(0);
  const [cat, setCat] = useState<string | null>(null);
  const [persons, setPersons] = useState<PersonsForOrdering | null>(null);
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const searched = useDebouncedValue(query.trim(), PERSONS_SEARCH_DEBOUNCE_MS);
  /** Every person read so far (pages, select all): what the check step shows of the chosen. */
  const [known, setKnown] = useState<Map<number, PersonForOrdering>>(new Map());
  /** How many can be ordered in all; known once everyone was read (select all). */
  const [selectableCount, setSelectableCount] = useState<number | null>(null);
  /** Answers of earlier page requests that arrive late are dropped. */
  const latest = useRef(0);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  /** The order just placed: its payment request is offered until the next order is started. */
  const [placed, setPlaced] = useState<Order | null>(null);
  const [busy, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();
  const router = useRouter();

  const offer = offers.find((o) => o.cat === cat) ?? null;
  const anyAvailable = offers.some((o) => o.available);
  // Persons taken into the check step stay listed there when unticked (sum 0), so a slip is undone in place.
  const listed = useMemo(() => [...known.values()].filter((p) => choices[p.id] !== undefined), [known, choices]);
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
    setKnown(new Map());
    setSelectableCount(null);
    setQuery('');
    setPage(1);
  }

  /** One page of the persons matching `q`; answers of requests made later win. */
  async function loadPage(ordercat: string, pageNo: number, q: string): Promise<boolean> {
    const request = ++latest.current;
    const result = await loadPersons({ orgId, ordercat, page: pageNo, size: PERSONS_PAGE_SIZE, q: q || undefined });
    if (request !== latest.current) return false;
    if (!applyActionResult(result, null, { success: false })) return false;
    setPersons(result.data);
    setKnown((k) => remember(k, result.data.persons));
    setPage(pageNo);
    return true;
  }

  function next() {
    if (!offer) return;
    setPlaced(null);
    if (step === 0 && offer.kind === 'clubFee') return setStep(2);
    if (step === 0) {
      startTransition(async () => {
        // back from the check step to the same category: choices, page and search stay
        const sameCategory = persons?.ordercat === offer.cat;
        if (!sameCategory) {
          setChoices({});
          setKnown(new Map());
          setSelectableCount(null);
          setQuery('');
        }
        if (!(await loadPage(offer.cat, sameCategory ? page : 1, sameCategory ? searched : ''))) return;
        setStep(1);
      });
      return;
    }
    if (step === 1) setStep(2);
  }

  // A new search starts at its first page.
  useEffect(() => {
    if (step !== 1 || !persons || !offer || offer.kind !== 'licence') return;
    startTransition(async () => {
      await loadPage(offer.cat, 1, searched);
    });
    // only the search words start a new request here; pages are asked for by showPage
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched]);

  function showPage(pageNo: number) {
    if (!offer) return;
    startTransition(async () => {
      await loadPage(offer.cat, pageNo, searched);
    });
  }

  /** Orders everyone who can be ordered: reads the whole list once (its persons are the check step's rows). */
  function selectAll() {
    if (!offer) return;
    startTransition(async () => {
      const result = await loadPersons({ orgId, ordercat: offer.cat });
      if (!applyActionResult(result, null, { success: false })) return;
      const selectable = result.data.persons.filter((p) => p.reasons.length === 0);
      // the whole list in its order first, then anyone read before who is no longer in it
      setKnown((k) => {
        const inList = new Set(result.data.persons.map((p) => p.id));
        return remember(
          remember(new Map(), result.data.persons),
          [...k.values()].filter((p) => !inList.has(p.id)),
        );
      });
      setSelectableCount(selectable.length);
      setChoices((current) => {
        const chosen = { ...current };
        for (const p of selectable) chosen[p.id] = chosen[p.id] ?? { order: true, print: false };
        return chosen;
      });
    });
  }

  function back() {
    if (step === 2 && offer?.kind === 'clubFee') return setStep(0);
    setStep((s) => (s > 0 ? ((s - 1) as Step) : s));
  }

  async function showCurrentPrices(ordercat: string) {
    if (offer?.kind === 'clubFee') return router.refresh();
    // the chosen may be on any page: read everyone once, with the new prices
    const fresh = await loadPersons({ orgId, ordercat });
    if (!fresh.ok) return;
    setKnown((k) => remember(k, fresh.data.persons));
    setPersons((shown) =>
      shown
        ? { ...fresh.data, total: shown.total, persons: shown.persons.map((p) => fresh.data.persons.find((f) => f.id === p.id) ?? p) }
        : fresh.data,
    );
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
          <p className="font-medium">
            {tDocuments('placed', { number: placed.orderNumber, total: formatEuros(eurosToCents(placed.summary.price) ?? 0, locale) })}
          </p>
          <OrderDocumentLinks order={placed} hint />
        </div>
      )}
      <WizardSteps labels={stepLabels} step={step} skipped={offer?.kind === 'clubFee' ? 1 : null} label={t('stepsLabel')} />

      {step === 0 &&
        (anyAvailable || offers.length > 0 ? (
          <CategoryStep orgName={orgName} offers={offers} cat={cat} onChoose={setCat} locale={locale} noneAvailable={!anyAvailable} />
        ) : (
          <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-600">{t('noOrderPossible')}</p>
        ))}

      {step === 1 && persons && (
        <PersonsTable
          persons={persons.persons}
          choices={choices}
          onChange={setChoices}
          locale={locale}
          year={persons.year}
          query={query}
          onQuery={setQuery}
          page={page}
          pages={Math.max(1, Math.ceil((persons.total ?? persons.persons.length) / PERSONS_PAGE_SIZE))}
          onPage={showPage}
          selectableCount={selectableCount}
          onSelectAll={selectAll}
          busy={busy}
        />
      )}

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
