'use client';

import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { ExternalToast } from 'sonner';

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
type Sonner = typeof import('sonner');

/*
 * sonner is loaded with the first toast, not with the page: most pages open without one, and the
 * sign-in page stays small. The Toaster mounts its (still empty) notification region first and the
 * toast is handed over afterwards, so screen readers announce it as an addition to a live region.
 */
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let regionReadyNow = false;
let regionShown: () => void = () => {};
const regionReady = new Promise<void>((resolve) => {
  regionShown = () => {
    regionReadyNow = true;
    resolve();
  };
});
const loadListeners = new Set<() => void>();

function subscribeToLoad(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => {
    loadListeners.delete(listener);
  };
}

function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => {
    sonner = module;
    loadListeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

/** Runs `show` with sonner once the notification region is on screen. */
function whenShown(show: (module: Sonner) => void): void {
  if (sonner && regionReadyNow) {
    show(sonner);
    return;
  }
  void loadSonner()
    .then((module) => regionReady.then(() => show(module)))
    .catch(() => {
      // sonner could not be loaded (e.g. offline): the toast is lost, the page keeps working
    });
}

let nextId = 0;
/** Toast ids are handed out here, so a caller has one before sonner is loaded. */
function idOf(opts?: { id?: string | number }): string | number {
  return opts?.id ?? `toast-${++nextId}`;
}

function options(id: string | number, opts?: NotifyOptions): ExternalToast {
  return { duration: opts?.duration ?? TOAST_DURATION_MS, description: opts?.description, id };
}

/** Mount once in the root layout, inside NextIntlClientProvider. Top right, 3 s, coloured by type. */
/** Texts in the UI's language for toasts raised outside React (a browser fetch's 401, an action with no answer). */
let sessionEndedText = '';
let genericErrorText = '';

export function sessionEndedMessage(): string {
  return sessionEndedText;
}

export function genericErrorMessage(): string {
  return genericErrorText;
}

export function Toaster() {
  const t = useTranslations('common');
  const te = useTranslations('errors');
  useEffect(() => {
    sessionEndedText = te('sessionEnded');
    genericErrorText = te('generic');
  }, [te]);
  // sonner, once loaded (the first toast loads it)
  const loaded = useSyncExternalStore(
    subscribeToLoad,
    () => sonner,
    () => null,
  );

  // sonner's Toaster (a child) subscribed in its own effect, which runs before this one
  useEffect(() => {
    if (loaded) regionShown();
  }, [loaded]);

  if (!loaded) return null;
  const SonnerToaster = loaded.Toaster;
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

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, message: Message, opts?: NotifyOptions): string | number {
  const id = idOf(opts);
  whenShown(({ toast }) => toast[kind](message, options(id, opts)));
  return id;
}

export const notify = {
  success: (message: Message, opts?: NotifyOptions) => show('success', message, opts),
  error: (message: Message, opts?: NotifyOptions) => show('error', message, opts),
  info: (message: Message, opts?: NotifyOptions) => show('info', message, opts),
  warning: (message: Message, opts?: NotifyOptions) => show('warning', message, opts),
  /**
   * A progress toast that stays until replaced or dismissed; returns its id. Finish it with
   * `notify.success(msg, { id })` / `notify.error(msg, { id })` or `notify.dismiss(id)`.
   */
  loading: (message: Message, opts?: Omit<NotifyOptions, 'duration'>): string | number => {
    const id = idOf(opts);
    whenShown(({ toast }) => toast.loading(message, { description: opts?.description, id }));
    return id;
  },
  /** Closes the toast `id`, or all toasts. */
  dismiss: (id?: string | number) => {
    // nothing can be on screen before sonner is loaded; a dismiss queued behind its toast closes it
    if (loading) whenShown(({ toast }) => toast.dismiss(id));
  },
};
