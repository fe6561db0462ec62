/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { sessions } from '@/server/db/schema';
import { loadCaller } from '@/server/services/access';
import { systemRoles } from '@/server/services/auth';
import { verifyToken, signToken } from '@/server/services/jwt';
import { liveSessionCaller } from '@/server/services/sessions';
import { closeApi, openApi } from './helpers/open-api';
import { call, signIn, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Sessions end for real: sign-out, "sign out everywhere" and a password change end tokens on the
 * server, before the token's own expiry (8 h).
 */
describe.each(testDrivers())('sessions on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;

  beforeAll(async () => {
    ({ tdb, t } = await openApi(driver));
  });
  afterAll(() => closeApi({ tdb, t }));

  const me = (token: string) => call(t.app, 'GET', '/api/v1/getUser', { token });
  const post = (url: string, token?: string) => call(t.app, 'POST', url, { token });

  it('sign-out ends the session: replaying its token answers 401, another session of the same member goes on', async () => {
    const token = await signIn(t.app, 'trainer@example.org');
    const other = await signIn(t.app, 'trainer@example.org');
    expect((await me(token)).status).toBe(200);

    const res = await post('/api/v1/auth/logout', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expect((await me(token)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/admin/systemroles', { token })).status).toBe(401);
    expect((await post('/api/v1/auth/logout', token)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });

  it.each(['verband', 'land', 'verein', 'trainer'])(
    '%s: the rights read with the session check are those loaded on their own, and /systemroles answers them either way',
    async (who) => {
      const token = await signIn(t.app, `${who}@example.org`);
      const claims = (await verifyToken(token, { secret: TEST_JWT_SECRET, clock: t.clock.now }))!;
      const deps = { db: tdb.db, clock: t.clock.now };
      const withSession = (await liveSessionCaller(deps, claims.memberId, claims.sessionId))!;
      const { signedIn, ...rights } = withSession;
      expect(rights).toEqual(await loadCaller(deps, claims.memberId));
      expect(rights.orgs.length).toBeGreaterThan(0);
      // outside a request, systemRoles reads them on its own: the same list the request answers
      const own = await systemRoles(deps, claims.memberId);
      expect(signedIn!.systemRoles).toEqual(own);
      const answered = await call(t.app, 'GET', '/api/v1/admin/systemroles', { token });
      expect(answered.body).toEqual(
        own.map(({ funkId, functionName, orgId, funkMgId, orgLevel }) => ({ funkId, functionName, orgId, funkMgId, orgLevel })),
      );
      expect(signedIn!.profile.id).toBe(claims.memberId);
    },
  );

  it('sign-out without a live token is refused with 401', async () => {
    expect((await post('/api/v1/auth/logout')).status).toBe(401);
    expect((await post('/api/v1/auth/logout', 'NONE')).status).toBe(401);
  });

  it("sign out everywhere ends all of the member's sessions and nobody else's", async () => {
    const a = await signIn(t.app, 'verein@example.org');
    const b = await signIn(t.app, 'verein@example.org');
    const someoneElse = await signIn(t.app, 'land@example.org');

    const res = await post('/api/v1/auth/logout_everywhere', a);
    expect(res.status).toBe(200);

    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
    expect((await me(someoneElse)).status).toBe(200);
    // Signing in again works and starts a fresh session.
    expect((await me(await signIn(t.app, 'verein@example.org'))).status).toBe(200);
  });

  it('a password change ends the other sessions and keeps the one that made it; the answer holds no token', async () => {
    const current = await signIn(t.app, 'mitglied@example.org');
    const elsewhere = await signIn(t.app, 'mitglied@example.org');
    const res = await call(t.app, 'PUT', '/api/v1/auth/update_password', {
      token: current,
      json: { oldPassword: 'Bogen2026!', newPassword: 'Sitzung2026!' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await me(current)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
  });

  it('a session expires after JWT_TTL even if never signed out', async () => {
    const token = await signIn(t.app, 'land@example.org');
    t.clock.advance(8 * 3600_000 - 60_000);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await me(token)).status).toBe(401);
  });

  it("refuses a correctly signed token that names another member's session, or no session", async () => {
    const victim = await signIn(t.app, 'verband@example.org');
    const [row] = await tdb.db
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, (await me(victim)).body.mg_id));
    const settings = { secret: TEST_JWT_SECRET, clock: t.clock.now };
    const expires = new Date(t.clock.now().getTime() + 3600_000);
    // member 5 (a plain member) claiming the federation administrator's session, and vice versa
    const foreign = await signToken({ memberId: 5, sessionId: row.id }, expires, settings);
    const unknown = await signToken({ memberId: row.memberId, sessionId: 'no-such-session' }, expires, settings);
    expect((await me(foreign)).status).toBe(401);
    expect((await me(unknown)).status).toBe(401);
    expect((await me(victim)).status).toBe(200);
  });

  it('records the sign-out in the sessions table', async () => {
    const token = await signIn(t.app, 'trainer@example.org');
    const id = (await me(token)).body.mg_id as number;
    const open = await tdb.db.select().from(sessions).where(eq(sessions.memberId, id));
    await post('/api/v1/auth/logout', token);
    const after = await tdb.db.select().from(sessions).where(eq(sessions.memberId, id));
    const ended = after.filter((s) => s.revokedAt !== null).length;
    expect(ended).toBeGreaterThan(open.filter((s) => s.revokedAt !== null).length);
  });
});
