/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import { members, places } from '@/server/db/schema';
import { startApiProcess, type ApiProcess } from './helpers/api-process';
import { startBalancer, type Balancer } from './helpers/balancer';
import { startSmtpSink } from './helpers/smtp-sink';
import { hc, type ClientResponse } from 'hono/client';
import type { App } from '@/server/app';
import { answerOf, DEMO_PASSWORD, refusalOf, sessionToken } from './helpers/test-app';
import { createTestDb, type TestDb } from './helpers/test-db';

/*
 * Two real API processes on one PostgreSQL database, sharing one data folder, behind a
 * round-robin load balancer (Debian's nginx; a small node proxy where nginx is missing). Under a
 * mix of load (member searches, reads, optimistic member updates with updatedAt, new training
 * places, one message to every member of the federation, a CSV export of all members):
 * - no answer is a 5xx, and both processes answer;
 * - every acknowledged write is in the database, and no update overwrote another unseen (each
 *   acknowledged update of a member starts from the version the previous one left);
 * - each mail of the message reaches the mail server exactly once, although both processes
 *   deliver the outbox and prepare the message's recipients;
 * - failed sign-ins spread over both processes still reach the limit (5 per address and client
 *   address in 15 minutes);
 * - "sign out everywhere" through one process ends the token there at once, and at the other one
 *   as soon as the database's notification reaches it (each process keeps signed-in callers);
 * - both sign with the same keys (licence cards, push), made once in the shared data folder.
 * Two admin processes behind nginx are in the browser test tests/e2e/behind-nginx.spec.ts (they need a build).
 */

jest.setTimeout(150_000);

const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** How long the mixed load runs. */
const LOAD_MS = 8_000;
/** Members the writers update, all of them each: few, so their writes collide (409 stale). */
const CONTESTED = 3;
const FEDERATION = 1;
const CLUB = 11;
const ROLE_MEMBER = 32;

