'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import {
  createOrganisation,
  deleteDocument as apiDeleteDocument,
  deletePlace as apiDeletePlace,
  savePlace as apiSavePlace,
  updateOrganisation,
} from '@/lib/api/organisations';
import { NO_VERSION } from '@/lib/api/client';
import { formatDisplayDate } from '@/lib/domain/dates';
import { recordId } from '@/lib/schemas/ids';
import { organisationSchema, placeSchema, updatedAtSchema } from '@/lib/schemas/organisation';

/**
 * Saves of the organisation page. Each takes one object, validates it with the schema the API
 * uses, calls the API as the acting organisation, and answers the screen's texts (defineAction).
 */

/** The organisation API's refusals in the screen's words; others get the shared texts. */
function organisationRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  const field = error.field;
  switch (error.code) {
    case 'stale':
      return { message: t('stale') };
    case 'forbidden':
      return { message: t('forbidden') };
    case 'not_found':
      return { message: t('notFound') };
    case 'field_not_allowed':
      return { message: t('forbidden'), fieldErrors: field ? { [field]: t('fieldNotAllowed', { field }) } : undefined };
    case 'end_date_range': {
      const range = (error.value ?? {}) as { min?: string; max?: string };
      const message = t('endDateRange', { min: formatDisplayDate(range.min), max: formatDisplayDate(range.max) });
      return { message, fieldErrors: { [field ?? 'orgEndDate']: message } };
    }
    case 'validation': {
      if (!field) return undefined;
      // the API names a malformed coordinate 'lat', 'lon' or 'coordinates': the form has one field for them
      const coordinates = ['lat', 'lon', 'coordinates'].includes(field);
      const message = t(`validation.${field === 'email' ? 'emailInvalid' : coordinates ? 'coordinatesInvalid' : 'required'}`);
      return { message, fieldErrors: { [coordinates ? 'coordinates' : field]: message } };
    }
    default:
      return undefined;
  }
}

/** Create (no id; federation only) or update (id + the version the edit was based on) an organisation. */
export const saveOrganisation = defineAction({
  namespace: 'organisations',
  input: z
    .object({ actingOrgId: recordId, id: recordId.optional(), updatedAt: updatedAtSchema.optional(), values: organisationSchema })
    .refine((v) => v.id === undefined || v.updatedAt !== undefined, { path: ['updatedAt'], message: 'required' }),
  failure: 'saveFailed',
  refusal: organisationRefusal,
  run: async ({ actingOrgId, id, updatedAt, values }) =>
    id === undefined
      ? createOrganisation(values, actingOrgId)
      : updateOrganisation({ ...values, id, updatedAt: updatedAt ?? NO_VERSION }, actingOrgId),
});

/** Create or update a training place; coordinates may come as the text 'lat, lon'. */
export const savePlace = defineAction({
  namespace: 'organisations',
  input: z.object({ actingOrgId: recordId, values: placeSchema }),
  failure: 'failed',
  refusal: organisationRefusal,
  run: async ({ actingOrgId, values }) => apiSavePlace(values, actingOrgId),
});

export const deletePlace = defineAction({
  namespace: 'organisations',
  input: z.object({ actingOrgId: recordId, orgId: recordId, placeId: recordId }),
  failure: 'failed',
  refusal: organisationRefusal,
  run: async ({ actingOrgId, orgId, placeId }) => {
    await apiDeletePlace(orgId, placeId, actingOrgId);
    return null;
  },
});

export const deleteDocument = defineAction({
  namespace: 'organisations',
  input: z.object({ actingOrgId: recordId, orgId: recordId, uuid: z.string().regex(/^[\w-]{1,100}$/) }),
  failure: 'failed',
  refusal: organisationRefusal,
  run: async ({ actingOrgId, orgId, uuid }) => {
    await apiDeleteDocument(orgId, uuid, actingOrgId);
    return null;
  },
});
