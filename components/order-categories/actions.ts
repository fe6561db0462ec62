'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import { saveOrderCategory, type OrderCategoryInput } from '@/lib/api/order-categories';
import { apiBody } from '@/lib/actions/api-body';
import { orderCategoryInputSchema } from '@/lib/schemas/order-categories';
import { recordId, recordVersion } from '@/lib/schemas/ids';

/** The category API's refusals in the form's words. */
function categoryRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'category_exists':
      return { message: t('nameTaken'), fieldErrors: { cat: t('nameTaken') } };
    case 'category_in_use':
      return { message: t('nameInUse'), fieldErrors: { cat: t('nameInUse') } };
    case 'stale':
      return { message: t('stale') };
    case 'validation': {
      if (!error.field) return undefined;
      const key = error.rule && t.has(`validation.${error.rule}`) ? error.rule : 'required';
      return { message: t(`validation.${key}`), fieldErrors: { [error.field]: t(`validation.${key}`) } };
    }
    default:
      return undefined;
  }
}

/**
 * The form's values, checked with the API's own schema but sent as typed (euros as text): the API
 * converts them to cents itself.
 */
const categoryValues = apiBody<OrderCategoryInput>().superRefine((v, ctx) => {
  const parsed = orderCategoryInputSchema.safeParse(v);
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

export const saveCategory = defineAction({
  namespace: 'orderCategories',
  input: z.object({ actingOrgId: recordId, id: recordId.optional(), updatedAt: recordVersion.optional(), values: categoryValues }),
  failure: 'saveFailed',
  refusal: categoryRefusal,
  run: async ({ actingOrgId, id, updatedAt, values }) => saveOrderCategory(actingOrgId, values, id, updatedAt),
});
