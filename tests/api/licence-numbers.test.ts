/** @jest-environment node */
import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { licenceNumberCounter, members, orderItems, orders } from '@/server/db/schema';
import { assignLicenceNumbers } from '@/server/services/licence-numbers';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import { type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Licence numbers are the system's: given with the first licence, unique (also when licences are
 * granted in parallel), ignored when a club or trainer sends one, settable by the federation only
 * when no one else has that number.
 */

describe.each(testDrivers())('licence numbers on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'trainer']));
  });
  afterAll(() => closeApi({ tdb, t }));

  const as = (who: string) => callsWith(t, tokens[who]);
  const regNrOf = async (id: number) => (await tdb.db.select({ regNr: members.regNr }).from(members).where(eq(members.id, id)))[0].regNr;
  const counter = async () => (await tdb.db.select().from(licenceNumberCounter))[0]?.last ?? 0;
  let seq = 0;
  const person = (over: Record<string, unknown> = {}) => {
    seq += 1;
    return { orgId: 11, firstName: `Nummer${seq}`, surname: 'Probe', birthDate: '1991-02-03', gender: 'm', ...over };
  };

  it('the seeded numbers are unique and the counter is past them', async () => {
    const dupes = await tdb.db.execute(sql`select reg_nr from members where reg_nr is not null group by reg_nr having count(*) > 1`);
    expect(dupes.rows).toEqual([]);
    const [{ max }] = (await tdb.db.execute(sql`select max(reg_nr::integer) as max from members where reg_nr ~ '^[0-9]{1,9}$'`))
      .rows as Array<{ max: number }>;
    expect(await counter()).toBeGreaterThanOrEqual(Number(max));
  });

  it('ignores a number a club or trainer sends, on create and on update; the answer sent back is accepted', async () => {
    const created = await as('verein').post('/api/v1/admin/member', person({ regNr: '9000001' }));
    expect(created.status).toBe(201);
    expect(created.body.regNr).toBeNull();
    const edited = await as('trainer').put('/api/v1/admin/member', { ...created.body, regNr: '1234567', city: 'Baden' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ city: 'Baden', regNr: null });
    expect(await regNrOf(created.body.id)).toBeNull();
    // a member with a number: the club cannot clear or change it either
    await tdb.db.update(members).set({ regNr: '8880001' }).where(eq(members.id, created.body.id));
    const current = (await as('verein').get(`/api/v1/admin/member/11/${created.body.id}`)).body;
    expect((await as('verein').put('/api/v1/admin/member', { ...current, regNr: null })).status).toBe(200);
    expect(
      (
        await as('verein').put('/api/v1/admin/member', {
          ...(await as('verein').get(`/api/v1/admin/member/11/${created.body.id}`)).body,
          regNr: '1',
        })
      ).status,
    ).toBe(200);
    expect(await regNrOf(created.body.id)).toBe('8880001');
  });

  it('lets the federation set a free number (an old one carried over) and refuses one another person has: 409 with the field', async () => {
    const created = await as('verband').post('/api/v1/admin/member', person({ orgId: 1, regNr: 'ALT-4711' }));
    expect(created.status).toBe(201);
    expect(created.body.regNr).toBe('ALT-4711');
    const taken = await as('verband').post('/api/v1/admin/member', person({ orgId: 1, regNr: 'ALT-4711' }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'unique_reg_nr', field: 'regNr', value: 'ALT-4711' });
    const other = await as('verband').post('/api/v1/admin/member', person({ orgId: 1 }));
    const update = await as('verband').put('/api/v1/admin/member', { ...other.body, regNr: 'ALT-4711' });
    expect(update.status).toBe(409);
    expect(update.body.error).toMatchObject({ code: 'unique_reg_nr', field: 'regNr' });
    expect(await regNrOf(other.body.id)).toBeNull();
  });

  it('a numeric number set by hand above the counter moves the counter, so the system never gives it out again', async () => {
    const high = (await counter()) + 5;
    const created = await as('verband').post('/api/v1/admin/member', person({ orgId: 1, regNr: String(high) }));
    expect(created.status).toBe(201);
    expect(await counter()).toBe(high);
    const next = await as('verband').post('/api/v1/admin/member', person({ orgId: 1 }));
    await tdb.db.transaction((tx) => assignLicenceNumbers(tx, [next.body.id], null));
    expect(await regNrOf(next.body.id)).toBe(String(high + 1));
  });

  it('gives distinct consecutive numbers to licences granted in parallel, and none twice to one person', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await as('verband').post('/api/v1/admin/member', person({ orgId: 1 }))).body.id);
    const start = await counter();
    // six transactions at once, each for two persons, one person in two of them
    const groups = [0, 2, 4, 6, 8, 10].map((i) => [ids[i], ids[i + 1]]);
    groups[5].push(ids[0]);
    await Promise.all(groups.map((g) => tdb.db.transaction((tx) => assignLicenceNumbers(tx, g, null))));
    const numbers = await Promise.all(ids.map(regNrOf));
    expect(new Set(numbers).size).toBe(ids.length);
    expect(numbers.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => start + 1 + i));
    expect(await counter()).toBe(start + 12);
  });

  it('the release of a licence order gives its persons without a number the next ones', async () => {
    const [order] = await tdb.db
      .select({ id: orders.id, orgId: orders.orgId, updatedAt: orders.updatedAt })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'Erstellt'),
          like(orders.category, 'JAHRESLIZENZ%'),
          sql`exists (select 1 from order_items i where i.order_id = ${orders.id} and i.member_id is not null)`,
        ),
      )
      .limit(1);
    expect(order).toBeDefined();
    const items = await tdb.db
      .select({ memberId: orderItems.memberId })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.memberId)));
    const personIds = items.map((i) => i.memberId!);
    // as persons who never held a licence
    await tdb.db.update(members).set({ regNr: null }).where(inArray(members.id, personIds));
    const loaded = (await as('verband').get(`/api/v1/order/${order.orgId}/${order.id}`)).body;
    const before = await counter();
    const released = await as('verband').put(`/api/v1/order/${order.orgId}`, {
      id: order.id,
      status: 'Freigegeben',
      updatedAt: loaded.updatedAt ?? order.updatedAt,
    });
    expect(released.status).toBe(200);
    const granted = await tdb.db
      .select({ memberId: orderItems.memberId })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.grantedAssignmentId)));
    expect(granted.length).toBeGreaterThan(0);
    const numbers = await Promise.all(granted.map((g) => regNrOf(g.memberId!)));
    expect(numbers.every((n) => n !== null && Number(n) > before)).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('a licence given by role assignment or on the member screen brings a number too', async () => {
    const first = (await as('verband').post('/api/v1/admin/member', person())).body;
    const second = (await as('verband').post('/api/v1/admin/member', person())).body;
    expect([await regNrOf(first.id), await regNrOf(second.id)]).toEqual([null, null]);
    const before = await counter();
    const assigned = await as('verband').post('/api/v1/admin/role/assign', { orgId: 11, memberIds: [first.id], roleIds: [29] });
    expect(assigned.status).toBe(200);
    expect(assigned.body.success).toHaveLength(1);
    expect(await regNrOf(first.id)).toBe(String(before + 1));
    const given = await as('verband').post(`/api/v1/admin/functions/${second.id}`, {
      orgId: 11,
      memberId: second.id,
      roleId: 29,
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(given.status).toBeLessThan(300);
    expect(await regNrOf(second.id)).toBe(String(before + 2));
  });
});
