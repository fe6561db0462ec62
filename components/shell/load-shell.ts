import 'server-only';
import { cache } from 'react';
import { getUser, systemRolesOf } from '@/lib/api/user';

/**
 * What every signed-in page needs for its header: the profile and the system roles (one API call:
 * getUser carries the roles).
 * A 401 ends the session inside lib/api; other failures reach app/error.tsx. Cached per request:
 * a page and its parts may each ask.
 */
export const loadShell = cache(async () => {
  const user = await getUser();
  const systemRoles = await systemRolesOf(user);
  return { user, systemRoles: Array.isArray(systemRoles) ? systemRoles : [] };
});
