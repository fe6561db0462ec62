import 'server-only';
import { cache } from 'react';
import { apiCall, type CallOptions } from './client';
import type { Country, SystemRole, User } from './types';

export type { Country, SystemRole, User } from './types';

/**
 * GET /api/v1/getUser. Cached per request: the header and the page of one render share it.
 */
export const getUser = cache(() => apiCall<User>('api/v1/getUser'));

/** GET /api/v1/admin/systemroles: the caller's active roles that open a form ([] when none). */
export const getSystemRoles = cache(() => apiCall<SystemRole[]>('api/v1/admin/systemroles'));

/** The same, for a token not yet in the session (sign-in checks permissions before storing it). */
export function getSystemRolesWithToken(token: string, options: Pick<CallOptions, 'onUnauthorized'> = {}) {
  return apiCall<SystemRole[]>('api/v1/admin/systemroles', { token, onUnauthorized: 'throw', ...options });
}

/** GET /api/v1/admin/countries, sorted by German name. */
export const getCountries = cache(() => apiCall<Country[]>('api/v1/admin/countries'));
