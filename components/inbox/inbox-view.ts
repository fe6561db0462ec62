/** Notifications per page of the inbox. */
export const INBOX_PAGE_SIZE = 20;

/** The service worker (public/sw.js) and the part of the site it serves. */
export const SERVICE_WORKER_PATH = '/admin/sw.js';
export const SERVICE_WORKER_SCOPE = '/admin/';

/** A VAPID public key (base64url, as the API gives it) → the bytes PushManager.subscribe takes. */
export function urlBase64ToUint8Array(base64Url: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64Url.length % 4)) % 4);
  const base64 = (base64Url + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can receive push here: service workers, PushManager, notifications not refused. */
export function pushSupport(win: Window | undefined = typeof window === 'undefined' ? undefined : window): PushSupport {
  if (!win || !('serviceWorker' in win.navigator) || !('PushManager' in win) || !('Notification' in win) || !win.isSecureContext)
    return 'unsupported';
  return (win as Window & { Notification: typeof Notification }).Notification.permission === 'denied' ? 'denied' : 'supported';
}
