'use client';

import { useCallback, useEffect, useRef, useState, useTransition, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { ActionFailure, ActionResult } from '@/lib/api/action-result';
import { applyActionResult } from '../apply-action-result';
import { useConfirm, type ConfirmOptions } from '../confirm-dialog';
import { saveDraft, takeDraft } from '../session-draft';
import { notify } from '../toast';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

export interface RecordEditorOptions<V extends FieldValues, Out> {
  form: UseFormReturn<V, unknown, Out>;
  /** The record's values as stored: what the form shows in read mode and what cancel restores. */
  values: V;
  /** The record's version (updatedAt); a kept draft is only offered back on top of the same one. */
  version?: string | null;
  /** A new record starts (and stays until saved) in edit mode. */
  isNew: boolean;
  /** Start an existing record in edit mode (e.g. opened through a table's 'Bearbeiten'). */
  startEditing?: boolean;
  /** Where typed data is kept when the session ends: the record's address. */
  draftKey: string;
  /** The field that gets focus when editing starts. */
  firstField?: FieldPath<V>;
  /**
   * Saves the values on top of `basedOn` (the version the edit started from); its result is shown
   * (toast, field messages). Runs after 'Daten speichern?'. null: nothing saved yet, the screen
   * goes on by itself (e.g. the duplicate dialog before a member is created).
   */
  save: (values: Out, basedOn: string | null | undefined) => Promise<ActionResult<unknown> | null>;
  /** After a successful save, with the action's data (e.g. navigate to the new record). */
  onSaved?: (data: unknown) => void;
  /** Further questions after 'Daten speichern?' (e.g. dissolving); resolve false to stop. */
  confirmMore?: (values: Out, confirm: (message: ReactNode, options?: ConfirmOptions) => Promise<boolean>) => Promise<boolean>;
  /**
   * The values were refused: by the form's own checks (`errors` holds the fields) or by the save
   * (`refusal` is the action's answer, already shown as a toast).
   */
  onInvalid?: (why: { errors?: FieldErrors<V>; refusal?: ActionFailure }) => void;
  /** Success toast when the action's data carries no `message` of its own. */
  successMessage?: string;
  /** Progress toast shown while the save runs (e.g. 'Organisation wird gespeichert'). */
  savingMessage?: string;
  /** Cancel of a new record (nothing to restore): e.g. back to the list. */
  onCancelNew?: () => void;
  /** Changes kept outside the form (e.g. files to upload on save): unsaved too while editing. */
  hasOtherChanges?: boolean;
}

/**
 * The read/edit flow of one record, the same on every screen: 'Bearbeiten' enters edit mode and
 * focuses the first field; 'Abbrechen' restores the stored values and reloads; 'Speichern' asks
 * 'Daten speichern?', saves in a transition (busy while it runs) and shows the result on the form.
 * Leaving with unsaved changes asks first; when the session ends the typed data is kept for this
 * tab and offered back after signing in again.
 */
export function useRecordEditor<V extends FieldValues, Out>(options: RecordEditorOptions<V, Out>) {
  const { form, values, version, isNew, draftKey, firstField } = options;
  const t = useTranslations('common');
  const router = useRouter();
  const [confirmElement, confirm] = useConfirm();
  const [editing, setEditing] = useState(isNew || Boolean(options.startEditing));
  const [busy, startTransition] = useTransition();
  // Bumped by cancel: fields keeping their own text (the date field) mount afresh.
  const [fieldsKey, setFieldsKey] = useState(0);
  const basedOn = useRef(version);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  // Out of edit mode the form always shows the stored record (after cancel, save or a refresh).
  useEffect(() => {
    if (editing) return;
    form.reset(values);
    basedOn.current = version;
  }, [form, values, version, editing]);

  // Data kept when the session ended: back into the form, in edit mode, on top of the same version.
  useEffect(() => {
    const draft = takeDraft<V>(draftKey);
    if (!draft || (draft.basedOn ?? null) !== (version ?? null)) return;
    // after the read-mode reset above has run for this render
    queueMicrotask(() => {
      setEditing(true);
      form.reset(draft.values, { keepDefaultValues: true });
    });
    notify.info(t('draftRestored'));
    // only when the record first shows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey]);

  const focusFirstField = useRef(false);
  useEffect(() => {
    if (!editing || !focusFirstField.current || !firstField) return;
    focusFirstField.current = false;
    form.setFocus(firstField);
  }, [editing, firstField, form]);

  const dirty = editing && (form.formState.isDirty || Boolean(options.hasOtherChanges));
  const releaseGuard = useUnsavedChangesGuard(dirty, () => confirm(t('discardConfirm'), { tone: 'danger' }));

  const startEdit = useCallback(() => {
    focusFirstField.current = true;
    setEditing(true);
  }, []);

  const cancel = useCallback(() => {
    if (isNew) {
      // cancelling is the answer: leaving for the list does not ask again
      releaseGuard();
      latest.current.onCancelNew?.();
      return;
    }
    form.reset(values);
    setFieldsKey((k) => k + 1);
    setEditing(false);
    router.refresh();
  }, [form, isNew, releaseGuard, router, values]);

  const onValid = useCallback(
    async (output: Out) => {
      const { save, confirmMore, onSaved } = latest.current;
      if (!(await confirm(t('saveConfirm')))) return;
      if (confirmMore && !(await confirmMore(output, confirm))) return;
      const typed = form.getValues();
      startTransition(async () => {
        const { savingMessage } = latest.current;
        const progress = savingMessage ? notify.loading(savingMessage) : null;
        const result = await save(output, basedOn.current).finally(() => {
          if (progress !== null) notify.dismiss(progress);
        });
        if (result === null) return;
        const shown = applyActionResult(result, form, {
          success: latest.current.successMessage,
          onSessionEnded: () => saveDraft(draftKey, typed, basedOn.current),
        });
        if (!shown) {
          latest.current.onInvalid?.({ refusal: result as ActionFailure });
          return;
        }
        // what was typed is stored now: the refreshed record replaces it
        form.reset(typed);
        if (!isNew) setEditing(false);
        // saved: opening the new record does not ask about changes
        releaseGuard();
        onSaved?.(result.data);
        router.refresh();
      });
    },
    [confirm, draftKey, form, isNew, releaseGuard, router, t],
  );

  const save = useCallback(() => form.handleSubmit(onValid, (errors) => latest.current.onInvalid?.({ errors }))(), [form, onValid]);

  return {
    /** Render once: the Ja/Nein confirmations. */
    confirmElement,
    confirm,
    editing,
    busy,
    dirty,
    /** Key for the fields so a cancel remounts them. */
    fieldsKey,
    /** The changes are kept elsewhere now (e.g. created another way): the next navigation does not ask. */
    release: releaseGuard,
    /** The record version the current edit is based on. */
    basedOn: () => basedOn.current,
    startEdit,
    cancel,
    save,
    /** The props of <EditActions> that follow the editor: `<EditActions canEdit {...editor.actionProps} />`. */
    actionProps: { editing, busy, onEdit: startEdit, onSave: () => void save(), onCancel: cancel },
    /** The form's onSubmit: Enter in a field saves while editing, and never reloads the page. */
    submitForm: (e: FormEvent) => {
      e.preventDefault();
      if (editing) void save();
    },
  };
}

/** Every message in react-hook-form's (nested) errors, e.g. to tell an empty required field from a bad date. */
export function errorMessages(errors: unknown): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as { message?: unknown; ref?: unknown };
  if (typeof node.message === 'string') return [node.message];
  // a field's `ref` is its DOM element: not part of the messages
  return Object.entries(errors).flatMap(([key, value]) => (key === 'ref' ? [] : errorMessages(value)));
}

/** The record last shown by any editor in this tab: opening another one moves focus to its heading. */
let lastShownRecord: string | null = null;

/**
 * Focus goes to the record's heading when another record is opened (from a list or a table), and
 * when a record is shown while focus has fallen back to the page (<body>, e.g. the table row that
 * opened it is gone), so keyboard and screen-reader users land on what they chose instead of the
 * page's start. Focus in a field (typing) is left alone.
 */
export function useFocusOnRecordChange(recordKey: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const previous = lastShownRecord;
    lastShownRecord = recordKey;
    const active = document.activeElement;
    const focusLost = !active || active === document.body;
    const otherRecord = previous !== null && previous !== recordKey;
    if (!focusLost && !otherRecord) return;
    if (!focusLost && active.matches('input, textarea, [contenteditable="true"]')) return;
    ref.current?.focus();
  }, [recordKey]);
  return ref;
}
