import webpush from 'web-push';
import type { Env } from '../env';
import { readOrCreateOnce } from '../files/created-once';

/**
 * Web Push: the server's VAPID key pair (generated once and kept in the data folder, like the other
 * secrets, so browsers' subscriptions stay valid across restarts) and the sending of one push.
 */

type VapidKeys = { publicKey: string; privateKey: string };
const cache = new Map<string, VapidKeys>();

export function vapidKeys(file: string): VapidKeys {
  const known = cache.get(file);
  if (known) return known;
  // one pair for every process sharing the data folder: a subscription made at one is pushed to by any
  const keys = JSON.parse(readOrCreateOnce(file, () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
  cache.set(file, keys);
  return keys;
}

/** Hosts of the browsers' push services (Chrome/Edge/Opera, Firefox, Safari, Windows). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/**
 * Whether the server will ever post to this endpoint: https at a known push service, or a host:port
 * named in PUSH_ALLOWED_HOSTS. Anything else would let a subscriber make the server call arbitrary
 * addresses (its own network included).
 */
export function isAllowedPushEndpoint(env: Pick<Env, 'pushAllowedHosts'>, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (env.pushAllowedHosts.includes(url.host.toLowerCase())) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.port) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushPayload = { title: string; body: string; notificationId: number; url: string };
/** 'gone' = the subscription expired (404/410) and must be removed; 'failed' = try again later. */
export type PushResult = { outcome: 'sent' | 'gone' | 'failed'; error?: string };

export interface PushSender {
  send(target: PushTarget, payload: PushPayload, topic: string): Promise<PushResult>;
}

/**
 * Sends through web-push (payload encrypted for the subscription, aes128gcm). `topic` (≤ 32
 * base64url characters) lets the push service replace an undelivered earlier copy of the same
 * delivery; the service worker shows it with tag n{notificationId}, so a repeat replaces rather than adds.
 */
export function createPushSender(env: Pick<Env, 'vapidKeyFile' | 'mailFrom' | 'adminPublicUrl'>): PushSender {
  const keys = vapidKeys(env.vapidKeyFile);
  const address = /<([^>]+)>/.exec(env.mailFrom)?.[1] ?? env.mailFrom;
  const subject = address.includes('@') ? `mailto:${address.trim()}` : env.adminPublicUrl;
  return {
    async send(target, payload, topic) {
      // web-push encrypts and signs; the request itself goes out through fetch, which also speaks
      // plain http (a test's local push service) where web-push's own sender speaks only https.
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 7 * 24 * 3600,
          topic,
          urgency: 'normal',
        },
      );
      try {
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : undefined,
          redirect: 'error',
          signal: AbortSignal.timeout(15_000),
        });
        await res.body?.cancel();
        if (res.ok) return { outcome: 'sent' };
        if (res.status === 404 || res.status === 410) return { outcome: 'gone' };
        return { outcome: 'failed', error: `push service answered ${res.status}` };
      } catch (err) {
        return { outcome: 'failed', error: (err as Error).message };
      }
    },
  };
}
