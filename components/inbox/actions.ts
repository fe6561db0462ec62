'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { getNotification, getNotifications, setNotificationRead } from '@/lib/api/messages';
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
