'use client';

import { useCallback, useRef, useState, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { useTranslations } from 'next-intl';
import { Button } from './button';
import { useReturnFocus } from './hooks/use-return-focus';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. t('common.saveConfirm') 'Daten speichern?'. */
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Optional heading; without it the message itself is the dialog's title. */
  title?: ReactNode;
  /** 'danger' colours the Ja button red (deleting). */
  tone?: 'default' | 'danger';
}

/**
 * The yes/no confirmation (Ja / Nein) that guards saving and deleting. It takes focus when it opens
 * (Ja for a plain question, Nein when the answer destroys something), keeps Tab inside itself, and
 * gives focus back to what had it before, since without a Radix trigger nothing else would.
 */
export function ConfirmDialog({ open, message, onConfirm, onCancel, title, tone = 'default' }: ConfirmDialogProps) {
  const t = useTranslations('common');
  const yesRef = useRef<HTMLButtonElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // only Escape gets here (the buttons answer directly): that is a "no"
        if (!next) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content
          {...(title ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (tone === 'danger' ? noRef : yesRef).current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          {title ? (
            <>
              <AlertDialog.Title className="text-lg font-semibold text-gray-900">{title}</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm text-gray-700">{message}</AlertDialog.Description>
            </>
          ) : (
            <AlertDialog.Title className="text-base font-medium text-gray-900">{message}</AlertDialog.Title>
          )}
          <div className="mt-6 flex justify-end gap-2">
            {/* plain buttons, not AlertDialog.Action/Cancel: those would also fire onOpenChange(false),
                i.e. a second (cancel) answer after Ja */}
            <Button ref={noRef} variant="secondary" onClick={onCancel}>
              {t('no')}
            </Button>
            <Button ref={yesRef} variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm}>
              {t('yes')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface ConfirmOptions {
  title?: ReactNode;
  tone?: 'default' | 'danger';
}

type Pending = { message: ReactNode; options?: ConfirmOptions };

/**
 * `const [confirmElement, confirm] = useConfirm();` render `{confirmElement}` once, then
 * `if (await confirm(t('common.saveConfirm'))) save();` resolves true on Ja, false on Nein or Escape.
 */
export function useConfirm(): [ReactNode, (message: ReactNode, options?: ConfirmOptions) => Promise<boolean>] {
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    const resolve = resolver.current;
    resolver.current = null;
    setPending(null);
    resolve?.(answer);
  }, []);

  const confirm = useCallback((message: ReactNode, options?: ConfirmOptions) => {
    // a second question replaces an unanswered first one, which counts as "no"
    resolver.current?.(false);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setPending({ message, options });
    });
  }, []);

  const element = (
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message ?? ''}
      title={pending?.options?.title}
      tone={pending?.options?.tone}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return [element, confirm];
}
