'use client';

import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import type { ConfirmOptions } from '@/components/ui/confirm-dialog';
import type { UndoAnswer } from '@/lib/schemas/member-merge';
import { undoMergeAction } from './actions';
import { placeKey } from './person-text';

type Confirm = (message: ReactNode, options?: ConfirmOptions) => Promise<boolean>;

/**
 * Undoing a merge, wherever 'Rückgängig' is offered (the merge dialog's result, the member's
 * history): asks first, calls the undo, and keeps its answer or the refusal's reason in the UI's
 * language. `undo` answers the undo's answer, or null when not confirmed or refused.
 */
export function useUndoMerge(confirm: Confirm) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function undo(mergeId: string, question: string): Promise<UndoAnswer | null> {
    if (!(await confirm(question, { tone: 'danger' }))) return null;
    setBusy(true);
    setRefusal(null);
    const result = await settleAction(undoMergeAction({ mergeId }));
    setBusy(false);
    const refused = (message: string) => {
      setRefusal(message);
      return true;
    };
    return applyActionResult(result, null, { handled: (f) => refused(f.description ?? f.message) }) ? (result.data as UndoAnswer) : null;
  }

  return { undo, busy, refusal };
}

/** Why the undo was refused, as the API said it in the UI's language. */
export function UndoRefusal({ reason }: { reason: string | null }) {
  const t = useTranslations('merge.screen');
  if (!reason) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {t('undoRefused', { reason })}
    </p>
  );
}

/** What the undo left with the surviving record: rows added since, fields changed since. */
export function UndoResult({ answer, survivorName }: { answer: UndoAnswer; survivorName: string }) {
  const t = useTranslations('merge');
  // the places that hold a person have one name each, the same in the erasure plan
  const tp = useTranslations('personPlaces');
  const whatText = (place: string, what: string) => (tp.has(placeKey(place)) ? tp(placeKey(place)) : what);
  const fieldText = (field: string) => (t.has(`fields.${field}`) ? t(`fields.${field}`) : field);
  return (
    <div className="space-y-2 text-sm text-gray-800">
      {answer.stayedWithSurvivor.length === 0 && answer.keptFields.length === 0 ? (
        <p>{t('screen.nothingStayed', { survivor: survivorName })}</p>
      ) : (
        <>
          <p className="font-medium">{t('screen.stayed', { survivor: survivorName })}</p>
          <ul aria-label={t('screen.stayedLabel')} className="list-disc pl-5">
            {answer.stayedWithSurvivor.map((s) => (
              <li key={s.place}>{t('screen.stayedRows', { what: whatText(s.place, s.what), count: s.ids.length })}</li>
            ))}
            {answer.keptFields.length > 0 && <li>{t('screen.keptFields', { fields: answer.keptFields.map(fieldText).join(', ') })}</li>}
          </ul>
        </>
      )}
    </div>
  );
}
