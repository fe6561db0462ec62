/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditEntries, functionAssignments, members, orderItems, orders } from '@/server/db/schema';
import { OrderSchema } from '@/lib/schemas/orders';
import { answerOf, call, client, createTestApp, refusalOf, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * The orders API as a club administrator, a state association and the federation use it: the
 * wizard's persons and offers, placing a licence order (prices and totals computed by the
 * server), every refusal (ineligible person, double order also in parallel, another club, the
 * club fee gate), release / refund / send back by the federation only, and the category form.
 */

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

  // Typed calls (hono/testing): paths, queries, bodies and answers are checked against the route definitions.
  const orderApi = (token: string) => client(t, token).api.v1.order;
  const categoryApi = (token: string) => client(t, token).api.v2.admin[':orgId'].category;
  type OrderApi = ReturnType<typeof orderApi>;
  type OrderCreate = Parameters<OrderApi[':orgId']['$post']>[0]['json'];
  type OrderDecision = Parameters<OrderApi[':orgId']['$put']>[0]['json'];
  type PersonsQuery = Parameters<OrderApi[':orgId']['persons']['$get']>[0]['query'];
  type ListQuery = Parameters<OrderApi[':orgId']['$get']>[0]['query'];
  type CategoryInput = Parameters<ReturnType<typeof categoryApi>['$post']>[0]['json'];
  const org = (id: number) => ({ orgId: String(id) });
  const place = (token: string, json: OrderCreate, orgId = CLUB) => orderApi(token)[':orgId'].$post({ param: org(orgId), json });
  /** A new order of the club, as the API answers it. */
  const placed201 = async (json: OrderCreate) => answerOf(place(club, json), 201);
  const decide = (token: string, json: OrderDecision) => orderApi(token)[':orgId'].$put({ param: org(CLUB), json });
  const getOrder = (token: string, id: number, orgId = CLUB) =>
    orderApi(token)[':orgId'][':orderId'].$get({ param: { ...org(orgId), orderId: String(id) } });
  const personsOf = (token: string, orgId: number, query: PersonsQuery) =>
    orderApi(token)[':orgId'].persons.$get({ param: org(orgId), query });
  const listOrders = (token: string, orgId: number, query: ListQuery = {}) => orderApi(token)[':orgId'].$get({ param: org(orgId), query });
  const overview = (token: string, orgId: number, query: ListQuery = {}) =>
    client(t, token).api.v2.admin[':orgId'].orders.$get({ param: org(orgId), query });
  const removeMembers = (id: number, memberIds: number[]) =>
    orderApi(club)[':orgId'].member.remove.$post({ param: org(CLUB), json: { id, members: memberIds } });
  const categories = (token: string, query: { orgId?: string } = {}) => orderApi(token).categories.$get({ query });
  const postCategory = (token: string, json: CategoryInput, orgId = 1) => categoryApi(token).$post({ param: org(orgId), json });
  const putCategory = (json: CategoryInput) => categoryApi(federation).$put({ param: org(1), json });

  async function persons(orgId = CLUB, cat = NEXT) {
    return (await answerOf(personsOf(club, orgId, { ordercat: cat }), 200)).persons;
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
      expect(young).toMatchObject({ disabled: true, sum: 0 });
    });

    it('is only for the club itself and the federation', async () => {
      expect((await personsOf(federation, CLUB, { ordercat: NEXT })).status).toBe(200);
      expect((await personsOf(club, FOREIGN_CLUB, { ordercat: NEXT })).status).toBe(403);
      expect((await personsOf(state, CLUB, { ordercat: NEXT })).status).toBe(403);
      expect((await personsOf(trainer, CLUB, { ordercat: NEXT })).status).toBe(403);
    });

    it('pages and searches on request: the same persons in the same order as the whole list, with the total', async () => {
      const whole = await persons();
      expect(whole.length).toBeGreaterThan(3);
      const page = async (query: Omit<PersonsQuery, 'ordercat'>) => answerOf(personsOf(club, CLUB, { ordercat: NEXT, ...query }), 200);
      const first = await page({ page: '1', size: '2' });
      const second = await page({ page: '2', size: '2' });
      expect(first.total).toBe(whole.length);
      expect([...first.persons, ...second.persons]).toEqual(whole.slice(0, 4));
      expect(first.year).toBe(year + 1);
      const beyond = await page({ page: '1000', size: '2' });
      expect(beyond.persons).toEqual([]);
      expect(beyond.total).toBe(whole.length);

      const someone = whole[3];
      const surname = someone.name.split(' ').at(-1) as string;
      const found = await page({ q: surname.toUpperCase() });
      expect(found.persons.map((p) => p.id)).toContain(someone.id);
      expect(found.total).toBe(found.persons.length);
      expect(found.persons).toEqual(whole.filter((p) => found.persons.some((f) => f.id === p.id)));
      expect((await page({ q: 'zzzqqqxx' })).total).toBe(0);
      // the whole list without page, size or q, as before
      expect((await page({})).total).toBeUndefined();
      expect((await page({})).persons).toEqual(whole);
      expect((await personsOf(club, CLUB, { ordercat: NEXT, size: '0' })).status).toBe(422);
    });

    it('refuses a category that is not a licence year the club sees', async () => {
      const res = await refusalOf(personsOf(club, CLUB, { ordercat: `JAHRESLIZENZ_KOOP_${year + 1}` }));
      expect([res.status, res.code]).toEqual([422, 'category_not_offered']);
      expect((await refusalOf(personsOf(club, CLUB, { ordercat: 'KEINE_KATEGORIE' }))).code).toBe('unknown_category');
    });
  });

  describe('placing a licence order', () => {
    it('orders two persons (one with a printed card) with the total computed by the server, whatever the client sends', async () => {
      const [a, b] = await orderable();
      const before = await orderCount();
      // prices, a summary and a fee line the client sends are outside the body's type: sent untyped on purpose
      const sent = await call(t.app, 'POST', `/api/v1/order/${CLUB}`, {
        token: club,
        json: {
          ordercat: NEXT,
          status: 'Erstellt',
          summary: { price: 1, members: 99 },
          members: [
            { id: a.id, params: { print: true, price: 0.01 } },
            { id: b.id, params: { print: false, price: 0.01 } },
            { id: null, params: { price: 0.01 } },
          ],
        },
      });
      expect(sent.status).toBe(201);
      const res = OrderSchema.parse(sent.body);
      const expected = 149 + a.order + a.print + b.order;
      expect(res.summary).toEqual({ price: expect.closeTo(expected, 2), members: 2 });
      expect(res.state).toBe('created');
      expect(res.orderNumber).toBe(`0011-${String(res.id).padStart(6, '0')}`);
      expect(await orderCount()).toBe(before + 1);

      const items = await answerOf(
        orderApi(club)[':orgId'].items[':orderId'].$get({ param: { ...org(CLUB), orderId: String(res.id) } }),
        200,
      );
      expect(items.map((i) => [i.mgId, i.label, i.params.sum])).toEqual([
        [null, 'Grundbetrag', 149],
        ...[a, b]
          .sort((x, y) => x.name.split(' ').at(-1)!.localeCompare(y.name.split(' ').at(-1)!))
          .map((p) => [p.id, null, expect.closeTo(p === a ? a.order + a.print : b.order, 2)]),
      ]);
      const [stored] = await db.select().from(orders).where(eq(orders.id, res.id));
      expect(stored.totalCents).toBe(Math.round(expected * 100));
      expect(stored.createdBy).toBe(2);

      // The persons are now "already ordered" and in the club's list.
      const after = await persons();
      expect(after.find((p) => p.id === a.id)?.reasons).toEqual(['alreadyOrdered']);
      const list = await answerOf(listOrders(club, CLUB, { state: 'created' }), 200);
      expect(list.items.map((o) => o.id)).toContain(res.id);
      // On record: who ordered whom.
      const audit = await db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, 'order'), eq(auditEntries.entityId, String(res.id))));
      expect(audit).toHaveLength(1);
    });

    it('orders only at the total the user confirmed: a different server total answers 409 with it, and places nothing', async () => {
      const [a] = await orderable();
      const total = 149 + a.order;
      const before = await orderCount();
      // The check step showed the old price; the category's price changed since.
      const changed = await refusalOf(place(club, { ordercat: NEXT, members: [{ id: a.id }], expectedTotal: total - 14 }));
      expect(changed).toMatchObject({ status: 409, code: 'price_changed', field: 'expectedTotal', value: expect.closeTo(total, 2) });
      expect(await orderCount()).toBe(before);
      expect((await persons()).find((p) => p.id === a.id)?.reasons).toEqual([]);
      // Confirmed again with the new total: ordered.
      const confirmed = await placed201({ ordercat: NEXT, members: [{ id: a.id }], expectedTotal: total });
      expect(confirmed.summary.price).toBeCloseTo(total, 2);
    });

    it('refuses an ineligible person with the person and the reason, and places nothing', async () => {
      const list = await persons();
      const before = await orderCount();
      for (const reason of ['noSafetyFirst', 'noProfileImage', 'outsideAgeBands', 'licenceActive', 'alreadyOrdered'] as const) {
        const person = list.find((p) => p.reasons.includes(reason))!;
        const error = await refusalOf(place(club, { ordercat: NEXT, members: [{ id: person.id, params: { print: false } }] }));
        // The first rule the person fails is named, with the ordered year, which a reason such as an active licence is about.
        expect(error).toMatchObject({
          status: 422,
          code: 'not_orderable',
          field: 'members',
          value: { id: person.id, reason: person.reasons[0], year: year + 1 },
        });
      }
      // Someone of another club is not an active member here.
      const stranger = (await answerOf(personsOf(federation, FOREIGN_CLUB, { ordercat: NEXT }), 200)).persons[0];
      const error = await refusalOf(place(club, { ordercat: NEXT, members: [{ id: stranger.id }] }));
      expect(error.value).toEqual({ id: stranger.id, reason: 'unknownPerson', year: year + 1 });
      expect(await orderCount()).toBe(before);
    });

    it('refuses ordering the same person twice, also by two parallel requests', async () => {
      const [p] = await orderable();
      const body = { ordercat: NEXT, members: [{ id: p.id }] };
      const results = await Promise.all([place(club, body), place(club, body)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      expect((await refusalOf(results.find((r) => r.status !== 201)!)).value).toMatchObject({ id: p.id, reason: 'alreadyOrdered' });
      const lines = await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.memberId, p.id), eq(orderItems.category, NEXT), eq(orderItems.orderCanceled, false)));
      expect(lines).toHaveLength(1);
    });

    it('refuses another club, a state association and a trainer', async () => {
      expect((await place(club, { ordercat: `VEREINSBEITRAG_${year + 1}` }, FOREIGN_CLUB)).status).toBe(403);
      expect((await place(state, { ordercat: NEXT, members: [{ id: 1 }] })).status).toBe(403);
      expect((await place(trainer, { ordercat: NEXT, members: [{ id: 1 }] })).status).toBe(403);
    });

    it('answers unknown_category for a category that does not exist, and category_not_offered for the other side of the KOOP split', async () => {
      const [p] = await persons(); // the category is checked before any person
      for (const ordercat of [`JAHRESLIZENZ_${year + 7}`, 'KEINE_KATEGORIE']) {
        const error = await refusalOf(place(club, { ordercat, members: [{ id: p.id }] }));
        expect([ordercat, error]).toEqual([
          ordercat,
          expect.objectContaining({ status: 422, code: 'unknown_category', field: 'ordercat', value: ordercat }),
        ]);
      }
      const koop = await refusalOf(place(club, { ordercat: `JAHRESLIZENZ_KOOP_${year + 1}`, members: [{ id: p.id }] }));
      expect([koop.status, koop.code]).toEqual([422, 'category_not_offered']);
    });

    it('needs the year’s club fee released before licences of that year', async () => {
      // A year whose fee the club has not paid: the federation adds licence and fee categories.
      const farYear = year + 3;
      const add = (cat: string, params: Partial<CategoryInput['params']>) =>
        postCategory(federation, { cat, params: { group: 'JAHRESLIZENZ', year: farYear, ...params } });
      expect((await add(`JAHRESLIZENZ_${farYear}`, { category: [{ age: [0, 120], license: 40, print: 5 }] })).status).toBe(201);
      expect((await add(`VEREINSBEITRAG_${farYear}`, { price: '130.00' })).status).toBe(201);
      const offers = await answerOf(orderApi(club)[':orgId'].offers.$get({ param: org(CLUB) }), 200);
      expect(offers.find((o) => o.cat === `JAHRESLIZENZ_${farYear}`)).toMatchObject({
        available: false,
        reason: 'clubFeeRequired',
        clubFee: `VEREINSBEITRAG_${farYear}`,
      });

      const [p] = await persons(CLUB, `JAHRESLIZENZ_${farYear}`).then((l) => l.filter((x) => x.reasons.length === 0));
      const refused = await refusalOf(place(club, { ordercat: `JAHRESLIZENZ_${farYear}`, members: [{ id: p.id }] }));
      expect(refused).toMatchObject({ status: 422, code: 'club_fee_required', value: `VEREINSBEITRAG_${farYear}` });

      // The club orders the fee (its price from the category: a summary it sends is outside the body's type, so sent untyped), a second fee order is refused.
      const feeSent = await call(t.app, 'POST', `/api/v1/order/${CLUB}`, {
        token: club,
        json: { ordercat: `VEREINSBEITRAG_${farYear}`, summary: { price: 1 } },
      });
      expect(feeSent.status).toBe(201);
      const fee = OrderSchema.parse(feeSent.body);
      expect(fee.summary).toEqual({ price: 130, members: 0 });
      const again = await refusalOf(place(club, { ordercat: `VEREINSBEITRAG_${farYear}` }));
      expect([again.status, again.code]).toEqual([409, 'already_ordered']);

      // Released by the federation, the licences can be ordered.
      const released = await answerOf(decide(federation, { id: fee.id, status: 'Freigegeben', updatedAt: fee.updatedAt }), 200);
      expect(released).toMatchObject({ status: 'Freigegeben', state: 'completed', completed: today });
      const ok = await placed201({ ordercat: `JAHRESLIZENZ_${farYear}`, members: [{ id: p.id, params: { print: true } }] });
      expect(ok.summary.price).toBe(149 + 40 + 5);
    });
  });

  describe('changing an order', () => {
    let order: Awaited<ReturnType<typeof placed201>>;
    let a: Awaited<ReturnType<typeof persons>>[number];
    let b: Awaited<ReturnType<typeof persons>>[number];

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
      order = await placed201({ ordercat: NEXT, members: [{ id: a.id }] });
    });

    it('adds and removes persons while created, recomputing the total', async () => {
      // (prices and a fee line the client sends are outside the body's type: sent untyped on purpose)
      const addedSent = await call(t.app, 'POST', `/api/v1/order/${CLUB}/member/add`, {
        token: club,
        json: {
          id: order.id,
          ordercat: NEXT,
          members: [
            { id: b.id, params: { print: true, price: 0 } },
            { id: null, params: { price: 5 } },
          ],
        },
      });
      expect(addedSent.status).toBe(200);
      const added = OrderSchema.parse(addedSent.body);
      expect(added.summary.members).toBe(2);
      expect(added.summary.price).toBeCloseTo(order.summary.price + b.order + b.print, 2);
      const removed = await answerOf(removeMembers(order.id, [b.id]), 200);
      expect(removed.summary).toEqual(order.summary);
      const notThere = await refusalOf(removeMembers(order.id, [b.id]));
      expect(notThere).toMatchObject({ status: 422, code: 'not_in_order', value: b.id });
      // Another club's order id through this club's path is unknown here.
      expect((await removeMembers(FOREIGN_CLUB * 10 + 1, [b.id])).status).toBe(404);
    });

    it('lets only the federation release, refund and send back, each as of the loaded version', async () => {
      expect((await decide(club, { id: order.id, status: 'Freigegeben', updatedAt: order.updatedAt })).status).toBe(403);
      expect((await decide(state, { id: order.id, status: 'Freigegeben', updatedAt: order.updatedAt })).status).toBe(403);

      const current = await answerOf(getOrder(federation, order.id), 200);
      const stale = await refusalOf(decide(federation, { ...current, status: 'Freigegeben', updatedAt: '2020-01-01T00:00:00.000Z' }));
      expect([stale.status, stale.code]).toEqual([409, 'stale']);

      // The order as GET answered it, with the status changed, is accepted back.
      const released = await answerOf(decide(federation, { ...current, status: 'Freigegeben' }), 200);
      expect(released.state).toBe('completed');
      expect(released.invoiceNumber).toMatch(new RegExp(`^${year}-\\d{6}$`));
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
      expect((await persons()).find((p) => p.id === a.id)?.reasons).toContain('licenceActive');
      const twice = await answerOf(decide(federation, { ...current, status: 'Freigegeben' }), 200);
      expect(twice.updatedAt).toBe(released.updatedAt);
      expect(await licencesOf(a.id)).toHaveLength(1);

      // Persons of a released order cannot change.
      const closed = await removeMembers(order.id, [a.id]);
      expect(closed.status).toBe(409);

      const first = released.invoiceNumber as string;
      const numberAfter = (n: string, k = 1) => `${n.slice(0, 5)}${String(Number(n.slice(5)) + k).padStart(6, '0')}`;
      const back = await answerOf(decide(federation, { id: order.id, status: 'Erstellt', updatedAt: released.updatedAt }), 200);
      // Sent back: the invoice is cancelled by the next number of the sequence, and nothing is in force.
      expect(back).toMatchObject({ state: 'created', completed: null, invoiceNumber: null, paymentRequest: true });
      expect(back.invoices).toEqual([
        {
          kind: 'invoice',
          number: first,
          issuedOn: released.completed,
          total: released.summary.price,
          cancels: null,
          cancelledBy: numberAfter(first),
        },
        {
          kind: 'cancellation',
          number: numberAfter(first),
          issuedOn: released.completed,
          total: -released.summary.price,
          cancels: first,
          cancelledBy: null,
        },
      ]);
      // Sent back: the licence is taken back.
      expect(await licencesOf(a.id)).toEqual([]);
      const again = await answerOf(decide(federation, { id: order.id, status: 'Freigegeben', updatedAt: back.updatedAt }), 200);
      // Released again: a new invoice, never the cancelled number.
      expect(again.invoiceNumber).toBe(numberAfter(first, 2));
      expect(again.paymentRequest).toBe(false);
      expect(await licencesOf(a.id)).toHaveLength(1);
      const backAgain = await answerOf(decide(federation, { id: order.id, status: 'Erstellt', updatedAt: again.updatedAt }), 200);
      expect(backAgain.invoices.map((d) => [d.kind, d.number, d.cancels])).toEqual([
        ['invoice', first, null],
        ['cancellation', numberAfter(first), first],
        ['invoice', numberAfter(first, 2), null],
        ['cancellation', numberAfter(first, 3), numberAfter(first, 2)],
      ]);
      const refunded = await answerOf(decide(federation, { id: order.id, status: 'canceled', updatedAt: backAgain.updatedAt }), 200);
      expect(refunded).toMatchObject({ status: 'canceled', state: 'remitted', paymentRequest: false });
      // Refunding a sent-back order cancels nothing more: its invoice is cancelled already.
      expect(refunded.invoices).toHaveLength(4);
      const noBack = await refusalOf(decide(federation, { id: order.id, status: 'Erstellt', updatedAt: refunded.updatedAt }));
      expect([noBack.status, noBack.code]).toEqual([409, 'invalid_transition']);
      const remitted = await answerOf(listOrders(club, CLUB, { state: 'remitted' }), 200);
      expect(remitted.items.map((o) => o.id)).toContain(order.id);
    });

    it('takes back the licences of a released order that is refunded', async () => {
      const [c] = (await persons()).filter((p) => p.reasons.length === 0);
      const placed = await placed201({ ordercat: NEXT, members: [{ id: c.id }] });
      const released = await answerOf(decide(federation, { id: placed.id, status: 'Freigegeben', updatedAt: placed.updatedAt }), 200);
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
      const refunded = await answerOf(decide(federation, { id: placed.id, status: 'canceled', updatedAt: released.updatedAt }), 200);
      expect(refunded.state).toBe('remitted');
      expect(await held()).toEqual([]);
      // Refunded, the person can be ordered again.
      expect((await persons()).find((p) => p.id === c.id)?.reasons).toEqual([]);
    });

    it('releases and takes out the persons marked for removal in one step, as of the version the user loaded', async () => {
      const [x, y] = (await persons()).filter((p) => p.reasons.length === 0);
      const placed = await placed201({ ordercat: NEXT, members: [{ id: x.id }, { id: y.id, params: { print: true } }] });
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
      const withRefund = await refusalOf(
        decide(federation, { id: placed.id, status: 'canceled', updatedAt: placed.updatedAt, removeMembers: [y.id] }),
      );
      expect([withRefund.status, withRefund.field]).toEqual([422, 'removeMembers']);
      // Someone who is not in the order: refused as a whole, nothing removed, nothing released.
      const unknown = await refusalOf(
        decide(federation, { id: placed.id, status: 'Freigegeben', updatedAt: placed.updatedAt, removeMembers: [y.id, 999_999] }),
      );
      expect([unknown.status, unknown.code]).toEqual([422, 'not_in_order']);
      const unchanged = await answerOf(getOrder(federation, placed.id), 200);
      expect(unchanged).toMatchObject({ state: 'created', updatedAt: placed.updatedAt, summary: placed.summary });

      const released = await answerOf(
        decide(federation, { id: placed.id, status: 'Freigegeben', updatedAt: placed.updatedAt, removeMembers: [y.id] }),
        200,
      );
      expect(released.state).toBe('completed');
      // The total is what remains: the base amount and x's licence; the panel, the list and the invoice agree.
      expect(released.summary).toEqual({ price: 149 + x.order, members: 1 });
      const listed = (await answerOf(listOrders(federation, CLUB, { state: 'completed' }), 200)).items.find((o) => o.id === placed.id);
      expect(listed?.summary).toEqual(released.summary);
      expect(await held(x.id)).toHaveLength(1);
      expect(await held(y.id)).toEqual([]);
    });

    it('never releases a licence order without persons: emptying one is refused, an empty one is not released', async () => {
      const [z] = (await persons()).filter((p) => p.reasons.length === 0);
      const placed = await placed201({ ordercat: NEXT, members: [{ id: z.id }] });
      const emptied = await refusalOf(removeMembers(placed.id, [z.id]));
      expect(emptied).toMatchObject({ status: 422, code: 'order_empty', field: 'members' });
      const releasedEmpty = await refusalOf(
        decide(federation, { id: placed.id, status: 'Freigegeben', updatedAt: placed.updatedAt, removeMembers: [z.id] }),
      );
      expect([releasedEmpty.status, releasedEmpty.code]).toEqual([422, 'order_empty']);
      // An order emptied before this rule existed is not released either.
      await db.delete(orderItems).where(and(eq(orderItems.orderId, placed.id), eq(orderItems.memberId, z.id)));
      const stillCreated = await answerOf(getOrder(federation, placed.id), 200);
      const release = await refusalOf(decide(federation, { id: placed.id, status: 'Freigegeben', updatedAt: stillCreated.updatedAt }));
      expect([release.status, release.code]).toEqual([409, 'order_empty']);
      expect(await answerOf(getOrder(federation, placed.id), 200)).toMatchObject({ state: 'created', invoiceNumber: null });
      // It is refunded instead.
      expect(
        (await answerOf(decide(federation, { id: placed.id, status: 'canceled', updatedAt: stillCreated.updatedAt }), 200)).state,
      ).toBe('remitted');
    });

    it('keeps a conversation between the club and the federation', async () => {
      const comment = (token: string, text: string) =>
        orderApi(token)[':orgId'].comment[':orderId'].$post({
          param: { ...org(CLUB), orderId: String(order.id) },
          json: { comment: text },
        });
      const res = await answerOf(comment(club, '  Bitte bis Freitag freigeben.  '), 200);
      expect(res.comment.messages.at(-1)).toMatchObject({ content: 'Bitte bis Freitag freigeben.', user: 2 });
      expect((await comment(federation, 'Erledigt.')).status).toBe(200);
      expect((await comment(club, '   ')).status).toBe(422);
      expect((await comment(state, 'Hallo')).status).toBe(403);
    });
  });

  describe('reading orders', () => {
    it('lets a state association read its clubs’ orders but not another state’s', async () => {
      expect((await listOrders(state, CLUB)).status).toBe(200);
      expect((await listOrders(state, FOREIGN_CLUB)).status).toBe(403);
      const page = await answerOf(overview(state, 4, { size: '100' }), 200);
      expect(new Set(page.items.map((o) => o.orgId)).has(FOREIGN_CLUB)).toBe(false);
      expect(page.items.some((o) => o.orgId === CLUB)).toBe(true);
      expect((await overview(state, 1)).status).toBe(403);
    });

    it('pages, searches and filters the federation overview in the database', async () => {
      const all = await answerOf(overview(federation, 1, { size: '5' }), 200);
      expect(all.items).toHaveLength(5);
      expect(all.total).toBeGreaterThan(50);
      const found = await answerOf(overview(federation, 1, { q: 'wiener neustadt', size: '100' }), 200);
      expect(found.items.length).toBeGreaterThan(0);
      expect(found.items.every((o) => o.orgId === CLUB)).toBe(true);
      const completed = await answerOf(overview(federation, 1, { state: 'completed', size: '100' }), 200);
      expect(completed.items.every((o) => o.state === 'completed')).toBe(true);
      expect((await overview(federation, 1, { state: 'bezahlt' })).status).toBe(422);
      const report = await answerOf(orderApi(federation)[':orgId'].report.$get({ param: org(1), query: { q: NEXT } }), 200);
      expect(report.items.every((l) => l.ordercat === NEXT)).toBe(true);
    });

    it('answers 404 for an order of another organisation under this one’s path', async () => {
      expect((await getOrder(federation, FOREIGN_CLUB * 10 + 1)).status).toBe(404);
      expect((await getOrder(federation, FOREIGN_CLUB * 10 + 1, FOREIGN_CLUB)).status).toBe(200);
    });
  });

  describe('categories', () => {
    it('shows a cooperation partner only KOOP categories, and others none of them', async () => {
      const coop = await answerOf(categories(federation, { orgId: String(COOP_CLUB) }), 200);
      expect(coop.length).toBeGreaterThan(0);
      expect(coop.every((c) => c.cat.includes('KOOP'))).toBe(true);
      const mine = await answerOf(categories(club), 200);
      expect(mine.some((c) => c.cat === NEXT)).toBe(true);
      expect(mine.some((c) => c.cat.includes('KOOP'))).toBe(false);
      expect((await answerOf(categories(federation), 200)).some((c) => c.cat.includes('KOOP'))).toBe(true);
      expect((await categories(trainer)).status).toBe(403);
    });

    it('refuses what the form refuses, and only the federation writes', async () => {
      const post = (token: string, body: CategoryInput) => postCategory(token, body);
      const polo: CategoryInput = {
        cat: 'KLEIDUNG_KAPPE',
        params: { group: 'KLEIDUNG', price: '19.90', netPrice: '16.58', memberNetPrice: '15', weight: '85.5' },
      };
      expect((await post(club, polo)).status).toBe(403);
      expect((await postCategory(club, polo, CLUB)).status).toBe(403);
      const refusals: Array<[CategoryInput, string]> = [
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
        const error = await refusalOf(post(federation, body));
        expect([error.status, error.rule]).toEqual([422, rule]);
      }
      const created = await answerOf(post(federation, polo), 201);
      expect(created.params).toMatchObject({ price: 19.9, netPrice: 16.58, memberNetPrice: 15, weight: 85.5, group: 'KLEIDUNG' });
      expect((await refusalOf(post(federation, polo))).code).toBe('category_exists');

      // The category as the API answered it, one price changed, is accepted back; an old version is stale.
      const changed = await answerOf(putCategory({ ...created, params: { ...created.params, price: 21.5 } }), 200);
      expect(changed.params.price).toBe(21.5);
      expect((await refusalOf(putCategory({ ...created, params: { ...created.params, price: 22 } }))).code).toBe('stale');
    });

    it('keeps the age bands a change leaves out, clears them with null, and names the overlapping bands', async () => {
      const bands: NonNullable<CategoryInput['params']['category']> = [
        { age: [0, 17], license: 20, print: 5 },
        { age: [18, 120], license: 40, print: 5 },
      ];
      const created = await answerOf(
        postCategory(federation, { cat: 'JAHRESLIZENZ_2041', params: { group: 'JAHRESLIZENZ', year: 2041, category: bands } }),
        201,
      );
      const { category: _bands, ...withoutBands } = created.params;
      void _bands;
      const kept = await answerOf(putCategory({ ...created, params: { ...withoutBands, price: 3 } }), 200);
      expect(kept.params.category).toEqual(bands);
      expect(kept.params.price).toBe(3);

      const overlap = await refusalOf(
        putCategory({
          ...kept,
          params: {
            ...kept.params,
            category: [bands[0], { age: [30, 40], license: 1, print: 1 }, { age: [10, 20], license: 1, print: 1 }],
          },
        }),
      );
      expect([overlap.status, overlap.rule, overlap.field]).toEqual([422, 'ageBandsOverlap', 'params.category.0.age']);

      const cleared = await answerOf(putCategory({ ...kept, params: { ...kept.params, category: null } }), 200);
      expect(cleared.params.category).toEqual([]);
    });

    it('keeps the name of a category that orders name', async () => {
      const cats = await answerOf(categories(federation), 200);
      const next = cats.find((c) => c.cat === NEXT)!;
      const res = await refusalOf(putCategory({ ...next, cat: `${NEXT}_NEU` }));
      expect([res.status, res.code]).toEqual([409, 'category_in_use']);
    });
  });
});
