import type { ActionContext, Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';

/** What the API's refusals of an order call mean on screen: the wizard's and the order admin's texts. */

const REASONS = [
  'noSafetyFirst',
  'licenceActive',
  'outsideAgeBands',
  'alreadyOrdered',
  'noProfileImage',
  'seasonNotBelowYear',
  'unknownPerson',
  'duplicateInRequest',
];

export function orderRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'not_orderable': {
      const value = (error.value ?? {}) as { id?: number; reason?: string; year?: number };
      const reason = value.reason && REASONS.includes(value.reason) ? t(`reasons.${value.reason}`, { year: String(value.year ?? '') }) : '';
      return { message: t('notOrderable', { id: String(value.id ?? ''), reason }) };
    }
    case 'club_fee_required':
      return { message: t('clubFeeRequired', { fee: String(error.value ?? '') }) };
    case 'already_ordered':
      return { message: t('alreadyOrderedFee') };
    case 'price_changed':
      return { message: t('priceChanged', { total: typeof error.value === 'number' ? error.value : 0 }) };
    case 'category_not_offered':
    case 'unknown_category':
      return { message: t('categoryNotOffered') };
    case 'forbidden':
      return { message: t('forbidden') };
    default:
      return undefined;
  }
}

export function adminRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'stale':
      return { message: t('stale') };
    case 'invalid_transition':
      return { message: t('invalidTransition') };
    case 'order_closed':
      return { message: t('orderClosed') };
    case 'order_empty':
      return { message: t('orderEmpty') };
    case 'forbidden':
      return { message: t('forbidden') };
    default:
      return undefined;
  }
}
