'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { TournamentTuple, TournamentType } from '@/lib/api/tournaments';
import type { Tournament, TournamentPage } from '@/lib/schemas/tournaments';
import { formatDisplayDate } from '@/lib/domain/dates';
import { PAYMENT_STATUSES, type PaymentStatus } from '@/lib/domain/tournaments/status';
import { DECISION_STATUS } from '@/lib/domain/orders/status';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { Tabs } from '@/components/ui/tabs';
import { useSelectionLoad } from '@/components/ui/hooks/use-paged-query';
import { decideTournament, loadTuple, setPaymentStatus } from './actions';
import { decide as decideOrder } from '@/components/shared/orders/actions';
import { CommentsPanel } from './comments-panel';
import { FeeOrder } from './fee-order';
import { TournamentList } from './tournament-list';
import { TournamentTable } from './lazy-table';
import { ViewToggle } from './tournament-view-toggle';
import { APPROVAL_FILTERS } from './tournament-view';

export interface ApprovalScreenProps {
  orgId: number;
  list: TournamentPage;
  types: TournamentType[];
  initialId: number | null;
}

/**
 * Form 1001: the list with the five filters; the chosen tournament in two tabs: its data (the
 * version last approved, or the first submission while never approved, against the current copy,
 * changed rows highlighted, approve and cancel, the comments) and its payment (fee category,
 * status). Approving a changed tournament publishes its current copy; until then the public sees
 * the approved version.
 */
