import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { getSystemRolesWithToken } from '@/lib/api/user';
import { getSession } from '@/lib/session';

/** Thrown inside a sign-in when the account holds no system role: it stays signed out. */
export const NO_PERMISSIONS = 'no_permissions';

/**
 * The end of every way of signing in (password, second factor, passkey alone, enrolment the
 * policy demanded): the token is kept only when the user holds system roles; otherwise the user
 * stays signed out with the no-permission error (a failed role lookup counts as no roles).
 */
export async function keepSession(token: string, email: string): Promise<void> {
  const session = await getSession();
  const roles = await getSystemRolesWithToken(token).catch(() => []);
  if (!Array.isArray(roles) || roles.length === 0) {
    session.destroy();
    throw new ApiError(403, { code: NO_PERMISSIONS, message: 'The user holds no system role', value: email });
  }
  delete session.pending;
  session.token = token;
  session.email = email;
  await session.save();
}
