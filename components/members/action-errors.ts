import 'server-only';
import { getTranslations } from 'next-intl/server';
import { fail, type ActionResult } from '@/lib/api/action-result';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { formatDisplayDate } from '@/lib/domain/dates';
import { validationKey } from './member-form-schema';

/**
 * A failed members API call → the specification's text (core §8, notes/members-contract.md
 * "Error codes the screen maps to texts"). Anything that is not an ApiError (e.g. the redirect that
 * ends an expired session) is thrown on.
 */
export async function memberFailure(error: unknown, fallback: 'generic' | 'failed' = 'generic'): Promise<ActionResult<never>> {
  if (!(error instanceof ApiError)) throw error;
  const t = await getTranslations('members');
  const te = await getTranslations('errors');
  const generic = fallback === 'failed' ? t('failed') : te('generic');
  switch (error.code) {
    case 'unique_email': {
      const message = t('emailInUse', { value: String(error.value ?? '') });
      return fail(message, { code: error.code, fieldErrors: { email: message } });
    }
    case 'identity_conflict': {
      const message = t('identityConflict', { date: formatDisplayDate(String(error.value ?? '')) });
      return fail(message, { code: error.code, fieldErrors: { birthDate: message } });
    }
    case 'stale':
      return fail(te('conflict'), { code: error.code });
    case 'outranked':
      return fail(t('outranked'), { code: error.code });
    case 'proof_required':
      return fail(t('duplicates.proofRequired'), { code: error.code });
    case 'invalid_proof':
      return fail(t('duplicates.proofExpired'), { code: error.code });
    case 'not_found':
    case 'no_membership':
      return fail(fallback === 'failed' ? generic : t('checkId'), { code: error.code });
    case 'validation': {
      const key = validationKey(error.message);
      if (error.field) {
        const message = t(`validation.${key ?? 'required'}`);
        return fail(message, { code: error.code, fieldErrors: { [error.field]: message } });
      }
      return fail(te(errorMessageKey(error)), { code: error.code });
    }
    default:
      return fail(generic, { code: error.code });
  }
}
