'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import * as api from '@/lib/api/privacy';
import { recordId } from '@/lib/schemas/ids';

/**
 * The member screen's second-factor reset (the 'Datenschutz' tab's own actions are shared with
 * the data-protection officer's screen: components/shared/privacy/actions.ts).
 */

function resetRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  if (error.code === 'not_found') return { message: t('notFound') };
  return undefined;
}

/** The federation resets a person's second factor; they are signed out everywhere and told by mail. */
export const resetSecondFactorAction = defineAction({
  namespace: 'privacy',
  input: z.object({ memberId: recordId, name: z.string().trim().min(1).max(300) }),
  refusal: resetRefusal,
  run: async ({ memberId, name }, { t }) => {
    await api.resetSecondFactor(memberId);
    return { message: t('twoFactorReset.done', { name }) };
  },
});
