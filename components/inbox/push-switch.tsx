'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { Switch } from '@/components/ui/switch';
import type { ActionResult } from '@/lib/api/action-result';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { notify } from '@/components/ui/toast';
import { loadPushKey, subscribeToPush, unsubscribeFromPush } from './actions';
import { pushSupport, SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE, urlBase64ToUint8Array, type PushSupport } from './inbox-view';

/** A refusal to leave the switch as it was: thrown after the toast (or the way to sign-in) is shown. */
class PushRefused extends Error {}

/** An action's data; a refusal is shown as every action's is and stops the change. */
async function dataOf<T>(call: Promise<ActionResult<T>>): Promise<T> {
  const result = await call;
  if (!applyActionResult(result, null, { success: false })) throw new PushRefused(result.message);
  return result.data;
}

const noSubscription = () => () => undefined;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * "Push-Benachrichtigungen in diesem Browser": on registers the service worker (scope /admin/),
 * subscribes with the server's VAPID key and registers the subscription with the API; off
 * removes it there and unsubscribes. Disabled, with the reason, where the browser has no push or
 * notifications were refused.
 */
export function PushSwitch() {
  const t = useTranslations('inbox');
  // read in the browser on every render (the permission changes when asked); null on the server
  const support = useSyncExternalStore<PushSupport | null>(noSubscription, pushSupport, () => null);
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (pushSupport() !== 'supported') return;
    currentSubscription()
      .then((sub) => setOn(sub !== null))
      .catch(() => setOn(false));
  }, []);

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      notify.error(t('push.refused'));
      return;
    }
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: SERVICE_WORKER_SCOPE });
    await navigator.serviceWorker.ready;
    const { publicKey } = await dataOf(loadPushKey({}));
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(publicKey) }));
    try {
      const keys = subscription.toJSON().keys ?? {};
      await dataOf(
        subscribeToPush({
          endpoint: subscription.endpoint,
          keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
          expirationTime: subscription.expirationTime,
        }),
      );
    } catch (error) {
      // not registered with the API: no subscription left behind in the browser either
      await subscription.unsubscribe().catch(() => undefined);
      throw error;
    }
    setOn(true);
    notify.success(t('push.on'));
  }

  async function turnOff() {
    const subscription = await currentSubscription();
    if (subscription) {
      await dataOf(unsubscribeFromPush({ endpoint: subscription.endpoint }));
      await subscription.unsubscribe();
    }
    setOn(false);
    notify.success(t('push.off'));
  }

  async function change(next: boolean) {
    setBusy(true);
    try {
      await (next ? turnOn() : turnOff());
    } catch (error) {
      if (!(error instanceof PushRefused)) notify.error(t('push.failed'));
    } finally {
      setBusy(false);
    }
  }

  const hint = support === 'unsupported' ? t('push.unsupported') : support === 'denied' ? t('push.denied') : t('push.hint');
  return (
    <Switch
      label={t('push.label')}
      checked={on}
      onCheckedChange={(next) => void change(next)}
      disabled={support !== 'supported' || busy}
      hint={support === null ? undefined : hint}
    />
  );
}
