'use server';

import { getTranslations } from 'next-intl/server';
import { fail, ok, type ActionResult } from '@/lib/api/action-result';
import { ApiError } from '@/lib/api/errors';
import {
  createOrganisation,
  deleteDocument as apiDeleteDocument,
  deletePlace as apiDeletePlace,
  savePlace as apiSavePlace,
  updateOrganisation,
  type Organisation,
  type Place,
} from '@/lib/api/organisations';
import { formatDisplayDate } from '@/lib/domain/dates';
import { organisationSchema, organisationUpdateSchema, placeSchema, type PlaceInput } from '@/lib/schemas/organisation';

/**
 * Saves of the organisation page (core §7 "Organisations"). Each validates with the schema the API
 * uses, calls the API as the acting organisation, and turns its error codes into the screen's texts.
 */

type Translate = Awaited<ReturnType<typeof getTranslations<'organisations'>>>;

/** zod issues → first message per field; nested fields keep their dotted path ('params.training'). */
function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, t: Translate) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in out)) out[field] = t.has(`validation.${issue.message}`) ? t(`validation.${issue.message}` as 'validation.required') : issue.message;
  }
  return out;
}

const validId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

/**
 * An API refusal as an ActionResult: the failure text, the API's code (the screen adds the reason
 * for codes like 'stale' or 'forbidden'), and per-field messages where the API names a field.
 */
function apiFailure(error: unknown, failureText: string, t: Translate): ActionResult<never> {
  if (!(error instanceof ApiError)) throw error; // e.g. the redirect that ends an expired session
  const field = error.field;
  switch (error.code) {
    case 'field_not_allowed':
      return fail(failureText, { code: error.code, fieldErrors: field ? { [field]: t('fieldNotAllowed', { field }) } : undefined });
    case 'end_date_range': {
      const range = (error.value ?? {}) as { min?: string; max?: string };
      const message = t('endDateRange', { min: formatDisplayDate(range.min), max: formatDisplayDate(range.max) });
      return fail(failureText, { code: error.code, fieldErrors: { [field ?? 'orgEndDate']: message } });
    }
    case 'validation': {
      const key = field === 'email' ? 'emailInvalid' : ['lat', 'lon', 'coordinates'].includes(field ?? '') ? 'coordinatesInvalid' : 'required';
      return fail(failureText, { code: error.code, fieldErrors: field ? { [field]: t(`validation.${key}`) } : undefined });
    }
    default:
      return fail(failureText, { code: error.code || 'generic' });
  }
}

export interface SaveOrganisationInput {
  /** Present when updating. */
  id?: number;
  /** The version the edit was based on (required when updating; 409 'stale' otherwise). */
  updatedAt?: string;
  values: unknown;
}

/** Create (no id; federation only) or update an organisation. Failure text 'Speichen fehlgeschlagen' (core §8). */
export async function saveOrganisation(actingOrgId: number, input: SaveOrganisationInput): Promise<ActionResult<Organisation>> {
  const t = await getTranslations('organisations');
  const failureText = t('saveFailed');
  if (!validId(actingOrgId)) return fail(failureText, { code: 'validation' });
  const parsed = organisationSchema.safeParse(input.values);
  if (!parsed.success) return fail(failureText, { code: 'validation', fieldErrors: fieldErrors(parsed.error.issues, t) });
  try {
    if (input.id === undefined) return ok(await createOrganisation(parsed.data, actingOrgId));
    const version = organisationUpdateSchema.safeParse({ id: input.id, updatedAt: input.updatedAt });
    if (!version.success) return fail(failureText, { code: 'validation', fieldErrors: fieldErrors(version.error.issues, t) });
    return ok(await updateOrganisation({ ...parsed.data, id: version.data.id, updatedAt: version.data.updatedAt }, actingOrgId));
  } catch (error) {
    return apiFailure(error, failureText, t);
  }
}

/** Create or update a training place; coordinates may come as the text 'lat, lon'. */
export async function savePlace(actingOrgId: number, input: PlaceInput): Promise<ActionResult<Place>> {
  const t = await getTranslations('organisations');
  const failureText = (await getTranslations('common'))('failed');
  if (!validId(actingOrgId)) return fail(failureText, { code: 'validation' });
  const parsed = placeSchema.safeParse(input);
  if (!parsed.success) return fail(failureText, { code: 'validation', fieldErrors: fieldErrors(parsed.error.issues, t) });
  try {
    return ok(await apiSavePlace(parsed.data, actingOrgId));
  } catch (error) {
    const result = apiFailure(error, failureText, t);
    // the API names a malformed coordinate 'lat', 'lon' or 'coordinates': the form has one field for them
    if (!result.ok && error instanceof ApiError && ['lat', 'lon'].includes(error.field ?? '')) {
      return { ...result, fieldErrors: { coordinates: t('validation.coordinatesInvalid') } };
    }
    return result;
  }
}

export async function deletePlace(actingOrgId: number, orgId: number, placeId: number): Promise<ActionResult> {
  const t = await getTranslations('organisations');
  const failureText = (await getTranslations('common'))('failed');
  if (![actingOrgId, orgId, placeId].every(validId)) return fail(failureText, { code: 'validation' });
  try {
    await apiDeletePlace(orgId, placeId, actingOrgId);
    return ok(null);
  } catch (error) {
    return apiFailure(error, failureText, t);
  }
}

export async function deleteDocument(actingOrgId: number, orgId: number, uuid: string): Promise<ActionResult> {
  const t = await getTranslations('organisations');
  const failureText = (await getTranslations('common'))('failed');
  if (![actingOrgId, orgId].every(validId) || typeof uuid !== 'string' || !/^[\w-]{1,100}$/.test(uuid)) {
    return fail(failureText, { code: 'validation' });
  }
  try {
    await apiDeleteDocument(orgId, uuid, actingOrgId);
    return ok(null);
  } catch (error) {
    return apiFailure(error, failureText, t);
  }
}
