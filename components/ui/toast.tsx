'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Toaster as SonnerToaster, toast, type ExternalToast } from 'sonner';

/** Toasts close after 3 s (progress toasts and most others). */
export const TOAST_DURATION_MS = 3000;
/** The longer duration where the specification asks for 5 s. */
export const TOAST_LONG_DURATION_MS = 5000;

export interface NotifyOptions {
  /** ms; defaults to 3000. */
  duration?: number;
  description?: ReactNode;
  /** Reusing an id replaces that toast (e.g. a loading toast turning into success). */
  id?: string | number;
}

type Message = ReactNode;

function options(opts?: NotifyOptions): ExternalToast {
  return {
    duration: opts?.duration ?? TOAST_DURATION_MS,
    description: opts?.description,
    ...(opts?.id !== undefined ? { id: opts.id } : {}),
  };
}

/** Mount once in the root layout, inside NextIntlClientProvider. Top right, 3 s, coloured by type. */
export function Toaster() {
  const t = useTranslations('common');
  return (
    <SonnerToaster
      containerAriaLabel={t('notifications')}
      position="top-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ className: 'text-sm' }}
    />
  );
}

export const notify = {
  success: (message: Message, opts?: NotifyOptions) => toast.success(message, options(opts)),
  error: (message: Message, opts?: NotifyOptions) => toast.error(message, options(opts)),
  info: (message: Message, opts?: NotifyOptions) => toast.info(message, options(opts)),
  warning: (message: Message, opts?: NotifyOptions) => toast.warning(message, options(opts)),
  /**
   * A progress toast that stays until replaced or dismissed; returns its id. Finish it with
   * `notify.success(msg, { id })` / `notify.error(msg, { id })` or `notify.dismiss(id)`.
   */
  loading: (message: Message, opts?: Omit<NotifyOptions, 'duration'>) =>
    toast.loading(message, { description: opts?.description, id: opts?.id }),
  /** sonner's promise toast: loading text while pending, then success or error text. */
  promise: toast.promise,
  dismiss: (id?: string | number) => toast.dismiss(id),
};
