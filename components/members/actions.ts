'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import * as api from '@/lib/api/members';
import { formatDisplayDate, todayIso } from '@/lib/domain/dates';
import { isMembershipEndDateAllowed } from '@/lib/domain/members';
import { DUPLICATE_CHECK_WINDOW_MINUTES } from '@/lib/domain/member-duplicates';
import { minutesToWait } from '@/lib/domain/retry-after';
import { recordId, recordVersion } from '@/lib/schemas/ids';
import { duplicateQuerySchema, functionInputSchema, trainingInputSchema } from '@/lib/schemas/members';
import { memberFormSchema } from './member-form-schema';
import { validationKey } from './member-form-values';

/**
 * Server actions of the member screen (forms 51 and 52). Each takes one object, validates it with
 * the shared schema, calls the members API and answers an ActionResult whose message is the
 * toast text (see defineAction).
 */

/** The members API's refusals the screen words itself; everything else gets the shared texts. */
function memberRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'unique_email': {
      const message = t('emailInUse', { value: String(error.value ?? '') });
      return { message, fieldErrors: { email: message } };
    }
    case 'unique_reg_nr': {
      const message = t('regNrInUse', { value: String(error.value ?? '') });
      return { message, fieldErrors: { regNr: message } };
    }
    case 'duplicate_check_limited':
      return { message: t('duplicates.rateLimited', { minutes: minutesToWait(error.value, DUPLICATE_CHECK_WINDOW_MINUTES) }) };
    case 'identity_conflict': {
      const message = t('identityConflict', { date: formatDisplayDate(String(error.value ?? '')) });
      return { message, fieldErrors: { birthDate: message } };
    }
    case 'outranked':
      return { message: t('outranked') };
    case 'proof_required':
      return { message: t('duplicates.proofRequired') };
    case 'invalid_proof':
      return { message: t('duplicates.proofExpired') };
    case 'not_found':
    case 'no_membership':
      return { message: t('checkId') };
    case 'validation': {
      if (!error.field) return undefined;
      const message = t(`validation.${validationKey(error.rule ?? error.message) ?? 'required'}`);
      return { message, fieldErrors: { [error.field]: message } };
    }
    default:
      return undefined;
  }
}

const fullName = (m: { firstName: string; surname: string }) => `${m.firstName} ${m.surname}`.trim();

/** Creates a member in the acting organisation (a club gives it a membership there). */
export const createMemberAction = defineAction({
  namespace: 'members',
  input: () => z.object({ orgId: recordId, values: memberFormSchema(todayIso()) }),
  refusal: memberRefusal,
  run: async ({ orgId, values }, { t }) => {
    const member = await api.createMember({ ...values, orgId });
    const name = fullName(member);
    return { id: member.id, name, message: t('created', { name }) };
  },
});

/** Saves a member's personal data on top of the version the edit started from (409 stale otherwise). */
export const updateMemberAction = defineAction({
  namespace: 'members',
  input: () => z.object({ orgId: recordId, id: recordId, updatedAt: recordVersion, values: memberFormSchema(todayIso()) }),
  refusal: memberRefusal,
  run: async ({ orgId, id, updatedAt, values }, { t }) => {
    await api.updateMember({ ...values, orgId, id, updatedAt });
    return { message: t('saved') };
  },
});

/** The duplicate check that runs before a member is created. */
export const checkDuplicatesAction = defineAction({
  namespace: 'members',
  input: z.object({ values: duplicateQuerySchema }),
  refusal: memberRefusal,
  run: async ({ values }) => api.findDuplicates(values),
});

/**
 * Connects an existing master record to the club: membership (32) from today, no end. `proof` is
 * the duplicate check's proof for this candidate; without it only a member the caller may already
 * edit can be connected.
 */
export const connectMemberAction = defineAction({
  namespace: 'members',
  input: z.object({ orgId: recordId, memberId: recordId, proof: z.string().max(2000).nullish() }),
  failure: 'failed',
  refusal: (error, ctx) => (['proof_required', 'invalid_proof', 'outranked'].includes(error.code) ? memberRefusal(error, ctx) : undefined),
  run: async ({ orgId, memberId, proof }, { t }) => {
    await api.addMembership(orgId, memberId, proof ?? undefined);
    return { message: t('duplicates.connected') };
  },
});

/** Deletes a member (federation only; the API refuses everyone else). */
export const deleteMemberAction = defineAction({
  namespace: 'members',
  input: z.object({ memberId: recordId }),
  refusal: memberRefusal,
  run: async ({ memberId }, { t }) => {
    const result = await api.deleteMember(memberId);
    return { message: t('deleted', { name: result.name }) };
  },
});

/** Ends the member's membership in a club on `date` (today … today + 364 days). */
export const endMembershipAction = defineAction({
  namespace: 'members',
  input: () =>
    z.object({
      clubId: recordId,
      memberId: recordId,
      date: z.string().refine((d) => isMembershipEndDateAllowed(d, todayIso()), 'invalidDate'),
    }),
  failure: 'failed',
  run: async ({ clubId, memberId, date }, { t }) => {
    const result = await api.endMembership(clubId, memberId, date);
    return { message: t('functions.membershipEnded', { date: formatDisplayDate(result.dateTo ?? date) }) };
  },
});

/** Records a training of the member, in the acting organisation. */
export const addTrainingAction = defineAction({
  namespace: 'members',
  input: z.object({ memberId: recordId, values: trainingInputSchema }),
  refusal: memberRefusal,
  run: async ({ memberId, values }, { t }) => {
    await api.addTraining(memberId, values);
    return { message: t('trainings.added') };
  },
});

/** Removes a training entry (toast 'entfernt'). */
export const removeTrainingAction = defineAction({
  namespace: 'members',
  input: z.object({ memberId: recordId, ausbMgId: recordId, orgId: recordId }),
  refusal: memberRefusal,
  run: async ({ memberId, ausbMgId, orgId }, { t }) => {
    await api.removeTraining(memberId, ausbMgId, orgId);
    return { message: t('trainings.removed') };
  },
});

/** Creates (no id) or updates (id + updatedAt) a function assignment of the member. */
export const saveFunctionAction = defineAction({
  namespace: 'members',
  // The dialog always names the member (the API takes it from the path).
  input: z.object({ values: functionInputSchema.and(z.object({ memberId: recordId })) }),
  refusal: memberRefusal,
  run: async ({ values }, { t }) => {
    await api.saveFunction(values.memberId, values);
    return { message: t('functions.saved') };
  },
});

/** The functions the caller may assign in `orgId` (the federation choosing another organisation than its own). */
export const functionGroupsAction = defineAction({
  namespace: 'members',
  input: z.object({ orgId: recordId }),
  refusal: memberRefusal,
  run: async ({ orgId }) => api.getFunctionGroups(orgId),
});
