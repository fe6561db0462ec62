/** @jest-environment node */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { categoryOffers } from '@/lib/domain/orders/availability';
import { eligibility, INELIGIBILITY_REASONS, type IneligibilityReason } from '@/lib/domain/orders/eligibility';
import { licenceOrderTotal } from '@/lib/domain/orders/pricing';
import type { Db } from '@/server/db/client';
import {
  functionAssignments,
  memberTrainings,
  members,
  orderCategories,
  orderItems,
  orders,
  organisations,
  uploadedFiles,
} from '@/server/db/schema';
import { seedDemo } from '@/server/db/seed';
import { seedPicturePath } from '@/server/db/seed/orders';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const DEMO_CLUB = 11;

describe.each(testDrivers())('seeded orders on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
  }, 120_000);
  afterAll(async () => {
    await tdb?.close();
  });

  /** What the wizard would know about the active members of a club for a licence category. */
  async function personsFor(orgId: number, cat: string) {
    const [category] = await db.select().from(orderCategories).where(eq(orderCategories.cat, cat));
    const memberships = await db
      .select({ id: functionAssignments.memberId })
      .from(functionAssignments)
      .where(
        and(
          eq(functionAssignments.orgId, orgId),
          eq(functionAssignments.roleId, FUNCTION_MEMBERSHIP),
          sql`${functionAssignments.dateTo} >= ${today}`,
        ),
      );
    const ids = [...new Set(memberships.map((m) => m.id))];
    const people = await db.select().from(members).where(inArray(members.id, ids));
    const licences = await db
      .select()
      .from(functionAssignments)
      .where(and(inArray(functionAssignments.memberId, ids), eq(functionAssignments.roleId, FUNCTION_LICENCE)));
    const trained = await db
      .select({ id: memberTrainings.memberId })
      .from(memberTrainings)
      .where(and(inArray(memberTrainings.memberId, ids), eq(memberTrainings.trainingId, 1)));
    const ordered = await db
      .select({ id: orderItems.memberId })
      .from(orderItems)
      .where(and(eq(orderItems.category, cat), eq(orderItems.orderCanceled, false), isNotNull(orderItems.memberId)));
    return people.map((p) => ({
      id: p.id,
      check: eligibility(
        {
          birthDate: p.birthDate,
          licences: licences.filter((l) => l.memberId === p.id).map((l) => ({ dateFrom: l.dateFrom, dateTo: l.dateTo })),
          hasSafetyFirst: trained.some((t) => t.id === p.id),
          hasProfileImage: p.uuid !== null,
          alreadyOrdered: ordered.some((o) => o.id === p.id),
        },
        { year: category.year!, ageBands: category.ageBands },
        today,
      ),
    }));
  }

  it('sells licences with age bands and club fees for this and next year, KOOP variants included, and webshop articles', async () => {
    const cats = await db.select().from(orderCategories);
    const names = cats.map((c) => c.cat);
    for (const y of [year, year + 1]) {
      expect(names).toEqual(
        expect.arrayContaining([`JAHRESLIZENZ_${y}`, `JAHRESLIZENZ_KOOP_${y}`, `VEREINSBEITRAG_${y}`, `VEREINSBEITRAG_KOOP_${y}`]),
      );
    }
    const licence = cats.find((c) => c.cat === `JAHRESLIZENZ_${year + 1}`)!;
    expect(licence).toMatchObject({ group: 'JAHRESLIZENZ', year: year + 1 });
    // Bands follow the age classes U10 … 65+, without gaps or overlaps.
    expect(licence.ageBands.map((b) => [b.min, b.max])).toEqual([
      [8, 9],
      [10, 12],
      [13, 14],
      [15, 17],
      [18, 20],
      [21, 49],
      [50, 64],
      [65, 99],
    ]);
    expect(licence.ageBands.every((b) => b.licenceCents > 0 && b.printCents === 500)).toBe(true);
    expect(cats.find((c) => c.cat === `VEREINSBEITRAG_${year}`)!.priceCents).toBe(12000);
    expect(new Set(cats.map((c) => c.group))).toEqual(new Set(['JAHRESLIZENZ', 'ABZEICHEN', 'KLEIDUNG', 'MEETING', 'GUTSCHEIN']));
    expect(cats.filter((c) => c.weightGrams !== null).every((c) => c.group === 'KLEIDUNG')).toBe(true);
  });

  it('has club fee orders for most clubs, released and created, and none for the club founded this year', async () => {
    const clubs = await db.select().from(organisations).where(eq(organisations.orgLevel, 3));
    const fees = await db
      .select()
      .from(orders)
      .where(sql`${orders.category} like 'VEREINSBEITRAG%'`);
    const paying = new Set(fees.map((f) => f.orgId));
    expect(paying.size).toBeGreaterThan(clubs.length * 0.9);
    expect(fees.some((f) => f.status === 'Freigegeben' && f.completed)).toBe(true);
    expect(fees.some((f) => f.status === 'Erstellt' && !f.completed)).toBe(true);
    const founded = clubs.find((c) => c.orgStartDate!.startsWith(String(year)))!;
    expect(paying.has(founded.id)).toBe(false);
    // Cooperation partners pay the KOOP fee only.
    const koop = clubs.find((c) => c.params.coop_partner)!;
    expect(fees.filter((f) => f.orgId === koop.id).every((f) => f.category.includes('KOOP'))).toBe(true);
  });

  it('keeps every order total equal to the sum of its lines', async () => {
    const rows = await db.execute<{ id: number; total_cents: number; sum: number }>(
      sql`select o.id, o.total_cents, coalesce(sum(i.price_cents + i.print_cents), 0)::int as sum from orders o left join order_items i on i.order_id = o.id group by o.id`,
    );
    expect(rows.rows.length).toBeGreaterThan(100);
    for (const r of rows.rows) expect([r.id, Number(r.total_cents)]).toEqual([r.id, Number(r.sum)]);
    // Released licence orders carry the persons whose licences they issued.
    const [issued] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(and(isNotNull(orderItems.memberId), sql`${orderItems.category} like 'JAHRESLIZENZ%'`));
    expect(Number(issued.n)).toBeGreaterThan(20);
  });

  it('lets the demo club order next year’s licences and shows, among its members, someone for every reason not to', async () => {
    const [club] = await db.select().from(organisations).where(eq(organisations.id, DEMO_CLUB));
    const clubOrders = await db.select().from(orders).where(eq(orders.orgId, DEMO_CLUB));
    const offer = categoryOffers([`JAHRESLIZENZ_${year + 1}`], { coopPartner: false, orgStartDate: club.orgStartDate }, clubOrders, today);
    expect(offer).toEqual([expect.objectContaining({ available: true })]);

    const next = await personsFor(DEMO_CLUB, `JAHRESLIZENZ_${year + 1}`);
    const current = await personsFor(DEMO_CLUB, `JAHRESLIZENZ_${year}`);
    const selectable = next.filter((p) => p.check.selectable);
    expect(selectable.length).toBeGreaterThanOrEqual(4);
    const seen = new Set<IneligibilityReason>([...next, ...current].flatMap((p) => p.check.reasons));
    expect([...seen].sort()).toEqual([...INELIGIBILITY_REASONS].sort());
    // Each of these is, for someone, the only thing in the way.
    for (const reason of ['licenceActive', 'alreadyOrdered', 'noProfileImage'] as const) {
      expect(next.some((p) => p.check.reasons.length === 1 && p.check.reasons[0] === reason)).toBe(true);
    }
    expect(current.some((p) => p.check.reasons.length === 1 && p.check.reasons[0] === 'seasonNotBelowYear')).toBe(true);
  });

  it('prices the demo club’s open order for next year from the category', async () => {
    const [open] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.orgId, DEMO_CLUB), eq(orders.category, `JAHRESLIZENZ_${year + 1}`), eq(orders.status, 'Erstellt')));
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, open.id));
    const persons = lines.filter((l) => l.memberId !== null);
    expect(persons).toHaveLength(2);
    expect(persons.filter((l) => l.print)).toHaveLength(1);
    expect(open.totalCents).toBe(licenceOrderTotal(persons.map((l) => l.priceCents + l.printCents)));
    expect(open.summary).toMatchObject({ members: 2 });
  });

  it('gives the pictured demo members a stored picture record, and writes the files when told where', async () => {
    const pictured = await db.select().from(members).where(isNotNull(members.uuid));
    expect(pictured.length).toBeGreaterThanOrEqual(6);
    const files = await db
      .select()
      .from(uploadedFiles)
      .where(
        inArray(
          uploadedFiles.uuid,
          pictured.map((m) => m.uuid!),
        ),
      );
    expect(files.map((f) => f.ownerId).sort()).toEqual(pictured.map((m) => m.id).sort());
    expect(files.every((f) => f.ownerType === 'member_image' && f.mime === 'image/png')).toBe(true);

    const dir = mkdtempSync(path.join(tmpdir(), 'seed-pictures-'));
    try {
      await seedDemo(db, { members: 60, uploadDir: dir });
      const file = path.join(dir, seedPicturePath(pictured[0].id));
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not put a removed picture back when seeding again', async () => {
    const [someone] = await db.select().from(members).where(isNotNull(members.uuid)).limit(1);
    await db.update(members).set({ uuid: null }).where(eq(members.id, someone.id));
    await seedDemo(db, { members: 60 });
    const [after] = await db.select().from(members).where(eq(members.id, someone.id));
    expect(after.uuid).toBeNull();
  });

  it('gives the seeded pictures random uuids (the address they are served under), recorded once however often it runs', async () => {
    const pictures = await db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerType, 'member_image'));
    expect(pictures.length).toBeGreaterThanOrEqual(6);
    for (const p of pictures) expect(p.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pictures.filter((p) => p.uuid.startsWith('00000000-0000-'))).toEqual([]);
    await seedDemo(db, { members: 60 });
    const again = await db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerType, 'member_image'));
    expect(again.map((p) => p.uuid).sort()).toEqual(pictures.map((p) => p.uuid).sort());
  });

  it('a database seeded with counted picture uuids gets random ones, the members pointing at them', async () => {
    const [member] = await db.select().from(members).where(isNotNull(members.uuid)).limit(1);
    const counted = `00000000-0000-4000-8000-${String(member.id).padStart(12, '0')}`;
    await db.update(uploadedFiles).set({ uuid: counted }).where(eq(uploadedFiles.uuid, member.uuid!));
    await db.update(members).set({ uuid: counted }).where(eq(members.id, member.id));
    const dir = path.join(__dirname, '../../server/db/migrations');
    const migration = readFileSync(
      path.join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('_random_seed_picture_ids.sql'))!,
      ),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    const [after] = await db.select().from(members).where(eq(members.id, member.id));
    expect(after.uuid).not.toBe(counted);
    const [file] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.uuid, after.uuid!));
    expect(file).toMatchObject({ ownerType: 'member_image', ownerId: member.id });
  });
});