pgOnly('two API processes on one PostgreSQL behind a load balancer', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'several-processes-'));
  let tdb: TestDb;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let apis: ApiProcess[] = [];
  let balancer: Balancer;

  /** The API over HTTP, typed by its own routes (as the admin app calls it): at `base`, as `token`, from client address `client`. */
  const apiAt = (base: string, options: { token?: string; client?: string } = {}) =>
    hc<App>(base, {
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.client ? { 'x-test-client-address': options.client } : {}),
      },
    }).api.v1;
  const viaBalancer = (options?: { token?: string; client?: string }) => apiAt(balancer.url, options);
  const direct = (api: ApiProcess, token: string) => apiAt(`http://127.0.0.1:${api.port}`, { token });
  const signIn = async (email: string) =>
    sessionToken(await answerOf(viaBalancer().auth.login.$post({ json: { email, password: DEMO_PASSWORD } }), 200));

  beforeAll(async () => {
    tdb = await createTestDb('pg');
    const name = (await tdb.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0].name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    sink = await startSmtpSink();
    const env = {
      DATABASE_URL: url.toString(),
      // one data folder for both (uploads, keys), one secret: as on one host with a shared volume
      DATA_DIR: dataDir,
      JWT_SECRET: 'several-processes-test-secret-0123456789abcdef',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      MAIL_FROM: 'Verband <noreply@example.org>',
      // a message to more recipients than this is prepared by a job, batch by batch: by either process
      MESSAGE_BATCH: '10',
      // about processes, not sign-in: no second factor (PostgreSQL's default asks the federation and states for one)
      TWO_FACTOR_REQUIRED_LEVELS: '',
    };
    apis = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    balancer = await startBalancer(apis.map((a) => a.port));
  });
  afterAll(async () => {
    await balancer?.stop();
    for (const api of apis) api.stop();
    await sink?.close();
    await tdb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('under mixed load: no 5xx, both processes serve, every acknowledged write kept, each mail sent once', async () => {
    const verband = await signIn('verband@example.org');
    const verein = await signIn('verein@example.org');

    const club = viaBalancer({ token: verein });
    const federation = viaBalancer({ token: verband });
    const readMember = (id: number) =>
      club.admin.member[':orgId'][':memberId'].$get({ param: { orgId: String(CLUB), memberId: String(id) } });
    const clubList = await answerOf(club.admin.members[':orgId'].$get({ param: { orgId: String(CLUB) }, query: { pageSize: '20' } }), 200);
    const contested: number[] = [];
    const initial = new Map<number, string>();
    for (const { id } of clubList.items) {
      const read = await answerOf(readMember(id), 200);
      if (contested.length === CONTESTED || !read.access.canEdit) continue;
      contested.push(id);
      initial.set(id, read.updatedAt);
    }
    expect(contested).toHaveLength(CONTESTED);

    const answers: Array<{ what: string; status: number; upstream: string | null; error?: string }> = [];
    const note = async <R extends ClientResponse<unknown, number, string>>(what: string, response: Promise<R>): Promise<R> => {
      const res = await response;
      const error = res.status >= 300 ? { error: (await res.clone().text()).slice(0, 200) } : {};
      answers.push({ what, status: res.status, upstream: res.headers.get('x-upstream'), ...error });
      return res;
    };
    /** Acknowledged member updates: the version it started from, the one it made, the city it wrote. */
    const updates: Array<{ id: number; from: string; to: string; city: string }> = [];
    const placesMade: string[] = [];
    let loading = true;

    const searches = async (n: number) => {
      const words = ['huber', 'ma', 'stein', 'er', 'wien'];
      for (let i = 0; loading; i++)
        await note('search', federation.admin.members.$get({ query: { pageSize: '20', q: words[(i + n) % words.length] } }));
    };
    const reads = async () => {
      for (let i = 0; loading; i++) {
        await note('getUser', club.getUser.$get());
        await note('read member', readMember(contested[i % CONTESTED]));
      }
    };
    const writes = async (writer: number) => {
      for (let i = 0; loading; i++) {
        const id = contested[(i + writer) % CONTESTED];
        const read = await note('read member', readMember(id));
        if (read.status !== 200) continue;
        const m = await answerOf(read, 200);
        const city = `Ort ${writer}-${i}`;
        const res = await note(
          'update member',
          club.admin.member.$put({
            json: {
              id,
              updatedAt: m.updatedAt,
              orgId: CLUB,
              firstName: m.firstName,
              surname: m.surname,
              birthDate: m.birthDate,
              gender: m.gender,
              email: m.email,
              city,
            },
          }),
        );
        if (res.status === 200) updates.push({ id, from: m.updatedAt, to: (await answerOf(res, 200)).updatedAt, city });
      }
    };
    const placeWriter = async () => {
      for (let i = 0; loading; i++) {
        const pname = `Lastplatz ${i}`;
        const res = await note(
          'new place',
          club.admin.org.places.$post({
            query: { actingOrgId: String(CLUB) },
            json: {
              orgId: CLUB,
              pname,
              city: 'Wien',
              zip: '1100',
              address: 'Hauptplatz 2',
              params: { openingHours: 'Di 18:00–21:00', training: ['Indoor'] },
            },
          }),
        );
        if (res.status >= 200 && res.status < 300) placesMade.push(pname);
      }
    };

    const load = [searches(0), searches(1), reads(), writes(0), writes(1), writes(2), placeWriter()];
    // meanwhile: one message to every member of the federation, and an export of all members
    const message = await note(
      'message',
      federation.admin.messages.$post({
        json: {
          orgId: FEDERATION,
          title: 'An alle Mitglieder',
          content: '<p>Hallo</p>',
          lang: 'de',
          media: ['email'],
          roles: [ROLE_MEMBER],
        },
      }),
    );
    const csv = await note(
      'export',
      federation.admin.members[':orgId']['export.csv'].$get({ param: { orgId: String(FEDERATION) }, query: {} }),
    );
    await new Promise((r) => setTimeout(r, LOAD_MS));
    loading = false;
    await Promise.all(load);

    // no 5xx; the only refusal is a stale update (another writer was first)
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => !(a.status >= 200 && a.status < 300) && !(a.what === 'update member' && a.status === 409))).toEqual([]);
    // both processes answered, each a fair share
    const upstreams = apis.map((a) => `127.0.0.1:${a.port}`);
    for (const u of upstreams) expect(answers.filter((a) => a.upstream === u).length).toBeGreaterThan(answers.length / 4);
    expect(answers.filter((a) => !upstreams.includes(a.upstream ?? ''))).toEqual([]);
    expect(answers.filter((a) => a.what === 'update member' && a.status === 409).length).toBeGreaterThan(0); // the writers did collide

    // the export: every member of the federation, one line each after the header
    expect(csv.status).toBe(200);
    const [{ n: memberCount }] = (await tdb.db.execute<{ n: number }>(sql`select count(*)::int as n from members`)).rows;
    expect((await csv.text()).trim().split('\n').length - 1).toBeGreaterThanOrEqual(memberCount - 10);

    // every acknowledged write is stored
    const stored = await tdb.db.select({ pname: places.pname }).from(places).where(like(places.pname, 'Lastplatz %'));
    expect(placesMade.length).toBeGreaterThan(0);
    expect(placesMade.filter((p) => !stored.some((s) => s.pname === p))).toEqual([]);
    // each member's acknowledged updates form one chain from the version read at the start: none was overwritten unseen
    for (const id of contested) {
      const chain = updates.filter((u) => u.id === id).sort((a, b) => Date.parse(a.to) - Date.parse(b.to));
      expect(chain.length).toBeGreaterThan(0);
      expect(chain.map((u) => u.from)).toEqual([initial.get(id), ...chain.slice(0, -1).map((u) => u.to)]);
      const [row] = await tdb.db
        .select({ city: members.city })
        .from(members)
        .where(sql`${members.id} = ${id}`);
      expect(row.city).toBe(chain[chain.length - 1].city);
    }

    // the message: every recipient with an address got it exactly once
    const sent = await answerOf(message, 201);
    const statusOf = () =>
      answerOf(federation.admin.messages[':id'].status.$get({ param: { id: String(sent.id) }, query: { size: '200' } }), 200);
    let status = await statusOf();
    const until = Date.now() + 60_000;
    for (;;) {
      status = await statusOf();
      if (!status.preparing && status.states.pending + status.states.sending === 0) break;
      if (Date.now() > until) throw new Error(`still open: ${JSON.stringify(status.states)} ${JSON.stringify(status.preparing)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status.states.sent).toBeGreaterThan(10); // more than one batch to prepare
    expect(status.states.failed).toBe(0);
    const mails = sink.messages.filter((m) => /^Subject: An alle Mitglieder/m.test(m.raw));
    const addresses = mails.flatMap((m) => m.to);
    expect(addresses.length).toBe(status.states.sent);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(apis.every((a) => a.alive())).toBe(true);
  });

  it('counts failed sign-ins spread over both processes against one limit: 5 per address and client address', async () => {
    const attempt = (password: string, client: string) =>
      viaBalancer({ client }).auth.login.$post({ json: { email: 'trainer@example.org', password } });
    const failed: Array<{ status: number; upstream: string | null }> = [];
    for (let i = 0; i < 5; i++) {
      const res = await attempt('falsch', '203.0.113.7');
      failed.push({ status: res.status, upstream: res.headers.get('x-upstream') });
    }
    expect(failed.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(failed.map((a) => a.upstream)).size).toBe(2); // round-robin: both processes counted some
    // the sixth, even with the right password, at either process: refused
    for (let i = 0; i < 2; i++) {
      const refused = await refusalOf(attempt(DEMO_PASSWORD, '203.0.113.7'));
      expect(refused.status).toBe(429);
      expect(refused.code).toBe('rate_limited');
    }
    // another client address is not locked out
    expect((await attempt(DEMO_PASSWORD, '203.0.113.8')).status).toBe(200);
  });

  it('signs with one key at both processes: licence cards verify and push subscriptions hold at either', async () => {
    const [a, b] = apis;
    const token = await signIn('verein@example.org');
    const keysOf = async (api: ApiProcess) => ({
      licence: (await answerOf(direct(api, token)['licence-key'].$get(), 200)).publicKey,
      push: (await answerOf(direct(api, token).notification['push-key'].$get(), 200)).publicKey,
    });
    const [ka, kb] = [await keysOf(a), await keysOf(b)];
    expect(ka.licence).toEqual(expect.any(String));
    expect(ka.push).toEqual(expect.any(String));
    expect(kb).toEqual(ka);
  });

  it('ends a token at both processes when its member signs out everywhere through one of them', async () => {
    const [a, b] = apis;
    const token = await signIn('mitglied@example.org');
    const other = await signIn('mitglied@example.org');
    // both processes know the token (and have checked its signature once)
    const user = (api: ApiProcess, as: string) => direct(api, as).getUser.$get();
    expect((await user(a, token)).status).toBe(200);
    expect((await user(b, token)).status).toBe(200);
    expect((await user(b, other)).status).toBe(200);

    expect((await direct(a, token).auth.logout_everywhere.$post()).status).toBe(200);
    // at once at the process that ended them, which had kept the caller of `token`
    expect(Number((await user(a, token)).status)).toBe(401);
    expect(Number((await user(a, other)).status)).toBe(401);
    // at the other one as soon as it hears the database's notification (it keeps signed-in callers
    // until then): measured in milliseconds, allowed a second here
    const ended = async (api: ApiProcess, as: string) => {
      for (const deadline = Date.now() + 1_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 10))) {
        if (Number((await user(api, as)).status) === 401) return true;
      }
      return Number((await user(api, as)).status) === 401;
    };
    expect(await ended(b, token)).toBe(true);
    expect(await ended(b, other)).toBe(true);
  });
});
