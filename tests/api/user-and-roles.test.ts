/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { FORM_FUNCTION_IDS } from '@/lib/domain/functions';
import { functionAssignments, members, organisations } from '@/server/db/schema';
import { closeApi, openApi } from './helpers/open-api';
import { call, signIn, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

type Entry = { orgId: number; orgName: string; funkMgId: number };
type Role = { funkId: number; functionName: string; orgId: number; funkMgId: number; orgLevel: number };

describe.each(testDrivers())('getUser and systemroles on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;

  beforeAll(async () => {
    ({ tdb, t } = await openApi(driver));
  });
  afterAll(() => closeApi({ tdb, t }));

  async function session(email: string) {
    const token = await signIn(t.app, email);
    const user = await call(t.app, 'GET', '/api/v1/getUser', { token });
    const roles = await call(t.app, 'GET', '/api/v1/admin/systemroles', { token });
    expect(user.status).toBe(200);
    expect(roles.status).toBe(200);
    // the shell reads its roles from getUser: the same list, in the same order, as systemroles
    expect(user.body.systemRoles).toEqual(roles.body);
    return { token, user: user.body, roles: roles.body as Role[] };
  }

  const rolesOrgLists = (user: { rolesOrg: Array<Record<string, Entry[]>> }) => ({
    trainerOrg: user.rolesOrg[0].trainerOrg,
    adminOrg: user.rolesOrg[1].adminOrg,
    tunierAdmin: user.rolesOrg[2].tunierAdmin,
  });

  async function orgLevel(orgId: number) {
    const [org] = await tdb.db.select({ level: organisations.orgLevel }).from(organisations).where(eq(organisations.id, orgId));
    return org?.level;
  }

  it('getUser carries every field of the contract, taken from the member record', async () => {
    const { user } = await session('verein@example.org');
    expect(Object.keys(user).sort()).toEqual(
      [
        'mg_id',
        'imageLink',
        'rolesOrg',
        'givenName',
        'familyName',
        'birthDate',
        'gender',
        'nationality',
        'email',
        'cellPhone',
        'companyPhone',
        'jr_id',
        'ext_id',
        'city',
        'address',
        'zip',
        'systemRoles',
        'sysconfig',
      ].sort(),
    );
    const [m] = await tdb.db.select().from(members).where(eq(members.id, user.mg_id));
    expect(user.email).toBe('verein@example.org');
    expect(user.givenName).toBe(m.firstName);
    expect(user.familyName).toBe(m.surname);
    expect(user.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(user.birthDate).toBe(m.birthDate);
    expect(['m', 'w', 'd']).toContain(user.gender);
    expect(user.nationality).toBe(m.nationality);
    expect(user.cellPhone).toBe(m.phoneMobile);
    expect(user.companyPhone).toBe(m.phoneFixed);
    expect(user.jr_id).toBe(m.regNr);
    expect(user.ext_id).toBe(m.extId);
    expect(user.city).toBe(m.city);
    expect(user.zip).toBe(m.zip);
    if (m.street) expect(user.address).toContain(m.street);
    expect(user.imageLink).toBe(m.uuid ? `/api/v1/profile/image/${m.uuid}` : null);
    expect(Array.isArray(user.sysconfig.EMAIL_REPLY_TO)).toBe(true);
    expect(user.sysconfig.EMAIL_REPLY_TO[0]).toEqual({ title: expect.any(String), value: expect.stringContaining('@') });
    // the federation's account a created order is paid to (the order screen shows it before release)
    expect(user.sysconfig.BANK).toEqual({
      name: expect.any(String),
      iban: expect.stringMatching(/^[A-Z]{2}\d{2}[A-Z0-9]+$/),
      bic: expect.any(String),
    });
    expect(user.rolesOrg.map((e: object) => Object.keys(e)[0])).toEqual(['trainerOrg', 'adminOrg', 'tunierAdmin']);
  });

  it('verband@example.org holds every system role in the federation (organisation 1): admin and tournament admin there', async () => {
    const { user, roles } = await session('verband@example.org');
    const federationFunctions = new Set(roles.filter((r) => r.orgId === 1).map((r) => r.funkId));
    for (const id of FORM_FUNCTION_IDS) expect(federationFunctions).toContain(id);
    const lists = rolesOrgLists(user);
    expect(lists.adminOrg.map((e) => e.orgId)).toContain(1);
    expect(lists.tunierAdmin.map((e) => e.orgId)).toContain(1);
    expect(lists.trainerOrg.map((e) => e.orgId)).not.toContain(1);
    const entry = lists.adminOrg.find((e) => e.orgId === 1)!;
    expect(entry.orgName.length).toBeGreaterThan(0);
    // funkMgId is the id of one of the user's own assignments in that organisation
    expect(roles.map((r) => r.funkMgId)).toContain(entry.funkMgId);
  });

  it('verein@example.org administers one club with forms 46, 50, 51, 55, 56, 66, 200, 1000, 1006', async () => {
    const { user, roles } = await session('verein@example.org');
    const orgIds = [...new Set(roles.map((r) => r.orgId))];
    expect(orgIds).toHaveLength(1);
    expect(await orgLevel(orgIds[0])).toBe(3);
    expect(roles.map((r) => r.funkId).sort((a, b) => a - b)).toEqual([46, 50, 51, 55, 56, 66, 200, 1000, 1006]);
    for (const r of roles) expect(r.functionName.length).toBeGreaterThan(0);
    const lists = rolesOrgLists(user);
    expect(lists.adminOrg.map((e) => e.orgId)).toEqual(orgIds);
    expect(lists.tunierAdmin.map((e) => e.orgId)).toEqual(orgIds);
    expect(lists.trainerOrg).toEqual([]);
    expect(roles.find((r) => r.funkId === 1000)!.funkMgId).toBe(lists.tunierAdmin[0].funkMgId);
  });

  it("land@example.org has forms 50, 51 and 56 in a state association: admin there, reads its clubs' orders", async () => {
    const { user, roles } = await session('land@example.org');
    expect(roles.map((r) => r.funkId).sort((a, b) => a - b)).toEqual([50, 51, 56]);
    const orgIds = [...new Set(roles.map((r) => r.orgId))];
    expect(orgIds).toHaveLength(1);
    expect(await orgLevel(orgIds[0])).toBe(2);
    const lists = rolesOrgLists(user);
    expect(lists.adminOrg.map((e) => e.orgId)).toEqual(orgIds);
    expect(lists.trainerOrg).toEqual([]);
    expect(lists.tunierAdmin).toEqual([]);
  });

  it("each system role names its organisation's level (federation 1, state association 2, club 3)", async () => {
    for (const email of ['verband@example.org', 'land@example.org', 'verein@example.org']) {
      const { roles } = await session(email);
      expect(roles.length).toBeGreaterThan(0);
      for (const r of roles) expect(r.orgLevel).toBe(await orgLevel(r.orgId));
    }
    expect((await session('verband@example.org')).roles.every((r) => r.orgLevel === 1)).toBe(true);
    expect((await session('land@example.org')).roles.every((r) => r.orgLevel === 2)).toBe(true);
  });

  it('trainer@example.org has only the member form (51) in a club: listed under trainerOrg', async () => {
    const { user, roles } = await session('trainer@example.org');
    expect(roles.map((r) => r.funkId)).toEqual([51]);
    expect(await orgLevel(roles[0].orgId)).toBe(3);
    const lists = rolesOrgLists(user);
    expect(lists.trainerOrg).toEqual([{ orgId: roles[0].orgId, orgName: expect.any(String), funkMgId: roles[0].funkMgId }]);
    expect(lists.adminOrg).toEqual([]);
    expect(lists.tunierAdmin).toEqual([]);
  });

  it('mitglied@example.org signs in but has no system role at all', async () => {
    const { user, roles } = await session('mitglied@example.org');
    expect(roles).toEqual([]);
    expect(user.rolesOrg).toEqual([{ trainerOrg: [] }, { adminOrg: [] }, { tunierAdmin: [] }]);
  });

  it('counts only assignments active today: an ended or future one is not a system role', async () => {
    const { token, roles } = await session('trainer@example.org');
    const assignment = roles[0].funkMgId;
    const [before] = await tdb.db.select().from(functionAssignments).where(eq(functionAssignments.id, assignment));
    const today = t.clock.now();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const yesterday = iso(new Date(today.getTime() - 2 * 86400_000));
    const tomorrow = iso(new Date(today.getTime() + 2 * 86400_000));
    try {
      await tdb.db.update(functionAssignments).set({ dateTo: yesterday }).where(eq(functionAssignments.id, assignment));
      expect((await call(t.app, 'GET', '/api/v1/admin/systemroles', { token })).body).toEqual([]);
      await tdb.db
        .update(functionAssignments)
        .set({ dateFrom: tomorrow, dateTo: '2999-12-31' })
        .where(eq(functionAssignments.id, assignment));
      expect((await call(t.app, 'GET', '/api/v1/admin/systemroles', { token })).body).toEqual([]);
      const user = await call(t.app, 'GET', '/api/v1/getUser', { token });
      expect(user.body.rolesOrg).toEqual([{ trainerOrg: [] }, { adminOrg: [] }, { tunierAdmin: [] }]);
      expect(user.body.systemRoles).toEqual([]);
    } finally {
      await tdb.db
        .update(functionAssignments)
        .set({ dateFrom: before.dateFrom, dateTo: before.dateTo })
        .where(eq(functionAssignments.id, assignment));
    }
    expect((await call(t.app, 'GET', '/api/v1/admin/systemroles', { token })).body).toHaveLength(1);
  });

  it('lists the countries sorted by German name', async () => {
    const token = await signIn(t.app, 'mitglied@example.org');
    const res = await call(t.app, 'GET', '/api/v1/admin/countries', { token });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(5);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      iso2: expect.stringMatching(/^[A-Z]{2}$/),
      nameDe: expect.any(String),
      nameEn: expect.any(String),
    });
    const names = res.body.map((c: { nameDe: string }) => c.nameDe);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(res.body.find((c: { iso2: string }) => c.iso2 === 'AT')?.nameDe).toBe('Österreich');
  });
});
