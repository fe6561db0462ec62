/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createTranslator } from 'next-intl';
import de from '@/messages/de.json';
import {
  addTrainingAction,
  checkDuplicatesAction,
  connectMemberAction,
  createMemberAction,
  deleteMemberAction,
  endMembershipAction,
  removeTrainingAction,
  updateMemberAction,
} from '@/components/members/actions';
import { duplicateQueryOf, memberFormValues } from '@/components/members/member-form-values';
import type { MemberFormValues } from '@/components/members/member-form-schema';
import type { MemberDetail } from '@/lib/api/member-types';
import { formatDisplayDate, todayIso } from '@/lib/domain/dates';
import { addDays } from '@/lib/domain/members';
import { eq } from 'drizzle-orm';
import { DUPLICATE_CHECK_LIMITS } from '@/lib/domain/member-duplicates';
import { rateLimitHits } from '@/server/db/schema';
import { DEMO_ACCOUNTS } from '@/server/db/seed';
import { call, createTestApp, signIn, type TestApp } from '../../api/helpers/test-app';
import { createTestDb, type TestDb } from '../../api/helpers/test-db';

/*
 * The member screen's server actions against the REAL members API (in-process, served on
 * loopback; PGlite with the demo seed): what the user reads after each action, including the
 * API's refusals mapped to the specification's texts. Only Next's request context is replaced.
 */
let token = 'NONE';
jest.mock('../../../lib/session', () => ({
  getToken: async () => token,
  getSession: async () => ({ destroy: () => undefined }),
}));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'de', messages: de, namespace: namespace as never }),
}));
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));

const CLUB = 11;
let tdb: TestDb;
let t: TestApp;
let server: ServerType;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  tdb = await createTestDb('pglite');
  t = createTestApp(tdb.db);
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const who of ['verein', 'verband', 'land']) tokens[who] = await signIn(t.app, `${who}@example.org`);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await tdb.close();
  t.cleanup();
});

function as(who: 'verein' | 'verband' | 'land') {
  token = tokens[who];
}

async function readMember(org: number, id: number): Promise<MemberDetail> {
  const res = await call(t.app, 'GET', `/api/v1/admin/member/${org}/${id}`, { token: tokens.verband });
  expect(res.status).toBe(200);
  return res.body as MemberDetail;
}

function person(overrides: Partial<MemberFormValues> = {}): MemberFormValues {
  return { ...memberFormValues(null), firstName: 'Xaveria', surname: 'Quellenberger', birthDate: '1990-02-28', gender: 'w', ...overrides };
}

