import 'server-only';
import { cache } from 'react';
import { UserSchema } from '@/lib/schemas/user';
import { apiCall, type CallOptions } from './client';

export type { Country, SystemRole, User } from './types';

/**
 * GET /api/v1/getUser. Cached per request: the header and the page of one render share it. Read
 * with its schema: rolesOrg is a tuple, which the client's JSON types flatten to an array.
 */
export const getUser = cache(async () => UserSchema.parse(await apiCall((api) => api.api.v1.getUser.$get())));

/** GET /api/v1/admin/systemroles: the caller's active roles that open a form ([] when none). */
export const getSystemRoles = cache(() => apiCall((api) => api.api.v1.admin.systemroles.$get()));

/** The same, for a token not yet in the session (sign-in checks permissions before storing it). */
export function getSystemRolesWithToken(token: string, options: Pick<CallOptions, 'onUnauthorized'> = {}) {
  return apiCall((api) => api.api.v1.admin.systemroles.$get(), { token, onUnauthorized: 'throw', ...options });
}

/** GET /api/v1/admin/countries, sorted by German name. */
export const getCountries = cache(() => apiCall((api) => api.api.v1.admin.countries.$get()));
