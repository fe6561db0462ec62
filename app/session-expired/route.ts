import { getSystemRolesWithToken } from '@/lib/api/user';
import { ApiError } from '@/lib/api/errors';
import { BASE_PATH } from '@/lib/domain/shell';
import { getSession } from '@/lib/session';

/**
 * Where pages send the user when the API no longer accepts the session's token: server components
 * cannot change cookies, so this route ends the session and goes on to sign-in.
 * It ends only a session the API refuses: a link from another site to this address cannot sign
 * anybody out (a live session just goes on to the start page).
 */
export async function GET() {
  const session = await getSession();
  if (session.token && (await stillAccepted(session.token))) return redirectTo(BASE_PATH);
  session.destroy();
  return redirectTo(`${BASE_PATH}?expired=1`);
}

/** True unless the API answers 401 for the token (an unreachable API ends nothing). */
async function stillAccepted(token: string): Promise<boolean> {
  try {
    await getSystemRolesWithToken(token);
    return true;
  } catch (error) {
    return !(error instanceof ApiError && error.status === 401);
  }
}

// A relative Location keeps the host the browser used (behind a reverse proxy the request URL here
// may name an internal one); the basePath has to be written out in a route handler.
function redirectTo(location: string): Response {
  return new Response(null, { status: 307, headers: { location, 'cache-control': 'no-store' } });
}
