import { call, createTestApp, signIn, type TestApp } from './test-app';
import { createTestDb, type TestDb, type TestDriver } from './test-db';

/**
 * The set-up most API test files share: a migrated, seeded database on one engine, an in-process
 * API on it, and a token for each demo account the file acts as.
 */

/** Demo accounts of the seed, signed in as `${who}@example.org`. */
export type DemoUser = 'verband' | 'verein' | 'land' | 'trainer' | 'mitglied';

export type OpenApi = { tdb: TestDb; t: TestApp; tokens: Record<string, string> };

/** Opens database and API and signs `users` in; closes what it opened when a step fails. */
export async function openApi(driver: TestDriver, users: readonly DemoUser[] = []): Promise<OpenApi> {
  const tdb = await createTestDb(driver);
  const t = createTestApp(tdb.db);
  try {
    const signed = await Promise.all(users.map((who) => signIn(t.app, `${who}@example.org`)));
    return { tdb, t, tokens: Object.fromEntries(users.map((who, i) => [who, signed[i]])) };
  } catch (err) {
    await closeApi({ tdb, t });
    throw err;
  }
}

/** For afterAll: either part may be missing when beforeAll failed early. */
export async function closeApi({ tdb, t }: { tdb?: TestDb; t?: TestApp }) {
  t?.cleanup();
  await tdb?.close();
}

/** Requests with one bearer token. */
export function callsWith(t: TestApp, token: string) {
  return {
    get: (url: string) => call(t.app, 'GET', url, { token }),
    post: (url: string, json: unknown) => call(t.app, 'POST', url, { token, json }),
    put: (url: string, json: unknown) => call(t.app, 'PUT', url, { token, json }),
    del: (url: string) => call(t.app, 'DELETE', url, { token }),
  };
}