describe('member actions against the members API', () => {
  let created: number;

  it("creates a member in the club ('{name} wurde erfolgreich erstellt') with a membership there", async () => {
    as('verein');
    const result = await createMemberAction({ orgId: CLUB, values: person({ email: 'xaveria@example.com' }) });
    expect(result).toMatchObject({
      ok: true,
      data: { name: 'Xaveria Quellenberger', message: 'Xaveria Quellenberger wurde erfolgreich erstellt' },
    });
    created = (result as { data: { id: number } }).data.id;
    const member = await readMember(1, created);
    expect(member.organizations).toEqual([expect.objectContaining({ orgId: CLUB, dateFrom: todayIso(), active: true })]);
  });

  it('refuses a second person with the same name, gender and birth date with the specification text', async () => {
    as('verein');
    const result = await createMemberAction({ orgId: CLUB, values: person({ surname: 'QUELLENBERGER' }) });
    expect(result).toMatchObject({
      ok: false,
      message: 'Es gibt bereits eine Person (Name & Geschlecht) mit diesem Geburtsdatum 28.02.1990 !',
      fieldErrors: { birthDate: 'Es gibt bereits eine Person (Name & Geschlecht) mit diesem Geburtsdatum 28.02.1990 !' },
    });
  });

  it('finds the new member again under another spelling and says why', async () => {
    as('verein');
    const result = await checkDuplicatesAction({ values: duplicateQueryOf(person({ surname: 'Quellenbergr' })) });
    expect(result.ok).toBe(true);
    const candidates = (result as { data: { candidates: { id: number; reasons: string[] }[] } }).data.candidates;
    expect(candidates[0]).toMatchObject({ id: created, reasons: expect.arrayContaining(['name_typo', 'same_birth_date']) });
  });

  it('refuses an e-mail that another person uses, and a stale edit', async () => {
    as('verein');
    const before = await readMember(1, created);
    const taken = await updateMemberAction({
      orgId: CLUB,
      id: created,
      updatedAt: before.updatedAt,
      values: { ...memberFormValues(before), email: 'verband@example.org' },
    });
    expect(taken).toMatchObject({
      ok: false,
      message: 'Die Email verband@example.org ist bereits in Verwendung!',
      fieldErrors: { email: expect.any(String) },
    });

    const saved = await updateMemberAction({
      orgId: CLUB,
      id: created,
      updatedAt: before.updatedAt,
      values: { ...memberFormValues(before), city: 'Baden' },
    });
    expect(saved).toEqual({ ok: true, data: { message: 'Erfolgreich gespeichert' } });
    expect((await readMember(1, created)).city).toBe('Baden');

    // the same old version once more: somebody else's change would be overwritten
    const stale = await updateMemberAction({
      orgId: CLUB,
      id: created,
      updatedAt: before.updatedAt,
      values: { ...memberFormValues(before), city: 'Mödling' },
    });
    expect(stale).toMatchObject({ ok: false, message: 'Die Daten wurden inzwischen geändert. Bitte neu laden.' });
    expect((await readMember(1, created)).city).toBe('Baden');
  });

  it("validates before calling the API ('Bitte füllen Sie das erforderliche Feld aus!')", async () => {
    as('verein');
    const result = await createMemberAction({ orgId: CLUB, values: person({ firstName: '  ', birthDate: '' }) });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { firstName: 'Bitte füllen Sie das erforderliche Feld aus!', birthDate: 'Bitte füllen Sie das erforderliche Feld aus!' },
    });
  });

  it("records and removes a training ('entfernt')", async () => {
    as('verein');
    const added = await addTrainingAction({
      memberId: created,
      values: { orgId: CLUB, trainingId: 1, dateFrom: '2025-03-01', dateTo: null, controller: 'Rotes Kreuz' },
    });
    expect(added).toEqual({ ok: true, data: { message: 'Erfolgreich gespeichert' } });
    const cert = (await readMember(1, created)).certificates.find((c) => c.certId === 1)!;
    expect(cert).toMatchObject({ dateFrom: '2025-03-01', certController: 'Rotes Kreuz' });
    expect(await removeTrainingAction({ memberId: created, ausbMgId: cert.ausb_mg_id, orgId: CLUB })).toEqual({
      ok: true,
      data: { message: 'entfernt' },
    });
    expect((await readMember(1, created)).certificates).toHaveLength(0);
  });

  it("ends the membership as of a date ('Mitgliedschaft beendet ab …'); outside today … +364 days it fails", async () => {
    as('verein');
    const tooLate = addDays(todayIso(), 365);
    expect(await endMembershipAction({ clubId: CLUB, memberId: created, date: tooLate })).toMatchObject({
      ok: false,
      message: 'Fehlgeschlagen',
    });
    const end = addDays(todayIso(), 30);
    expect(await endMembershipAction({ clubId: CLUB, memberId: created, date: end })).toEqual({
      ok: true,
      data: { message: `Mitgliedschaft beendet ab ${formatDisplayDate(end)}` },
    });
    const membership = (await readMember(1, created)).organizations.find((o) => o.orgId === CLUB)!;
    expect(membership.dateTo).toBe(end);
  });

  it("connects a member of another club ('Mitglied zum Verein hinzugefügt'), once", async () => {
    as('verband');
    const other = await createMemberAction({
      orgId: 12,
      values: person({ firstName: 'Ottokar', surname: 'Brückl', gender: 'm', birthDate: '1975-06-01' }),
    });
    expect(other.ok).toBe(true);
    const id = (other as { data: { id: number } }).data.id;
    as('verein');
    // by bare id: refused, with the text the screen shows
    expect(await connectMemberAction({ orgId: CLUB, memberId: id })).toMatchObject({
      ok: false,
      code: 'proof_required',
      description: 'Bestehende Personen werden nur über die Prüfung auf bestehende Mitglieder verbunden.',
    });
    expect(await connectMemberAction({ orgId: CLUB, memberId: id, proof: 'forged' })).toMatchObject({ ok: false, code: 'invalid_proof' });
    // with the proof the duplicate check gave for the name and birth date entered
    const check = await checkDuplicatesAction({
      values: duplicateQueryOf(person({ firstName: 'Ottokar', surname: 'Brückl', gender: 'm', birthDate: '1975-06-01' })),
    });
    const found = check.ok ? check.data.candidates.find((c) => c.id === id) : undefined;
    expect(found?.proof).toEqual(expect.any(String));
    expect(await connectMemberAction({ orgId: CLUB, memberId: id, proof: found!.proof })).toEqual({
      ok: true,
      data: { message: 'Mitglied zum Verein hinzugefügt' },
    });
    expect(await connectMemberAction({ orgId: CLUB, memberId: id, proof: found!.proof })).toMatchObject({
      ok: false,
      message: 'Fehlgeschlagen',
    });
  });

  it('words the refusal of too many duplicate checks without a match, with the minutes to wait', async () => {
    as('verein');
    const callerId = DEMO_ACCOUNTS.find((a) => a.email === 'verein@example.org')!.memberId;
    const now = t.clock.now();
    const hits = Array.from({ length: DUPLICATE_CHECK_LIMITS[0].max }, () => ({
      scope: 'member-duplicates',
      key: String(callerId),
      at: now,
    }));
    await tdb.db.insert(rateLimitHits).values(hits);
    try {
      const result = await checkDuplicatesAction({ values: duplicateQueryOf(person({ firstName: 'Niemand', surname: 'Unbekannt' })) });
      expect(result).toMatchObject({
        ok: false,
        message: 'Zu viele Prüfungen auf bestehende Mitglieder ohne Treffer. Bitte versuchen Sie es in 60 Minuten wieder.',
      });
    } finally {
      await tdb.db.delete(rateLimitHits).where(eq(rateLimitHits.key, String(callerId)));
    }
  });

  it('lets only the federation delete, and a state association create nothing', async () => {
    as('land');
    expect(await createMemberAction({ orgId: 4, values: person({ firstName: 'Lena', birthDate: '1991-01-01' }) })).toMatchObject({
      ok: false,
      message: 'Keine Berechtigung',
    });

    as('verein');
    expect(await deleteMemberAction({ memberId: created })).toMatchObject({ ok: false, message: 'Keine Berechtigung' });
    as('verband');
    expect(await deleteMemberAction({ memberId: created })).toEqual({
      ok: true,
      data: { message: 'Xaveria Quellenberger wurde erfolgreich gelöscht' },
    });
    const gone = await call(t.app, 'GET', `/api/v1/admin/member/1/${created}`, { token: tokens.verband });
    expect(gone.status).toBe(404);
  });
});
