import 'server-only';
import { getSystemRoles, getUser } from '@/lib/api/user';

/**
 * What every signed-in page needs for its header: the profile and the system roles.
 * A 401 ends the session inside lib/api; other failures reach app/error.tsx.
 */
export async function loadShell() {
  const [user, systemRoles] = await Promise.all([getUser(), getSystemRoles()]);
  return { user, systemRoles: Array.isArray(systemRoles) ? systemRoles : [] };
}
