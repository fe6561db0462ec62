'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { SimplePager } from '@/components/ui/simple-pager';
import { formatDisplayDate } from '@/lib/domain/dates';
import { DUPLICATES_PAGE_SIZE } from '@/lib/domain/page-sizes';
import { dismissPairAction, duplicatesAction } from './actions';
import { MergeDialog } from './merge-dialog';
import { personName, type PairPerson } from './person-text';

type Pair = { a: PairPerson; b: PairPerson; score: number; reasons: string[] };

function PersonCell({ person }: { person: PairPerson }) {
  return (
    <div>
      <div className="font-medium text-gray-900">{personName(person)}</div>
      <div className="text-gray-600">
        {formatDisplayDate(person.birthDate)}
        {person.city ? ` · ${person.city}` : ''}
      </div>
      {person.regNr && <div className="text-xs text-gray-500">{person.regNr}</div>}
    </div>
  );
}

/**
 * The 'Duplikate' view of form 52: pairs of records that look like one person, best first, paged;
 * per pair 'Nicht dieselbe Person' (it leaves the report for good) and 'Zusammenführen…' (the
 * merge dialog). `org` is a state association's own organisation; the federation sees everyone.
 * `pair`: opened on that pair's entry alone (from the create dialog), until 'Alle Duplikate anzeigen'.
 */
export function DuplicatesView({ org, pair: openedOn, onClose }: { org?: number; pair?: [number, number] | null; onClose: () => void }) {
  const t = useTranslations('merge.screen');
  const tr = useTranslations('members.duplicates.reasons');
  const [confirmElement, confirm] = useConfirm();
  const [merging, setMerging] = useState<Pair | null>(null);
  const [busy, setBusy] = useState(false);
  const [only, setOnly] = useState(openedOn ?? null);
  const list = usePagedQuery({
    query: { org, pair: only },
    load: (q, page) => duplicatesAction({ org: q.org, page, ...(q.pair ? { pair: q.pair } : {}) }),
    pageSize: DUPLICATES_PAGE_SIZE,
  });
  const pairs = (list.shown?.items ?? []) as Pair[];

  async function dismiss(pair: Pair) {
    const question = t('dismissConfirm', { a: personName(pair.a), b: personName(pair.b) });
    if (!(await confirm(question, { title: t('dismiss') }))) return;
    setBusy(true);
    const result = await settleAction(dismissPairAction({ aId: pair.a.id, bId: pair.b.id }));
    setBusy(false);
    if (applyActionResult(result)) list.reload();
  }

  return (
    <section aria-labelledby="duplicates-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
      {confirmElement}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="duplicates-title" className="text-lg font-semibold text-gray-900">
          {t('title')}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
      <p className="text-sm text-gray-600">{t('hint')}</p>
      {only && (
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>{t('pairOnly')}</p>
          <Button size="sm" variant="secondary" onClick={() => setOnly(null)}>
            {t('showAll')}
          </Button>
        </div>
      )}

      {list.failed ? (
        <p role="alert" className="text-sm text-red-800">
          {t('loadFailed')}
        </p>
      ) : list.shown && pairs.length === 0 ? (
        <p className="text-sm text-gray-600">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label={t('tableLabel')} aria-busy={list.loading} className="min-w-full text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-700">
              <tr>
                <th className="py-2 pr-4 font-medium">{t('first')}</th>
                <th className="py-2 pr-4 font-medium">{t('second')}</th>
                <th className="py-2 pr-4 font-medium">{t('score')}</th>
                <th className="py-2 pr-4 font-medium">{t('reasons')}</th>
                <th className="py-2 font-medium">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {pairs.map((pair) => (
                <tr key={`${pair.a.id}-${pair.b.id}`} className="border-b border-gray-100 align-top">
                  <td className="py-2 pr-4">
                    <PersonCell person={pair.a} />
                  </td>
                  <td className="py-2 pr-4">
                    <PersonCell person={pair.b} />
                  </td>
                  <td className="py-2 pr-4 tabular-nums">{pair.score}</td>
                  <td className="py-2 pr-4">{pair.reasons.map((r) => (tr.has(r) ? tr(r) : r)).join(', ')}</td>
                  <td className="py-2">
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="secondary" disabled={busy} onClick={() => void dismiss(pair)}>
                        {t('dismiss')}
                      </Button>
                      <Button size="sm" disabled={busy} onClick={() => setMerging(pair)}>
                        {t('openMerge')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SimplePager page={list.page} pages={list.pages} onPage={list.setPage} label={t('pages')} />

      {merging && (
        <MergeDialog
          key={`${merging.a.id}-${merging.b.id}`}
          first={merging.a}
          second={merging.b}
          onClose={(changed) => {
            setMerging(null);
            if (changed) list.reload();
          }}
        />
      )}
    </section>
  );
}
