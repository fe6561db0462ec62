import 'server-only';
import { cache } from 'react';
import { UserSchema, type User } from '@/lib/schemas/user';
import { apiCall, type CallOptions } from './client';
import type { Country } from './types';

export type { Country } from './types';

/**
 * GET /api/v1/getUser. Cached per request: the header and the page of one render share it. Read
 * with its schema: rolesOrg is a tuple, which the client's JSON types flatten to an array.
 */
export const getUser = cache(async () => UserSchema.parse(await apiCall((api) => api.api.v1.getUser.$get())));

/**
 * The caller's active roles that open a form ([] when none), as GET /api/v1/admin/systemroles answers
 * them: read from getUser, which carries the same list, so a page's shell costs one call. Asked
 * separately only from an API whose getUser leaves them out.
 */
export async function systemRolesOf(user: User) {
  return user.systemRoles ?? (await apiCall((api) => api.api.v1.admin.systemroles.$get()));
}

/** systemRolesOf the signed-in user; cached per request like getUser. */
export const getSystemRoles = cache(async () => systemRolesOf(await getUser()));

/** The same, for a token not yet in the session (sign-in checks permissions before storing it). */
export function getSystemRolesWithToken(token: string, options: Pick<CallOptions, 'onUnauthorized'> = {}) {
  return apiCall((api) => api.api.v1.admin.systemroles.$get(), { token, onUnauthorized: 'throw', ...options });
}

/** How long one answer of the country list serves this process (reference data: no call changes it). */
export const COUNTRIES_TTL_MS = 60 * 60 * 1000;
let countries: { until: number; list: Country[] } | null = null;

/**
 * GET /api/v1/admin/countries, sorted by German name. The list is the same for every signed-in
 * user, so one answer serves every page of this process for COUNTRIES_TTL_MS (the member page then
 * waits for no call of its own); a failure is not kept.
 */
export const getCountries = cache(async (): Promise<Country[]> => {
  if (countries && countries.until > Date.now()) return countries.list;
  const list = await apiCall((api) => api.api.v1.admin.countries.$get());
  countries = { until: Date.now() + COUNTRIES_TTL_MS, list };
  return list;
});
