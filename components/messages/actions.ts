'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import { createMessage, deleteMessage, deleteMessageFile, getMessageStatus, getMessages, resendMessageToUnread } from '@/lib/api/messages';
import { MESSAGE_PAGE_SIZE } from '@/lib/domain/messages/delivery';
import { recordId } from '@/lib/schemas/ids';
import { messageInputSchema } from '@/lib/schemas/messages';
import { STATUS_PAGE_SIZE } from './message-view';

/** The message centre's calls (form 1006). */

function messageRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'unknownReplyTo':
      return { message: t('rules.unknownReplyTo'), fieldErrors: { replyTo: t('rules.unknownReplyTo') } };
    case 'not_sent':
      return { message: t('resendNotSent') };
    default:
      if (error.code === 'validation' && error.rule === 'unknownReplyTo')
        return { message: t('rules.unknownReplyTo'), fieldErrors: { replyTo: t('rules.unknownReplyTo') } };
      return undefined;
  }
}

export const loadMessages = defineAction({
  namespace: 'messageCentre',
  input: z.object({ orgId: recordId, q: z.string().max(100).optional(), page: z.number().int().min(1).max(100_000) }),
  failure: 'loadFailed',
  run: async ({ orgId, q, page }) => getMessages(orgId, { q, page, size: MESSAGE_PAGE_SIZE }),
});

export const sendMessage = defineAction({
  namespace: 'messageCentre',
  input: z.object({ values: messageInputSchema }),
  refusal: messageRefusal,
  run: async ({ values }) => createMessage(values),
});

export const removeMessage = defineAction({
  namespace: 'messageCentre',
  input: z.object({ id: recordId }),
  failure: 'deleteFailed',
  refusal: messageRefusal,
  run: async ({ id }, { t }) => ({ ...(await deleteMessage(id)), message: t('deleted') }),
});

export const removeMessageFile = defineAction({
  namespace: 'messageCentre',
  input: z.object({ id: recordId, fileId: z.uuid() }),
  failure: 'fileRemoveFailed',
  run: async ({ id, fileId }) => deleteMessageFile(id, fileId),
});

export const loadStatus = defineAction({
  namespace: 'messageCentre',
  input: z.object({ id: recordId, page: z.number().int().min(1).max(100_000) }),
  failure: 'loadFailed',
  run: async ({ id, page }) => getMessageStatus(id, { page, size: STATUS_PAGE_SIZE }),
});

export const resendUnread = defineAction({
  namespace: 'messageCentre',
  input: z.object({ id: recordId }),
  refusal: messageRefusal,
  run: async ({ id }, { t }) => {
    const result = await resendMessageToUnread(id);
    return { ...result, message: t('resent', { count: result.recipients }) };
  },
});
