'use client';

import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import type { AuditEntry } from '@/lib/schemas/audit';
import type { UndoAnswer } from '@/lib/schemas/member-merge';
import { UndoRefusal, UndoResult, useUndoMerge } from './duplicates/undo-merge';

export interface MemberHistoryProps {
  memberName: string;
  /** A merge was undone: the member's own data changed too. */
  onUndone?: () => void;
  /**
   * The history panel (components/audit, given by the page): `entryAction` puts 'Rückgängig' on
   * an entry; a new `version` means the history is read again.
   */
  children: (panel: { entryAction: (entry: AuditEntry) => ReactNode; version: number }) => ReactNode;
}

/**
 * The member's 'Verlauf': the history, with 'Rückgängig' on a merge's entry where the API says
 * this caller may undo it (the entry's canUndo). Undoing asks first, then shows what stayed with
 * this member, or why the API refused, and reads the history again.
 */
export function MemberHistory({ memberName, onUndone, children }: MemberHistoryProps) {
  const t = useTranslations('merge');
  const [confirmElement, confirm] = useConfirm();
  const undoing = useUndoMerge(confirm);
  const [undone, setUndone] = useState<UndoAnswer | null>(null);
  // a new key reads the history again
  const [version, setVersion] = useState(0);

  async function undo(mergeId: string) {
    const answer = await undoing.undo(mergeId, t('history.undoConfirm'));
    if (!answer) return;
    setUndone(answer);
    setVersion((v) => v + 1);
    onUndone?.();
  }

  return (
    <div className="space-y-3">
      {confirmElement}
      <UndoRefusal reason={undoing.refusal} />
      {undone && (
        <div role="status" className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p>{t('history.undone', { mergedId: undone.mergedId })}</p>
          <UndoResult answer={undone} survivorName={memberName} />
        </div>
      )}
      {children({
        version,
        entryAction: (entry) =>
          entry.canUndo && entry.mergeId ? (
            <Button size="sm" variant="danger" loading={undoing.busy} onClick={() => void undo(entry.mergeId!)}>
              {t('screen.undo')}
            </Button>
          ) : null,
      })}
    </div>
  );
}