export function ApprovalScreen({ orgId, list, types, initialId }: ApprovalScreenProps) {
  const t = useTranslations('tournaments');
  const [selectedId, setSelectedId] = useState<number | null>(initialId);
  const [tuple, setTuple] = useState<TournamentTuple | null>(null);
  const [confirmElement, confirm] = useConfirm();
  const [view, setView] = useState<'list' | 'table'>('list');

  // the detail loads 200 ms after a choice (quick clicking through the list loads only the last)
  useSelectionLoad(
    selectedId,
    (id) => loadTuple({ id }),
    (data) => setTuple(data as TournamentTuple),
  );

  const current = tuple && tuple.current.id === selectedId ? tuple.current : null;
  const update = (t2: Tournament) => setTuple((old) => (old ? { ...old, current: t2 } : old));

  async function decide(action: 'approve' | 'cancel') {
    if (!current) return;
    if (action === 'cancel' && !(await confirm(t('cancelConfirm'), { tone: 'danger' }))) return;
    const res = await decideTournament({ orgId, id: current.id, action });
    if (!applyActionResult(res, null, { success: action === 'approve' ? t('approvedToast') : t('canceledToast') })) return;
    update(res.data as Tournament);
    if (action !== 'approve') return;
    // the approved version is now the current copy: compare with it
    const reloaded = await loadTuple({ id: current.id });
    if (applyActionResult(reloaded, null, { success: false })) setTuple(reloaded.data as TournamentTuple);
  }

  async function pay(status: string) {
    if (!current || !(await confirm(t('paymentConfirm')))) return;
    const res = await setPaymentStatus({ orgId, id: current.id, status: status as PaymentStatus });
    if (applyActionResult(res, null, { success: t('paymentSaved') })) update(res.data as Tournament);
  }

  async function releaseOrder() {
    const order = current?.order;
    if (!current || !order || !(await confirm(t('releaseConfirm', { number: order.orderNumber })))) return;
    const res = await decideOrder({ orgId: current.orgId, id: order.id, status: DECISION_STATUS.release, updatedAt: order.updatedAt });
    if (!applyActionResult(res, null)) return;
    const reloaded = await loadTuple({ id: current.id });
    if (applyActionResult(reloaded, null, { success: false })) setTuple(reloaded.data as TournamentTuple);
  }

  const type = current ? types.find((x) => x.id === current.type) : undefined;
  return (
    <div className="space-y-4">
      {confirmElement}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-gray-900">{t('approvalTitle')}</h1>
        <ViewToggle view={view} onChange={setView} />
      </div>
      {view === 'table' ? (
        <TournamentTable orgId={orgId} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
          <div
            onClickCapture={(e) => {
              // the list's links choose a tournament here instead of opening another page
              const link = (e.target as HTMLElement).closest('a[data-tournament-id]');
              if (link) {
                e.preventDefault();
                setSelectedId(Number(link.getAttribute('data-tournament-id')));
              }
            }}
          >
            <TournamentList
              orgId={orgId}
              initial={list}
              selectedId={selectedId}
              hrefFor={(id) => `#t${id}`}
              filters={APPROVAL_FILTERS}
              canAdd={false}
              reloadKey={current?.updatedAt}
            />
          </div>
          {selectedId === null ? (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
          ) : !current ? (
            <p className="p-8 text-center text-gray-600">{t('loading')}</p>
          ) : (
            <section aria-label={current.name} className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="text-lg font-semibold text-gray-900">{current.name}</h2>
                  <p className="text-sm text-gray-600">
                    {current.orgName} · {t(`status.${current.status}`)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button onClick={() => void decide('approve')} disabled={Boolean(current.approved) || current.params.canceled}>
                    {t('approve')}
                  </Button>
                  <Button variant="danger" onClick={() => void decide('cancel')} disabled={current.params.canceled}>
                    {t('cancelTournament')}
                  </Button>
                </div>
              </div>
              <Tabs
                label={t('detailTabs')}
                items={[
                  {
                    value: 'data',
                    label: t('tabData'),
                    content: (
                      <>
                        {current.approved === false && !current.params.canceled && (
                          <p role="status" className="mb-3 rounded bg-orange-50 px-3 py-2 text-sm text-orange-900">
                            {t('awaitingApprovalReview')}
                          </p>
                        )}
                        <Comparison tuple={{ ...tuple!, current }} types={types} />
                        <div className="mt-4">
                          <CommentsPanel orgId={orgId} tournament={current} onChanged={update} />
                        </div>
                      </>
                    ),
                  },
                  {
                    value: 'payment',
                    label: t('tabPayment'),
                    content: (
                      <div className="space-y-4">
                        <FeeOrder tournament={current} ordercat={type?.param.ordercat} onRelease={() => void releaseOrder()} />
                        {type?.param.ordercat && (
                          <Select
                            label={t('paymentLabel')}
                            value={current.orderStatus ?? ''}
                            onValueChange={(v) => void pay(v)}
                            options={PAYMENT_STATUSES.map((s) => ({ value: s, label: s }))}
                          />
                        )}
                      </div>
                    ),
                  },
                ]}
              />
            </section>
          )}
        </div>
      )}
    </div>
  );
}

type Row = { key: string; label: string; before: string; after: string };

/** The approved version (or the first submission) against the current copy, one row per field; changed rows highlighted. */
function Comparison({ tuple, types }: { tuple: TournamentTuple; types: TournamentType[] }) {
  const t = useTranslations('tournaments');
  const { current: c, original: o } = tuple;
  const op = o.params as Record<string, unknown>;
  const typeName = (id: number) => types.find((x) => x.id === id)?.name ?? String(id);
  const list = (v: unknown) =>
    Array.isArray(v)
      ? v
          .map((x) =>
            typeof x === 'object' && x
              ? `${(x as { lastName?: string }).lastName ?? ''} ${(x as { firstName?: string }).firstName ?? ''}`.trim()
              : String(x),
          )
          .join(', ')
      : '';
  const person = (v: unknown) =>
    v && typeof v === 'object'
      ? `${(v as { lastName?: string }).lastName ?? ''} ${(v as { firstName?: string }).firstName ?? ''}`.trim()
      : '';
  const rows: Row[] = [
    { key: 'name', label: t('fields.name'), before: o.name, after: c.name },
    { key: 'type', label: t('fields.type'), before: typeName(o.type), after: typeName(c.type) },
    { key: 'start', label: t('fields.start'), before: formatDisplayDate(o.start), after: formatDisplayDate(c.start) },
    { key: 'end', label: t('fields.end'), before: formatDisplayDate(o.end), after: formatDisplayDate(c.end) },
    { key: 'openFrom', label: t('fields.openFrom'), before: formatDisplayDate(o.openFrom), after: formatDisplayDate(c.openFrom) },
    { key: 'openTo', label: t('fields.openTo'), before: formatDisplayDate(o.openTo), after: formatDisplayDate(c.openTo) },
    { key: 'location', label: t('fields.location'), before: String(op.location ?? ''), after: c.params.location },
    { key: 'contactPerson', label: t('fields.contactPerson'), before: String(op.contactPerson ?? ''), after: c.params.contactPerson },
    { key: 'email', label: t('fields.email'), before: String(op.email ?? ''), after: c.params.email },
    { key: 'phone', label: t('fields.phone'), before: String(op.phone ?? ''), after: c.params.phone ?? '' },
    {
      key: 'discipline',
      label: t('fields.discipline'),
      before: op.discipline ? t(`disciplines.${op.discipline}`) : '',
      after: c.params.discipline ? t(`disciplines.${c.params.discipline}`) : '',
    },
    { key: 'rule', label: t('fields.rule'), before: String(op.rule ?? ''), after: c.params.rule ?? '' },
    { key: 'divisions', label: t('fields.divisions'), before: list(op.divisions), after: list(c.params.divisions) },
    { key: 'gradeCodes', label: t('fields.gradeCodes'), before: list(op.gradeCodes), after: list(c.params.gradeCodes) },
    { key: 'mainReferee', label: t('fields.mainReferee'), before: person(op.mainReferee), after: person(c.params.mainReferee) },
    { key: 'referees', label: t('fields.referees'), before: list(op.referees), after: list(c.params.referees) },
    { key: 'rangeCommanders', label: t('fields.rangeCommanders'), before: list(op.rangeCommanders), after: list(c.params.rangeCommanders) },
    {
      key: 'linkToRegistration',
      label: t('fields.linkToRegistration'),
      before: String(op.linkToRegistration ?? ''),
      after: c.params.linkToRegistration ?? '',
    },
    {
      key: 'numberAnimals',
      label: t('fields.numberAnimals'),
      before: String(op.numberAnimals ?? ''),
      after: String(c.params.numberAnimals ?? ''),
    },
  ];
  return (
    <table className="min-w-full text-sm" aria-label={t('comparison')}>
      <thead className="bg-gray-50 text-left text-gray-700">
        <tr>
          <th className="px-3 py-2">{t('field')}</th>
          <th className="px-3 py-2">{tuple.originalIs === 'approved' ? t('approvedVersion') : t('original')}</th>
          <th className="px-3 py-2">{t('currentValue')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {rows.map((r) => {
          const changed = r.before !== r.after;
          return (
            <tr key={r.key} data-changed={changed || undefined} className={cn(changed && 'bg-amber-50 font-medium')}>
              <th scope="row" className="px-3 py-2 text-left font-normal text-gray-700">
                {r.label}
                {changed && <span className="sr-only"> ({t('changed')})</span>}
              </th>
              <td className="px-3 py-2 text-gray-600">{r.before || '–'}</td>
              <td className="px-3 py-2 text-gray-900">{r.after || '–'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
