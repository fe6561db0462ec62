'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import * as api from '@/lib/api/privacy';
import { recordId } from '@/lib/schemas/ids';

/**
 * Server actions of a person's 'Datenschutz' tab (the member screen's, and the data-protection
 * officer's). Each takes one object, calls the API and answers an ActionResult whose message is
 * the toast text.
 */

/** Reads per page of the trail of who read a person's record. */
const READS_PAGE_SIZE = 20;

function privacyRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  if (error.code === 'erasure_refused') return { message: t('erase.refused') };
  if (error.code === 'not_found') return { message: t('notFound') };
  return undefined;
}

const personName = z.string().trim().min(1).max(300);

/** The erasure's plan (a dry run): what goes, what stays anonymised, what the law keeps; or why it cannot be done. */
export const erasurePlanAction = defineAction({
  namespace: 'privacy',
  input: z.object({ memberId: recordId }),
  refusal: privacyRefusal,
  run: async ({ memberId }) => api.erasePerson(memberId, true),
});

/** Erases the person for good (refused while they have an open order or an active function). */
export const eraseMemberAction = defineAction({
  namespace: 'privacy',
  input: z.object({ memberId: recordId, name: personName }),
  refusal: privacyRefusal,
  run: async ({ memberId, name }, { t }) => {
    const erasure = await api.erasePerson(memberId, false);
    return { erasedAt: erasure.erasedAt, message: t('erase.done', { name }) };
  },
});

/** One page of who read the person's record (the data-protection officer). */
export const personReadsAction = defineAction({
  namespace: 'privacy',
  input: z.object({ memberId: recordId, page: z.number().int().min(1) }),
  refusal: privacyRefusal,
  run: async ({ memberId, page }) => api.personReads(memberId, page, READS_PAGE_SIZE),
});
