'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import type { MergeField, MergeSide } from '@/lib/domain/member-merge';
import type { MergeAnswer, UndoAnswer } from '@/lib/schemas/member-merge';
import { mergeAction, mergePlanAction } from './actions';
import { personName, placeKey, valueText, type PairPerson } from './person-text';
import { UndoRefusal, UndoResult, useUndoMerge } from './undo-merge';

type Picks = Partial<Record<MergeField, MergeSide>>;
type Sides = { survivor: PairPerson; merged: PairPerson };

const other = (side: MergeSide): MergeSide => (side === 'survivor' ? 'merged' : 'survivor');

export interface MergeDialogProps {
  first: PairPerson;
  second: PairPerson;
  /** `changed`: a merge was made (and maybe undone), so the report is read again. */
  onClose: (changed: boolean) => void;
}

/**
 * The merge of two records of one person: both side by side with a choice per field where they
 * differ, which record survives (swap), the plan's moves and conflicts (a conflict blocks the
 * merge). Every choice asks the API for the plan again; nothing is written before
 * 'Zusammenführen' is confirmed, with the versions the plan showed. The result offers 'Rückgängig'.
 */
export function MergeDialog({ first, second, onClose }: MergeDialogProps) {
  const t = useTranslations('merge');
  // the places that hold a person have one name each, the same in the erasure plan
  const tp = useTranslations('personPlaces');
  const [confirmElement, confirm] = useConfirm();
  const [sides, setSides] = useState<Sides>({ survivor: first, merged: second });
  const [picks, setPicks] = useState<Picks>({});
  const [plan, setPlan] = useState<MergeAnswer | null>(null);
  const [planning, setPlanning] = useState(true);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<MergeAnswer | null>(null);
  const [undone, setUndone] = useState<UndoAnswer | null>(null);
  const undoing = useUndoMerge(confirm);
  /** Only the answer to the latest choice is shown. */
  const latest = useRef(0);

  /** Asks for the plan of these sides and picks; only the answer to the latest question is shown. */
  function replan(next: Sides, nextPicks: Picks) {
    setPlanning(true);
    return requestPlan(next, nextPicks);
  }

  function requestPlan(next: Sides, nextPicks: Picks) {
    const call = ++latest.current;
    return settleAction(mergePlanAction({ survivorId: next.survivor.id, mergedId: next.merged.id, fields: nextPicks })).then((result) => {
      if (call !== latest.current) return;
      setPlanning(false);
      if (applyActionResult(result)) setPlan(result.data as MergeAnswer);
    });
  }

  useEffect(() => {
    // the first plan once; later plans follow the user's choices
    void requestPlan({ survivor: first, merged: second }, {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function pick(field: MergeField, side: MergeSide) {
    const next = { ...picks, [field]: side };
    setPicks(next);
    void replan(sides, next);
  }

  function swap() {
    const next = { survivor: sides.merged, merged: sides.survivor };
    // the same values stay chosen: what was the survivor's is now the merged record's
    const nextPicks = Object.fromEntries(Object.entries(picks).map(([f, s]) => [f, other(s)])) as Picks;
    setSides(next);
    setPicks(nextPicks);
    void replan(next, nextPicks);
  }

  async function merge() {
    if (!plan) return;
    const names = { survivor: personName(sides.survivor), merged: personName(sides.merged) };
    if (!(await confirm(t('screen.mergeConfirm', names), { title: t('screen.mergeTitle') }))) return;
    setBusy(true);
    const result = await settleAction(
      mergeAction({
        survivorId: sides.survivor.id,
        mergedId: sides.merged.id,
        fields: picks,
        survivorUpdatedAt: plan.survivorUpdatedAt,
        mergedUpdatedAt: plan.mergedUpdatedAt,
      }),
    );
    setBusy(false);
    if (applyActionResult(result)) {
      setDone(result.data as MergeAnswer);
      return;
    }
    // a record changed since the plan, or a conflict came up: the fresh plan shows what now holds
    if (result.code === 'stale' || result.code === 'merge_conflicts') await replan(sides, picks);
  }

  async function undo() {
    if (!done?.mergeId) return;
    const answer = await undoing.undo(done.mergeId, t('screen.undoConfirm', { merged: personName(sides.merged) }));
    if (answer) setUndone(answer);
  }

  const whatText = (place: string, what: string) => (tp.has(placeKey(place)) ? tp(placeKey(place)) : what);
  const conflictText = (c: MergeAnswer['conflicts'][number]) =>
    t.has(`errors.${c.code}`) ? t(`errors.${c.code}`, { years: Array.isArray(c.value) ? c.value.join(', ') : '' }) : c.message;
  const fieldText = (field: string) => (t.has(`fields.${field}`) ? t(`fields.${field}`) : field);
  const sideName = (side: MergeSide) => `${personName(sides[side])} (${t('screen.recordNr', { id: sides[side].id })})`;
  const shownFields = plan?.fields.filter((f) => f.differs || valueText(f.field, f.survivor) !== '—') ?? [];
  const conflicts = plan?.conflicts ?? [];

  let body;
  if (done) {
    body = (
      <div className="space-y-4">
        <div role="status" className="space-y-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p>
            {undone
              ? t('screen.undoneSummary', { survivor: personName(sides.survivor), merged: personName(sides.merged) })
              : t('screen.mergedSummary', { survivor: personName(sides.survivor), merged: personName(sides.merged) })}
          </p>
          {!undone && (
            <Button variant="danger" onClick={() => void undo()} loading={undoing.busy}>
              {t('screen.undo')}
            </Button>
          )}
        </div>
        <UndoRefusal reason={undoing.refusal} />
        {undone && <UndoResult answer={undone} survivorName={personName(sides.survivor)} />}
      </div>
    );
  } else if (!plan) {
    body = <p className="text-sm text-gray-600">{t('screen.planning')}</p>;
  } else {
    body = (
      <div className="space-y-5" aria-busy={planning}>
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p>{t('screen.survives', { name: sideName('survivor') })}</p>
          <Button variant="secondary" size="sm" onClick={swap} disabled={planning || busy}>
            {t('screen.swap')}
          </Button>
        </div>

        <div className="overflow-x-auto">
          <table aria-label={t('screen.fieldsLabel')} className="min-w-full text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-700">
              <tr>
                <th className="py-2 pr-4 font-medium">{t('screen.field')}</th>
                <th className="py-2 pr-4 font-medium">{t('screen.survivorColumn', { name: sideName('survivor') })}</th>
                <th className="py-2 font-medium">{t('screen.mergedColumn', { name: sideName('merged') })}</th>
              </tr>
            </thead>
            <tbody>
              {shownFields.map((f) => (
                <tr key={f.field} className="border-b border-gray-100 align-top">
                  <th scope="row" className="py-2 pr-4 font-medium text-gray-800">
                    {fieldText(f.field)}
                  </th>
                  {(['survivor', 'merged'] as const).map((side) => {
                    const text = valueText(f.field, f[side]);
                    return (
                      <td key={side} className="py-2 pr-4">
                        {f.differs ? (
                          <label className="inline-flex items-center gap-2">
                            <input
                              type="radio"
                              name={`merge-field-${f.field}`}
                              checked={f.chosen === side}
                              disabled={planning || busy}
                              aria-label={t('screen.pick', { field: fieldText(f.field), value: text })}
                              onChange={() => pick(f.field, side)}
                            />
                            <span className={f.chosen === side ? 'font-medium' : 'text-gray-600'}>{text}</span>
                          </label>
                        ) : (
                          <span className="text-gray-700">{text}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {plan.login && <p className="text-sm text-gray-800">{t('screen.login', { name: sideName(plan.login) })}</p>}

        <div>
          <h3 className="mb-2 text-sm font-semibold text-gray-900">{t('screen.moves')}</h3>
          {plan.moves.length === 0 ? (
            <p className="text-sm text-gray-600">{t('screen.noMoves')}</p>
          ) : (
            <table aria-label={t('screen.moves')} className="min-w-full text-left text-sm">
              <thead className="border-b border-gray-200 text-gray-700">
                <tr>
                  <th className="py-1 pr-4 font-medium">{t('screen.what')}</th>
                  <th className="py-1 pr-4 font-medium">{t('screen.place')}</th>
                  <th className="py-1 pr-4 font-medium">{t('screen.rows')}</th>
                  <th className="py-1 pr-4 font-medium">{t('screen.joined')}</th>
                  <th className="py-1 font-medium">{t('screen.setAside')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.moves.map((m) => (
                  <tr key={m.place} className="border-b border-gray-100">
                    <td className="py-1 pr-4">{whatText(m.place, m.what)}</td>
                    <td className="py-1 pr-4 font-mono text-xs text-gray-600">{m.place}</td>
                    <td className="py-1 pr-4 tabular-nums">{m.rows}</td>
                    <td className="py-1 pr-4 tabular-nums">{m.joined ?? '—'}</td>
                    <td className="py-1 tabular-nums">{m.setAside ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>

        {conflicts.length > 0 && (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-gray-900">{t('screen.conflicts')}</h3>
            {conflicts.map((c, i) => (
              <p key={`${c.code}-${i}`} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                {conflictText(c)}
              </p>
            ))}
            <p className="text-sm text-gray-700">{t('screen.resolveFirst')}</p>
          </div>
        )}
      </div>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose(done !== null);
      }}
      title={t('screen.mergeDialogTitle')}
      widthClassName="max-w-4xl"
      footer={
        done ? (
          <Button variant="secondary" onClick={() => onClose(true)}>
            {t('screen.done')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onClose(false)}>
              {t('screen.cancel')}
            </Button>
            <Button onClick={() => void merge()} disabled={!plan || planning || conflicts.length > 0} loading={busy}>
              {t('screen.merge')}
            </Button>
          </>
        )
      }
    >
      {confirmElement}
      {body}
    </Dialog>
  );
}
