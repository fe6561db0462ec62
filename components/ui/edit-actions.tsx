'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from './button';

export interface EditActionsProps {
  /** Whether the user may edit at all; without it the actions show the read-only note. */
  canEdit: boolean;
  editing: boolean;
  busy: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  /** Shown in read mode after 'Bearbeiten' (e.g. 'Löschen'). */
  extra?: ReactNode;
  /** Text of the read-only note. */
  readOnlyNote?: ReactNode;
}

/**
 * The buttons of a record card, in the same order and style on every screen: read mode
 * 'Bearbeiten' (primary) then extras; edit mode 'Speichern' (primary) then 'Abbrechen'. Leaving
 * edit mode gives focus back to 'Bearbeiten', since the button that had it is gone.
 */
export function EditActions({ canEdit, editing, busy, onEdit, onSave, onCancel, extra, readOnlyNote }: EditActionsProps) {
  const t = useTranslations('common');
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    const left = wasEditing.current && !editing;
    wasEditing.current = editing;
    // the button that had focus is gone, or the field that had it is read-only now
    const active = document.activeElement;
    if (left && (!active || active === document.body || active.matches(':disabled'))) editButton.current?.focus();
  }, [editing]);

  if (!canEdit) {
    return readOnlyNote ? <span className="rounded-full bg-gray-100 px-2 py-1 text-xs text-gray-700">{readOnlyNote}</span> : null;
  }
  return (
    <div className="flex flex-wrap gap-2">
      {editing ? (
        <>
          <Button onClick={onSave} loading={busy}>
            {t('save')}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
        </>
      ) : (
        <>
          <Button ref={editButton} onClick={onEdit}>
            {t('edit')}
          </Button>
          {extra}
        </>
      )}
    </div>
  );
}
