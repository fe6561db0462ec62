'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { getNotification, getNotifications, getPushKey, setNotificationRead, subscribePush, unsubscribePush } from '@/lib/api/messages';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@/lib/schemas/messages';
import { recordId } from '@/lib/schemas/ids';
import { INBOX_PAGE_SIZE } from './inbox-view';

/** The inbox's calls: every signed-in person's own notifications. */

export const loadNotifications = defineAction({
  namespace: 'inbox',
  input: z.object({ page: z.number().int().min(1).max(100_000) }),
  failure: 'loadFailed',
  run: async ({ page }) => getNotifications({ page, size: INBOX_PAGE_SIZE }),
});

/** Opens one notification with its message's content and marks it read (once). */
export const openNotification = defineAction({
  namespace: 'inbox',
  input: z.object({ id: recordId }),
  failure: 'openFailed',
  run: async ({ id }) => {
    const notification = await getNotification(id);
    return notification.read ? notification : { ...(await setNotificationRead(id, true)), content: notification.content };
  },
});

/** The server's push key, for this browser's subscription. */
export const loadPushKey = defineAction({
  namespace: 'inbox',
  input: z.object({}),
  failure: 'push.failed',
  run: async () => getPushKey(),
});

/** Registers this browser's push subscription with the API (the same endpoint again replaces it). */
export const subscribeToPush = defineAction({
  namespace: 'inbox',
  input: pushSubscriptionSchema,
  failure: 'push.failed',
  run: async (subscription) => subscribePush(subscription),
});

/** Removes this browser's push subscription from the API. */
export const unsubscribeFromPush = defineAction({
  namespace: 'inbox',
  input: pushUnsubscribeSchema,
  failure: 'push.failed',
  run: async ({ endpoint }) => unsubscribePush(endpoint),
});
