import { BASE_PATH } from '@/lib/domain/shell';
import { getSession } from '@/lib/session';

/**
 * Where pages send the user when the API no longer accepts the session's token: server components
 * cannot change cookies, so this route ends the session and goes on to sign-in.
 */
export async function GET() {
  (await getSession()).destroy();
  // A relative Location keeps the host the browser used (behind a reverse proxy the request URL
  // here may name an internal one); the basePath has to be written out in a route handler.
  return new Response(null, { status: 307, headers: { location: `${BASE_PATH}?expired=1`, 'cache-control': 'no-store' } });
}
