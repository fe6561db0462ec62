/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderCategories, orderItems, orders } from '@/server/db/schema';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * What the database itself guarantees about orders, whatever a service or client does:
 * one live licence line per person and category, one live club fee per club and year,
 * refunded orders not counting, items always agreeing with their order.
 */

const CAT = 'JAHRESLIZENZ_2091';
const FEE = 'VEREINSBEITRAG_2091';

describe.each(testDrivers())('order tables on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
  }, 120_000);
  afterAll(async () => {
    await tdb?.close();
  });

  const newOrder = async (orgId: number, category = CAT) => {
    const [row] = await db.insert(orders).values({ orgId, category }).returning();
    return row;
  };
  const addPerson = (orderId: number, memberId: number, category = CAT) =>
    db.insert(orderItems).values({ orderId, category, memberId, priceCents: 3500 });

  it('refuses a second live licence line for the same person and category, even in another order', async () => {
    const a = await newOrder(11);
    const b = await newOrder(11);
    await addPerson(a.id, 6);
    await expect(addPerson(b.id, 6)).rejects.toThrow();
    await expect(addPerson(a.id, 6)).rejects.toThrow();
    // Another category (next year) is a different licence.
    const other = await newOrder(11, 'JAHRESLIZENZ_2092');
    await expect(addPerson(other.id, 6, 'JAHRESLIZENZ_2092')).resolves.toBeDefined();
    const lines = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.memberId, 6), eq(orderItems.category, CAT)));
    expect(lines).toHaveLength(1);
  });

  it('lets the person be ordered again once the order holding them is refunded, and not before', async () => {
    const first = await newOrder(11);
    await addPerson(first.id, 7);
    const second = await newOrder(11);
    await expect(addPerson(second.id, 7)).rejects.toThrow();

    await db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, first.id));
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, first.id));
    expect(line.orderCanceled).toBe(true);
    await expect(addPerson(second.id, 7)).resolves.toBeDefined();

    // Un-refunding the first order would make two live lines: the database refuses.
    await expect(db.update(orders).set({ status: 'Erstellt' }).where(eq(orders.id, first.id))).rejects.toThrow();
    const [still] = await db.select().from(orders).where(eq(orders.id, first.id));
    expect(still.canceled).toBe(true);
  });

  it('keeps an item in the category of its order', async () => {
    const order = await newOrder(12);
    await expect(db.insert(orderItems).values({ orderId: order.id, category: 'JAHRESLIZENZ_2093', memberId: 8 })).rejects.toThrow();
    await expect(db.insert(orderItems).values({ orderId: order.id, category: CAT, memberId: 8, orderCanceled: true })).rejects.toThrow();
  });

  it('allows any number of fee lines without a person', async () => {
    const order = await newOrder(12);
    await db.insert(orderItems).values({ orderId: order.id, category: CAT, label: 'Grundbetrag', priceCents: 14900 });
    await db.insert(orderItems).values({ orderId: order.id, category: CAT, label: 'Grundbetrag', priceCents: 14900 });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toHaveLength(2);
  });

  it('refuses a second live club fee order for the same club and year, but not for another club', async () => {
    const first = await newOrder(13, FEE);
    await expect(newOrder(13, FEE)).rejects.toThrow();
    await expect(newOrder(14, FEE)).resolves.toMatchObject({ category: FEE, status: 'Erstellt', canceled: false });
    await db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, first.id));
    await expect(newOrder(13, FEE)).resolves.toMatchObject({ category: FEE });
  });

  it('refuses a print price without print, negative money and an unknown category group', async () => {
    const order = await newOrder(15);
    await expect(db.insert(orderItems).values({ orderId: order.id, category: CAT, memberId: 9, printCents: 500 })).rejects.toThrow();
    await expect(db.insert(orderItems).values({ orderId: order.id, category: CAT, memberId: 9, priceCents: -1 })).rejects.toThrow();
    await expect(db.insert(orders).values({ orgId: 15, category: CAT, totalCents: -100 })).rejects.toThrow();
    await expect(db.insert(orderCategories).values({ cat: 'X_2091', group: 'SONSTIGES' })).rejects.toThrow();
    await expect(db.insert(orderCategories).values({ cat: 'X_2091', group: 'ABZEICHEN', year: 20911 })).rejects.toThrow();
  });

  it('deletes the items with their order', async () => {
    const order = await newOrder(16);
    await addPerson(order.id, 10);
    await db.delete(orders).where(eq(orders.id, order.id));
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual([]);
  });
});
