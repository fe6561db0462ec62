/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditEntries, functionAssignments, members, orderItems, orders } from '@/server/db/schema';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * The orders API as a club administrator, a state association and the federation use it: the
 * wizard's persons and offers, placing a licence order (prices and totals computed by the
 * server), every refusal (ineligible person, double order also in parallel, another club, the
 * club fee gate), release / refund / send back by the federation only, and the category form.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CLUB = 11;
const FOREIGN_CLUB = 18;
const COOP_CLUB = 30;
const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const NEXT = `JAHRESLIZENZ_${year + 1}`;

describe.each(testDrivers())('orders API on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let t: TestApp;
  let club: string;
  let state: string;
  let federation: string;
  let trainer: string;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
    t = createTestApp(db);
    [club, state, federation, trainer] = await Promise.all(
      ['verein@example.org', 'land@example.org', 'verband@example.org', 'trainer@example.org'].map((e) => signIn(t.app, e)),
    );
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  const as = (token: string) => ({
    get: (url: string) => call(t.app, 'GET', url, { token }),
    post: (url: string, json: unknown) => call(t.app, 'POST', url, { token, json }),
    put: (url: string, json: unknown) => call(t.app, 'PUT', url, { token, json }),
  });

  async function persons(orgId = CLUB, cat = NEXT): Promise<Json[]> {
    const res = await as(club).get(`/api/v1/order/${orgId}/persons?ordercat=${cat}`);
    expect(res.status).toBe(200);
    return res.body.persons;
  }
  const orderable = async () => (await persons()).filter((p) => p.reasons.length === 0);
  const orderCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(orders)).at(0)!.n;

  describe('persons for ordering', () => {
    it('lists the active members with price and, for those who cannot be ordered, every reason', async () => {
      const list = await persons();
      const reasons = new Set(list.flatMap((p) => p.reasons));
      for (const r of ['noSafetyFirst', 'licenceActive', 'outsideAgeBands', 'alreadyOrdered', 'noProfileImage'])
        expect(reasons).toContain(r);
      const can = list.filter((p) => p.reasons.length === 0);
      expect(can.length).toBeGreaterThanOrEqual(2);
      for (const p of can) {
        expect(p.safetyFirst).toBe(true);
        expect(p.uuid).not.toBeNull();
        expect(p.sum).toBeCloseTo(p.order + p.print, 2);
        expect(p.order).toBeGreaterThan(0);
      }
      const young = list.find((p) => p.reasons.includes('outsideAgeBands'));
      expect(young.disabled).toBe(true);
      expect(young.sum).toBe(0);
    });

    it('is only for the club itself and the federation', async () => {
      expect((await as(federation).get(`/api/v1/order/${CLUB}/persons?ordercat=${NEXT}`)).status).toBe(200);
      expect((await as(club).get(`/api/v1/order/${FOREIGN_CLUB}/persons?ordercat=${NEXT}`)).status).toBe(403);
      expect((await as(state).get(`/api/v1/order/${CLUB}/persons?ordercat=${NEXT}`)).status).toBe(403);
      expect((await as(trainer).get(`/api/v1/order/${CLUB}/persons?ordercat=${NEXT}`)).status).toBe(403);
    });

    it('pages and searches on request: the same persons in the same order as the whole list, with the total', async () => {
      const whole = await persons();
      expect(whole.length).toBeGreaterThan(3);
      const page = async (query: string) => {
        const res = await as(club).get(`/api/v1/order/${CLUB}/persons?ordercat=${NEXT}&${query}`);
        expect(res.status).toBe(200);
        return res.body as { total: number; persons: Json[]; year: number };
      };
      const first = await page('page=1&size=2');
      const second = await page('page=2&size=2');
      expect(first.total).toBe(whole.length);
      expect([...first.persons, ...second.persons]).toEqual(whole.slice(0, 4));
      expect(first.year).toBe(year + 1);
      const beyond = await page('page=1000&size=2');
      expect(beyond.persons).toEqual([]);
      expect(beyond.total).toBe(whole.length);

      const someone = whole[3];
      const surname = someone.name.split(' ').at(-1) as string;
      const found = await page(`q=${encodeURIComponent(surname.toUpperCase())}`);
      expect(found.persons.map((p) => p.id)).toContain(someone.id);
      expect(found.total).toBe(found.persons.length);
      expect(found.persons).toEqual(whole.filter((p) => found.persons.some((f) => f.id === p.id)));
      expect((await page('q=zzzqqqxx')).total).toBe(0);
      // the whole list without page, size or q, as before
      expect((await as(club).get(`/api/v1/order/${CLUB}/persons?ordercat=${NEXT}`)).body.total).toBeUndefined();
      expect((await as(club).get(`/api/v1/order/${CLUB}/persons?ordercat=${NEXT}&size=0`)).status).toBe(422);
    });

    it('refuses a category that is not a licence year the club sees', async () => {
      const res = await as(club).get(`/api/v1/order/${CLUB}/persons?ordercat=JAHRESLIZENZ_KOOP_${year + 1}`);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('category_not_offered');
      expect((await as(club).get(`/api/v1/order/${CLUB}/persons?ordercat=KEINE_KATEGORIE`)).body.error.code).toBe('unknown_category');
    });
  });

  describe('placing a licence order', () => {
    it('orders two persons (one with a printed card) with the total computed by the server, whatever the client sends', async () => {
      const [a, b] = await orderable();
      const before = await orderCount();
      const res = await as(club).post(`/api/v1/order/${CLUB}`, {
        ordercat: NEXT,
        status: 'Erstellt',
        summary: { price: 1, members: 99 },
        members: [
          { id: a.id, params: { print: true, price: 0.01 } },
          { id: b.id, params: { print: false, price: 0.01 } },
          { id: null, params: { price: 0.01 } },
        ],
      });
      expect(res.status).toBe(201);
      const expected = 149 + a.order + a.print + b.order;
      expect(res.body.summary).toEqual({ price: expect.closeTo(expected, 2), members: 2 });
      expect(res.body.state).toBe('created');
      expect(res.body.orderNumber).toBe(`0011-${String(res.body.id).padStart(6, '0')}`);
      expect(await orderCount()).toBe(before + 1);

      const items = await as(club).get(`/api/v1/order/${CLUB}/items/${res.body.id}`);
      expect(items.body.map((i: Json) => [i.mgId, i.label, i.params.sum])).toEqual([
        [null, 'Grundbetrag', 149],
        ...[a, b]
          .sort((x, y) => x.name.split(' ').at(-1).localeCompare(y.name.split(' ').at(-1)))
          .map((p) => [p.id, null, expect.closeTo(p === a ? a.order + a.print : b.order, 2)]),
      ]);
      const [stored] = await db.select().from(orders).where(eq(orders.id, res.body.id));
      expect(stored.totalCents).toBe(Math.round(expected * 100));
      expect(stored.createdBy).toBe(2);

      // The persons are now "already ordered" and in the club's list.
      const after = await persons();
      expect(after.find((p) => p.id === a.id).reasons).toEqual(['alreadyOrdered']);
      const list = await as(club).get(`/api/v1/order/${CLUB}?state=created`);
      expect(list.body.items.map((o: Json) => o.id)).toContain(res.body.id);
      // On record: who ordered whom.
      const audit = await db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, 'order'), eq(auditEntries.entityId, String(res.body.id))));
      expect(audit).toHaveLength(1);
    });

    it('orders only at the total the user confirmed: a different server total answers 409 with it, and places nothing', async () => {
      const [a] = await orderable();
      const total = 149 + a.order;
      const before = await orderCount();
      // The check step showed the old price; the category's price changed since.
      const changed = await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: a.id }], expectedTotal: total - 14 });
      expect(changed.status).toBe(409);
      expect(changed.body.error).toMatchObject({ code: 'price_changed', field: 'expectedTotal', value: expect.closeTo(total, 2) });
      expect(await orderCount()).toBe(before);
      expect((await persons()).find((p) => p.id === a.id).reasons).toEqual([]);
      // Confirmed again with the new total: ordered.
      const confirmed = await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: a.id }], expectedTotal: total });
      expect(confirmed.status).toBe(201);
      expect(confirmed.body.summary.price).toBeCloseTo(total, 2);
    });

    it('refuses an ineligible person with the person and the reason, and places nothing', async () => {
      const list = await persons();
      const before = await orderCount();
      for (const reason of ['noSafetyFirst', 'noProfileImage', 'outsideAgeBands', 'licenceActive', 'alreadyOrdered']) {
        const person = list.find((p) => p.reasons.includes(reason));
        const res = await as(club).post(`/api/v1/order/${CLUB}`, {
          ordercat: NEXT,
          members: [{ id: person.id, params: { print: false } }],
        });
        expect(res.status).toBe(422);
        // The first rule the person fails is named.
        expect(res.body.error).toMatchObject({
          code: 'not_orderable',
          field: 'members',
          value: { id: person.id, reason: person.reasons[0] },
        });
        // with the ordered year, which a reason such as an active licence is about
        expect(res.body.error.value.year).toBe(year + 1);
      }
      // Someone of another club is not an active member here.
      const stranger = (await call(t.app, 'GET', `/api/v1/order/${FOREIGN_CLUB}/persons?ordercat=${NEXT}`, { token: federation })).body
        .persons[0];
      const res = await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: stranger.id }] });
      expect(res.body.error.value).toEqual({ id: stranger.id, reason: 'unknownPerson', year: year + 1 });
      expect(await orderCount()).toBe(before);
    });

    it('refuses ordering the same person twice, also by two parallel requests', async () => {
      const [p] = await orderable();
      const body = { ordercat: NEXT, members: [{ id: p.id }] };
      const results = await Promise.all([as(club).post(`/api/v1/order/${CLUB}`, body), as(club).post(`/api/v1/order/${CLUB}`, body)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      expect(results.find((r) => r.status === 422)!.body.error.value).toMatchObject({ id: p.id, reason: 'alreadyOrdered' });
      const lines = await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.memberId, p.id), eq(orderItems.category, NEXT), eq(orderItems.orderCanceled, false)));
      expect(lines).toHaveLength(1);
    });

    it('refuses another club, a state association and a trainer', async () => {
      expect((await as(club).post(`/api/v1/order/${FOREIGN_CLUB}`, { ordercat: `VEREINSBEITRAG_${year + 1}` })).status).toBe(403);
      expect((await as(state).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: 1 }] })).status).toBe(403);
      expect((await as(trainer).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: 1 }] })).status).toBe(403);
    });

    it('answers unknown_category for a category that does not exist, and category_not_offered for the other side of the KOOP split', async () => {
      const [p] = await persons(); // the category is checked before any person
      for (const ordercat of [`JAHRESLIZENZ_${year + 7}`, 'KEINE_KATEGORIE']) {
        const res = await as(club).post(`/api/v1/order/${CLUB}`, { ordercat, members: [{ id: p.id }] });
        expect([ordercat, res.status, res.body.error]).toEqual([
          ordercat,
          422,
          expect.objectContaining({ code: 'unknown_category', field: 'ordercat', value: ordercat }),
        ]);
      }
      const koop = await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: `JAHRESLIZENZ_KOOP_${year + 1}`, members: [{ id: p.id }] });
      expect([koop.status, koop.body.error?.code]).toEqual([422, 'category_not_offered']);
    });

    it('needs the year’s club fee released before licences of that year', async () => {
      // A year whose fee the club has not paid: the federation adds licence and fee categories.
      const farYear = year + 3;
      const add = (cat: string, params: Json) =>
        as(federation).post('/api/v2/admin/1/category', { cat, params: { group: 'JAHRESLIZENZ', year: farYear, ...params } });
      expect((await add(`JAHRESLIZENZ_${farYear}`, { category: [{ age: [0, 120], license: 40, print: 5 }] })).status).toBe(201);
      expect((await add(`VEREINSBEITRAG_${farYear}`, { price: '130.00' })).status).toBe(201);
      const offers = (await as(club).get(`/api/v1/order/${CLUB}/offers`)).body as Json[];
      expect(offers.find((o) => o.cat === `JAHRESLIZENZ_${farYear}`)).toMatchObject({
        available: false,
        reason: 'clubFeeRequired',
        clubFee: `VEREINSBEITRAG_${farYear}`,
      });

      const [p] = await persons(CLUB, `JAHRESLIZENZ_${farYear}`).then((l) => l.filter((x) => x.reasons.length === 0));
      const refused = await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: `JAHRESLIZENZ_${farYear}`, members: [{ id: p.id }] });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'club_fee_required', value: `VEREINSBEITRAG_${farYear}` });

      // The club orders the fee (its price from the category), a second fee order is refused.
      const fee = await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: `VEREINSBEITRAG_${farYear}`, summary: { price: 1 } });
      expect(fee.status).toBe(201);
      expect(fee.body.summary).toEqual({ price: 130, members: 0 });
      const again = await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: `VEREINSBEITRAG_${farYear}` });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('already_ordered');

      // Released by the federation, the licences can be ordered.
      const released = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: fee.body.id,
        status: 'Freigegeben',
        updatedAt: fee.body.updatedAt,
      });
      expect(released.status).toBe(200);
      expect(released.body).toMatchObject({ status: 'Freigegeben', state: 'completed', completed: today });
      const ok = await as(club).post(`/api/v1/order/${CLUB}`, {
        ordercat: `JAHRESLIZENZ_${farYear}`,
        members: [{ id: p.id, params: { print: true } }],
      });
      expect(ok.status).toBe(201);
      expect(ok.body.summary.price).toBe(149 + 40 + 5);
    });
  });

  describe('changing an order', () => {
    let order: Json;
    let a: Json;
    let b: Json;

    beforeAll(async () => {
      // Two members who lacked only a profile picture upload one.
      const pictureless = (await persons()).filter((p) => p.reasons.length === 1 && p.reasons[0] === 'noProfileImage').slice(0, 2);
      for (const p of pictureless)
        await db
          .update(members)
          .set({ uuid: sql`gen_random_uuid()` })
          .where(eq(members.id, p.id));
      [a, b] = (await persons()).filter((p) => pictureless.some((x) => x.id === p.id));
      expect(b.reasons).toEqual([]);
      order = (await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: a.id }] })).body;
    });

    it('adds and removes persons while created, recomputing the total', async () => {
      const added = await as(club).post(`/api/v1/order/${CLUB}/member/add`, {
        id: order.id,
        ordercat: NEXT,
        members: [
          { id: b.id, params: { print: true, price: 0 } },
          { id: null, params: { price: 5 } },
        ],
      });
      expect(added.status).toBe(200);
      expect(added.body.summary.members).toBe(2);
      expect(added.body.summary.price).toBeCloseTo(order.summary.price + b.order + b.print, 2);
      const removed = await as(club).post(`/api/v1/order/${CLUB}/member/remove`, { id: order.id, members: [b.id] });
      expect(removed.body.summary).toEqual(order.summary);
      const notThere = await as(club).post(`/api/v1/order/${CLUB}/member/remove`, { id: order.id, members: [b.id] });
      expect(notThere.status).toBe(422);
      expect(notThere.body.error).toMatchObject({ code: 'not_in_order', value: b.id });
      // Another club's order id through this club's path is unknown here.
      expect((await as(club).post(`/api/v1/order/${CLUB}/member/remove`, { id: FOREIGN_CLUB * 10 + 1, members: [b.id] })).status).toBe(404);
    });

    it('lets only the federation release, refund and send back, each as of the loaded version', async () => {
      expect(
        (await as(club).put(`/api/v1/order/${CLUB}`, { id: order.id, status: 'Freigegeben', updatedAt: order.updatedAt })).status,
      ).toBe(403);
      expect(
        (await as(state).put(`/api/v1/order/${CLUB}`, { id: order.id, status: 'Freigegeben', updatedAt: order.updatedAt })).status,
      ).toBe(403);

      const current = (await as(federation).get(`/api/v1/order/${CLUB}/${order.id}`)).body;
      const stale = await as(federation).put(`/api/v1/order/${CLUB}`, {
        ...current,
        status: 'Freigegeben',
        updatedAt: '2020-01-01T00:00:00.000Z',
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale');

      // The order as GET answered it, with the status changed, is accepted back.
      const released = await as(federation).put(`/api/v1/order/${CLUB}`, { ...current, status: 'Freigegeben' });
      expect(released.status).toBe(200);
      expect(released.body.state).toBe('completed');
      expect(released.body.invoiceNumber).toMatch(new RegExp(`^${year}-\\d{6}$`));
      // The release granted the licence for the year in the club: the member holds it, the wizard refuses them.
      const licencesOf = (memberId: number) =>
        db
          .select()
          .from(functionAssignments)
          .where(
            and(
              eq(functionAssignments.memberId, memberId),
              eq(functionAssignments.roleId, 29),
              eq(functionAssignments.dateFrom, `${year + 1}-01-01`),
            ),
          );
      expect(await licencesOf(a.id)).toEqual([expect.objectContaining({ orgId: CLUB, dateTo: `${year + 1}-12-31` })]);
      expect((await persons()).find((p) => p.id === a.id).reasons).toContain('licenceActive');
      const twice = await as(federation).put(`/api/v1/order/${CLUB}`, { ...current, status: 'Freigegeben' });
      expect(twice.status).toBe(200);
      expect(twice.body.updatedAt).toBe(released.body.updatedAt);
      expect(await licencesOf(a.id)).toHaveLength(1);

      // Persons of a released order cannot change.
      const closed = await as(club).post(`/api/v1/order/${CLUB}/member/remove`, { id: order.id, members: [a.id] });
      expect(closed.status).toBe(409);

      const first = released.body.invoiceNumber as string;
      const numberAfter = (n: string, k = 1) => `${n.slice(0, 5)}${String(Number(n.slice(5)) + k).padStart(6, '0')}`;
      const back = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: order.id,
        status: 'Erstellt',
        updatedAt: released.body.updatedAt,
      });
      // Sent back: the invoice is cancelled by the next number of the sequence, and nothing is in force.
      expect(back.body).toMatchObject({ state: 'created', completed: null, invoiceNumber: null, paymentRequest: true });
      expect(back.body.invoices).toEqual([
        {
          kind: 'invoice',
          number: first,
          issuedOn: released.body.completed,
          total: released.body.summary.price,
          cancels: null,
          cancelledBy: numberAfter(first),
        },
        {
          kind: 'cancellation',
          number: numberAfter(first),
          issuedOn: released.body.completed,
          total: -released.body.summary.price,
          cancels: first,
          cancelledBy: null,
        },
      ]);
      // Sent back: the licence is taken back.
      expect(await licencesOf(a.id)).toEqual([]);
      const again = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: order.id,
        status: 'Freigegeben',
        updatedAt: back.body.updatedAt,
      });
      // Released again: a new invoice, never the cancelled number.
      expect(again.body.invoiceNumber).toBe(numberAfter(first, 2));
      expect(again.body.paymentRequest).toBe(false);
      expect(await licencesOf(a.id)).toHaveLength(1);
      const backAgain = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: order.id,
        status: 'Erstellt',
        updatedAt: again.body.updatedAt,
      });
      expect(backAgain.body.invoices.map((d: Json) => [d.kind, d.number, d.cancels])).toEqual([
        ['invoice', first, null],
        ['cancellation', numberAfter(first), first],
        ['invoice', numberAfter(first, 2), null],
        ['cancellation', numberAfter(first, 3), numberAfter(first, 2)],
      ]);
      const refunded = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: order.id,
        status: 'canceled',
        updatedAt: backAgain.body.updatedAt,
      });
      expect(refunded.body).toMatchObject({ status: 'canceled', state: 'remitted', paymentRequest: false });
      // Refunding a sent-back order cancels nothing more: its invoice is cancelled already.
      expect(refunded.body.invoices).toHaveLength(4);
      const noBack = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: order.id,
        status: 'Erstellt',
        updatedAt: refunded.body.updatedAt,
      });
      expect(noBack.status).toBe(409);
      expect(noBack.body.error.code).toBe('invalid_transition');
      const remitted = await as(club).get(`/api/v1/order/${CLUB}?state=remitted`);
      expect(remitted.body.items.map((o: Json) => o.id)).toContain(order.id);
    });

    it('takes back the licences of a released order that is refunded', async () => {
      const [c] = (await persons()).filter((p) => p.reasons.length === 0);
      const placed = (await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: c.id }] })).body;
      const released = (
        await as(federation).put(`/api/v1/order/${CLUB}`, { id: placed.id, status: 'Freigegeben', updatedAt: placed.updatedAt })
      ).body;
      const held = () =>
        db
          .select()
          .from(functionAssignments)
          .where(
            and(
              eq(functionAssignments.memberId, c.id),
              eq(functionAssignments.roleId, 29),
              eq(functionAssignments.dateFrom, `${year + 1}-01-01`),
            ),
          );
      expect(await held()).toHaveLength(1);
      const refunded = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: placed.id,
        status: 'canceled',
        updatedAt: released.updatedAt,
      });
      expect(refunded.body.state).toBe('remitted');
      expect(await held()).toEqual([]);
      // Refunded, the person can be ordered again.
      expect((await persons()).find((p) => p.id === c.id).reasons).toEqual([]);
    });

    it('releases and takes out the persons marked for removal in one step, as of the version the user loaded', async () => {
      const [x, y] = (await persons()).filter((p) => p.reasons.length === 0);
      const placed = (
        await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: x.id }, { id: y.id, params: { print: true } }] })
      ).body;
      const held = (memberId: number) =>
        db
          .select()
          .from(functionAssignments)
          .where(
            and(
              eq(functionAssignments.memberId, memberId),
              eq(functionAssignments.roleId, 29),
              eq(functionAssignments.dateFrom, `${year + 1}-01-01`),
            ),
          );

      // Removal with anything but a release is refused, and changes nothing.
      const withRefund = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: placed.id,
        status: 'canceled',
        updatedAt: placed.updatedAt,
        removeMembers: [y.id],
      });
      expect(withRefund.status).toBe(422);
      expect(withRefund.body.error.field).toBe('removeMembers');
      // Someone who is not in the order: refused as a whole, nothing removed, nothing released.
      const unknown = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: placed.id,
        status: 'Freigegeben',
        updatedAt: placed.updatedAt,
        removeMembers: [y.id, 999_999],
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.code).toBe('not_in_order');
      const unchanged = (await as(federation).get(`/api/v1/order/${CLUB}/${placed.id}`)).body;
      expect(unchanged).toMatchObject({ state: 'created', updatedAt: placed.updatedAt, summary: placed.summary });

      const released = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: placed.id,
        status: 'Freigegeben',
        updatedAt: placed.updatedAt,
        removeMembers: [y.id],
      });
      expect(released.status).toBe(200);
      expect(released.body.state).toBe('completed');
      // The total is what remains: the base amount and x's licence; the panel, the list and the invoice agree.
      expect(released.body.summary).toEqual({ price: 149 + x.order, members: 1 });
      const listed = (await as(federation).get(`/api/v1/order/${CLUB}?state=completed`)).body.items.find((o: Json) => o.id === placed.id);
      expect(listed.summary).toEqual(released.body.summary);
      expect(await held(x.id)).toHaveLength(1);
      expect(await held(y.id)).toEqual([]);
    });

    it('never releases a licence order without persons: emptying one is refused, an empty one is not released', async () => {
      const [z] = (await persons()).filter((p) => p.reasons.length === 0);
      const placed = (await as(club).post(`/api/v1/order/${CLUB}`, { ordercat: NEXT, members: [{ id: z.id }] })).body;
      const emptied = await as(club).post(`/api/v1/order/${CLUB}/member/remove`, { id: placed.id, members: [z.id] });
      expect(emptied.status).toBe(422);
      expect(emptied.body.error).toMatchObject({ code: 'order_empty', field: 'members' });
      const releasedEmpty = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: placed.id,
        status: 'Freigegeben',
        updatedAt: placed.updatedAt,
        removeMembers: [z.id],
      });
      expect(releasedEmpty.status).toBe(422);
      expect(releasedEmpty.body.error.code).toBe('order_empty');
      // An order emptied before this rule existed is not released either.
      await db.delete(orderItems).where(and(eq(orderItems.orderId, placed.id), eq(orderItems.memberId, z.id)));
      const stillCreated = (await as(federation).get(`/api/v1/order/${CLUB}/${placed.id}`)).body;
      const release = await as(federation).put(`/api/v1/order/${CLUB}`, {
        id: placed.id,
        status: 'Freigegeben',
        updatedAt: stillCreated.updatedAt,
      });
      expect(release.status).toBe(409);
      expect(release.body.error.code).toBe('order_empty');
      expect((await as(federation).get(`/api/v1/order/${CLUB}/${placed.id}`)).body).toMatchObject({
        state: 'created',
        invoiceNumber: null,
      });
      // It is refunded instead.
      expect(
        (await as(federation).put(`/api/v1/order/${CLUB}`, { id: placed.id, status: 'canceled', updatedAt: stillCreated.updatedAt })).body
          .state,
      ).toBe('remitted');
    });

    it('keeps a conversation between the club and the federation', async () => {
      const res = await as(club).post(`/api/v1/order/${CLUB}/comment/${order.id}`, { comment: '  Bitte bis Freitag freigeben.  ' });
      expect(res.status).toBe(200);
      expect(res.body.comment.messages.at(-1)).toMatchObject({ content: 'Bitte bis Freitag freigeben.', user: 2 });
      expect((await as(federation).post(`/api/v1/order/${CLUB}/comment/${order.id}`, { comment: 'Erledigt.' })).status).toBe(200);
      expect((await as(club).post(`/api/v1/order/${CLUB}/comment/${order.id}`, { comment: '   ' })).status).toBe(422);
      expect((await as(state).post(`/api/v1/order/${CLUB}/comment/${order.id}`, { comment: 'Hallo' })).status).toBe(403);
    });
  });

  describe('reading orders', () => {
    it('lets a state association read its clubs’ orders but not another state’s', async () => {
      expect((await as(state).get(`/api/v1/order/${CLUB}`)).status).toBe(200);
      expect((await as(state).get(`/api/v1/order/${FOREIGN_CLUB}`)).status).toBe(403);
      const overview = await as(state).get('/api/v2/admin/4/orders?size=100');
      expect(overview.status).toBe(200);
      expect(new Set(overview.body.items.map((o: Json) => o.orgId)).has(FOREIGN_CLUB)).toBe(false);
      expect(overview.body.items.some((o: Json) => o.orgId === CLUB)).toBe(true);
      expect((await as(state).get('/api/v2/admin/1/orders')).status).toBe(403);
    });

    it('pages, searches and filters the federation overview in the database', async () => {
      const all = await as(federation).get('/api/v2/admin/1/orders?size=5');
      expect(all.body.items).toHaveLength(5);
      expect(all.body.total).toBeGreaterThan(50);
      const found = await as(federation).get('/api/v2/admin/1/orders?q=wiener%20neustadt&size=100');
      expect(found.body.items.length).toBeGreaterThan(0);
      expect(found.body.items.every((o: Json) => o.orgId === CLUB)).toBe(true);
      const completed = await as(federation).get('/api/v2/admin/1/orders?state=completed&size=100');
      expect(completed.body.items.every((o: Json) => o.state === 'completed')).toBe(true);
      expect((await as(federation).get('/api/v2/admin/1/orders?state=bezahlt')).status).toBe(422);
      const report = await as(federation).get(`/api/v1/order/1/report?q=${NEXT}`);
      expect(report.status).toBe(200);
      expect(report.body.items.every((l: Json) => l.ordercat === NEXT)).toBe(true);
    });

    it('answers 404 for an order of another organisation under this one’s path', async () => {
      expect((await as(federation).get(`/api/v1/order/${CLUB}/${FOREIGN_CLUB * 10 + 1}`)).status).toBe(404);
      expect((await as(federation).get(`/api/v1/order/${FOREIGN_CLUB}/${FOREIGN_CLUB * 10 + 1}`)).status).toBe(200);
    });
  });

  describe('categories', () => {
    it('shows a cooperation partner only KOOP categories, and others none of them', async () => {
      const coop = (await as(federation).get(`/api/v1/order/categories?orgId=${COOP_CLUB}`)).body as Json[];
      expect(coop.length).toBeGreaterThan(0);
      expect(coop.every((c) => c.cat.includes('KOOP'))).toBe(true);
      const mine = (await as(club).get('/api/v1/order/categories')).body as Json[];
      expect(mine.some((c) => c.cat === NEXT)).toBe(true);
      expect(mine.some((c) => c.cat.includes('KOOP'))).toBe(false);
      expect((await as(federation).get('/api/v1/order/categories')).body.some((c: Json) => c.cat.includes('KOOP'))).toBe(true);
      expect((await as(trainer).get('/api/v1/order/categories')).status).toBe(403);
    });

    it('refuses what the form refuses, and only the federation writes', async () => {
      const post = (token: string, body: Json) => call(t.app, 'POST', '/api/v2/admin/1/category', { token, json: body });
      const polo = {
        cat: 'KLEIDUNG_KAPPE',
        params: { group: 'KLEIDUNG', price: '19.90', netPrice: '16.58', memberNetPrice: '15', weight: '85.5' },
      };
      expect((await post(club, polo)).status).toBe(403);
      expect((await call(t.app, 'POST', `/api/v2/admin/${CLUB}/category`, { token: club, json: polo })).status).toBe(403);
      const refusals: Array<[Json, string]> = [
        [{ ...polo, params: { ...polo.params, price: '19.999' } }, 'priceInvalid'],
        [{ ...polo, params: { ...polo.params, price: '12345.67' } }, 'priceInvalid'],
        [{ ...polo, params: { ...polo.params, weight: '1234567' } }, 'weightInvalid'],
        [{ ...polo, params: { ...polo.params, group: 'ABZEICHEN' } }, 'weightOnlyForClothing'],
        [{ ...polo, params: { ...polo.params, year: '26' } }, 'yearInvalid'],
        [{ ...polo, cat: 'kappe klein' }, 'categoryNameInvalid'],
        [
          {
            cat: 'JAHRESLIZENZ_2040',
            params: {
              group: 'JAHRESLIZENZ',
              year: 2040,
              category: [
                { age: [0, 20], license: 10, print: 5 },
                { age: [20, 30], license: 10, print: 5 },
              ],
            },
          },
          'ageBandsOverlap',
        ],
      ];
      for (const [body, rule] of refusals) {
        const res = await post(federation, body);
        expect([res.status, res.body.error.rule]).toEqual([422, rule]);
      }
      const created = await post(federation, polo);
      expect(created.status).toBe(201);
      expect(created.body.params).toMatchObject({ price: 19.9, netPrice: 16.58, memberNetPrice: 15, weight: 85.5, group: 'KLEIDUNG' });
      expect((await post(federation, polo)).body.error.code).toBe('category_exists');

      // The category as the API answered it, one price changed, is accepted back; an old version is stale.
      const put = (body: Json) => call(t.app, 'PUT', '/api/v2/admin/1/category', { token: federation, json: body });
      const changed = await put({ ...created.body, params: { ...created.body.params, price: 21.5 } });
      expect(changed.status).toBe(200);
      expect(changed.body.params.price).toBe(21.5);
      expect((await put({ ...created.body, params: { ...created.body.params, price: 22 } })).body.error.code).toBe('stale');
    });

    it('keeps the age bands a change leaves out, clears them with null, and names the overlapping bands', async () => {
      const post = (body: Json) => call(t.app, 'POST', '/api/v2/admin/1/category', { token: federation, json: body });
      const put = (body: Json) => call(t.app, 'PUT', '/api/v2/admin/1/category', { token: federation, json: body });
      const bands = [
        { age: [0, 17], license: 20, print: 5 },
        { age: [18, 120], license: 40, print: 5 },
      ];
      const created = await post({ cat: 'JAHRESLIZENZ_2041', params: { group: 'JAHRESLIZENZ', year: 2041, category: bands } });
      expect(created.status).toBe(201);
      const withoutBands = { ...created.body.params };
      delete withoutBands.category;
      const kept = await put({ ...created.body, params: { ...withoutBands, price: 3 } });
      expect(kept.status).toBe(200);
      expect(kept.body.params.category).toEqual(bands);
      expect(kept.body.params.price).toBe(3);

      const overlap = await put({
        ...kept.body,
        params: {
          ...kept.body.params,
          category: [bands[0], { age: [30, 40], license: 1, print: 1 }, { age: [10, 20], license: 1, print: 1 }],
        },
      });
      expect([overlap.status, overlap.body.error.rule, overlap.body.error.field]).toEqual([
        422,
        'ageBandsOverlap',
        'params.category.0.age',
      ]);

      const cleared = await put({ ...kept.body, params: { ...kept.body.params, category: null } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.params.category).toEqual([]);
    });

    it('keeps the name of a category that orders name', async () => {
      const cats = (await as(federation).get('/api/v1/order/categories')).body as Json[];
      const next = cats.find((c) => c.cat === NEXT);
      const res = await call(t.app, 'PUT', '/api/v2/admin/1/category', { token: federation, json: { ...next, cat: `${NEXT}_NEU` } });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('category_in_use');
    });
  });
});
