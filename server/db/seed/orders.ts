import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { functionAssignments, orderCategories, orderItems, orders, uploadedFiles } from '@/server/db/schema';
import { orderAge, type AgeBand } from '@/lib/domain/orders/age-bands';
import { clubFeeCategoryName, licenceCategoryName } from '@/lib/domain/orders/categories';
import { eligibility, type IneligibilityReason, type PersonFacts } from '@/lib/domain/orders/eligibility';
import { DEFAULT_ORDER_BASE_CENTS, licenceOrderTotal, personPrice } from '@/lib/domain/orders/pricing';
import { CANCELED_STATUS, CREATED_STATUS, RELEASED_STATUS } from '@/lib/domain/orders/availability';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { iso, OPEN_END } from './dates';
import type { SeedDb } from './insert';
import type { Generated } from './members';
import { CLUBS, DEMO_CLUB_ID } from './organisations-data';
import { int, rngFor } from './random';
import { TRAINING } from './trainings';

type CategoryRow = typeof orderCategories.$inferInsert;
type OrderRow = typeof orders.$inferInsert;
type ItemRow = typeof orderItems.$inferInsert;
type AssignmentRow = typeof functionAssignments.$inferInsert;
type FileRow = typeof uploadedFiles.$inferInsert;

/*
 * What the federation sells and what the clubs ordered, built around the seeded season `year`:
 * licence and club fee categories for `year` and `year + 1` (and the cooperation partners' KOOP
 * variants), a few webshop categories, each club's fee and licence orders, and in the demo club
 * persons who can be ordered a licence next to persons who cannot, one for each reason.
 */

const BASE_LINE = 'Grundbetrag';

/**
 * Licence prices by age band, the bands following the age classes (U10 … 65+): licences are
 * issued from age 8; the printed card costs 5 € in every band. `year + 1` costs one euro more.
 */
export function licenceBands(year: number, seededYear: number, koop = false): AgeBand[] {
  const raise = year > seededYear ? 100 : 0;
  const table: Array<[min: number, max: number, euros: number]> = [
    [8, 9, 15], // U10
    [10, 12, 15], // U13
    [13, 14, 20], // U15
    [15, 17, 25], // U18
    [18, 20, 30], // U21
    [21, 49, 45], // Allgem. Klasse
    [50, 64, 45], // 50+
    [65, 99, 35], // 65+
  ];
  return table.map(([min, max, euros]) => {
    const cents = euros * 100 + raise;
    return { min, max, licenceCents: koop ? Math.round((cents * 0.8) / 100) * 100 : cents, printCents: 500 };
  });
}

export function clubFeeCents(year: number, seededYear: number, koop = false): number {
  const cents = year > seededYear ? 12_500 : 12_000;
  return koop ? cents / 2 : cents;
}

/** Category ids: year-bound ones are (year mod 100) * 100 + slot, so each season's rows keep their ids. */
function categoryId(year: number, slot: number): number {
  return (year % 100) * 100 + slot;
}

export function buildOrderCategories(year: number): CategoryRow[] {
  const rows: CategoryRow[] = [];
  for (const y of [year, year + 1]) {
    for (const koop of [false, true]) {
      rows.push({
        id: categoryId(y, koop ? 2 : 1),
        cat: licenceCategoryName(y, koop),
        group: 'JAHRESLIZENZ',
        year: y,
        ageBands: licenceBands(y, year, koop),
      });
      const fee = clubFeeCents(y, year, koop);
      rows.push({
        id: categoryId(y, koop ? 4 : 3),
        cat: clubFeeCategoryName(y, koop),
        group: 'JAHRESLIZENZ',
        year: y,
        priceCents: fee,
        netPriceCents: fee,
      });
    }
    rows.push({
      id: categoryId(y, 5),
      cat: `MEETING_TRAINERFORTBILDUNG_${y}`,
      group: 'MEETING',
      year: y,
      priceCents: 9_000,
      netPriceCents: 7_500,
      memberNetPriceCents: 6_000,
    });
  }
  // Webshop categories: gross price, net price, net price for members; clothing with its weight.
  const shop: Array<[cat: string, group: CategoryRow['group'], price: number, net: number, memberNet: number, grams: number | null]> = [
    ['ABZEICHEN_BRONZE', 'ABZEICHEN', 800, 667, 600, null],
    ['ABZEICHEN_SILBER', 'ABZEICHEN', 1_000, 833, 750, null],
    ['ABZEICHEN_GOLD', 'ABZEICHEN', 1_200, 1_000, 900, null],
    ['KLEIDUNG_TSHIRT', 'KLEIDUNG', 2_490, 2_075, 1_990, 180],
    ['KLEIDUNG_POLO', 'KLEIDUNG', 3_490, 2_908, 2_790, 250],
    ['KLEIDUNG_SOFTSHELLJACKE', 'KLEIDUNG', 8_990, 7_492, 7_490, 650],
    ['GUTSCHEIN_50', 'GUTSCHEIN', 5_000, 5_000, 5_000, null],
    // Tournament fees: the tournament types name these as their order category.
    ['TURNIERGEBUEHR_LEISTUNGSSPORT', 'MEETING', 8_000, 6_667, 6_667, null],
    ['TURNIERGEBUEHR_MEISTERSCHAFT', 'MEETING', 15_000, 12_500, 12_500, null],
  ];
  shop.forEach(([cat, group, price, net, memberNet, grams], i) =>
    rows.push({ id: i + 1, cat, group, priceCents: price, netPriceCents: net, memberNetPriceCents: memberNet, weightGrams: grams }),
  );
  return rows;
}

export type SeededOrders = { orders: OrderRow[]; items: ItemRow[] };

/**
 * Fees and licence orders of each club (the organisation's "fees" tab and the order lists): last
 * year's club fee and licence order released, this year's in various states, next year's fee
 * paid by some and ordered by others, so the filters show something. Cooperation partners order
 * KOOP categories; the club founded this year has none. Order ids are orgId * 10 + n; each order
 * has its fee line (club fee, or the base amount of a licence order); the persons of released
 * licence orders are added from the issued licences by addIssuedLicenceLines.
 */
export function buildOrders(year: number): SeededOrders {
  const out: SeededOrders = { orders: [], items: [] };
  for (const [index, c] of CLUBS.entries()) {
    const rng = rngFor(3, c.id);
    const koop = Boolean(c.coopPartner);
    const contact = { address: c.name, street: c.street, zip: c.zip, city: c.city };
    let n = 0;
    const add = (kind: 'fee' | 'licence', orderYear: number, status: string, createdIn: number = orderYear) => {
      n += 1;
      const id = c.id * 10 + n;
      const category = kind === 'fee' ? clubFeeCategoryName(orderYear, koop) : licenceCategoryName(orderYear, koop);
      const created = `${iso(createdIn, 1, int(rng, 2, 9))}T09:00:00.000Z`;
      const released = status === RELEASED_STATUS;
      const cents = kind === 'fee' ? clubFeeCents(orderYear, year, koop) : DEFAULT_ORDER_BASE_CENTS;
      out.orders.push({
        id,
        orgId: c.id,
        category,
        status,
        completed: released ? iso(createdIn, 1, int(rng, 10, 28)) : null,
        totalCents: cents,
        summary: { members: 0 },
        params: { members: 0 },
        contact,
        createdAt: created,
        updatedAt: created,
      });
      out.items.push({
        id: id * 10,
        orderId: id,
        category,
        orderCanceled: status === CANCELED_STATUS,
        label: kind === 'fee' ? `Vereinsbeitrag ${orderYear}` : BASE_LINE,
        priceCents: cents,
        createdAt: created,
        updatedAt: created,
      });
    };
    if (c.dissolved) {
      const last = Number(c.dissolved.slice(0, 4));
      add('fee', last - 1, RELEASED_STATUS);
      add('licence', last - 1, RELEASED_STATUS);
      add('fee', last, CREATED_STATUS);
      continue;
    }
    // Pattern by position: most clubs paid; every 5th has this year's fee open; every 7th also last year's.
    const lastYearPaid = index % 7 !== 3;
    const thisYearPaid = index % 5 !== 2;
    add('fee', year - 1, lastYearPaid ? RELEASED_STATUS : CREATED_STATUS);
    add('licence', year - 1, RELEASED_STATUS);
    add('fee', year, thisYearPaid ? RELEASED_STATUS : CREATED_STATUS);
    if (thisYearPaid) add('licence', year, index % 3 === 0 ? RELEASED_STATUS : CREATED_STATUS);
    // Next year's fee (ordered in the seeded year): paid by every 4th club, ordered by the next; one refunded.
    if (index % 4 === 0) add('fee', year + 1, RELEASED_STATUS, year);
    else if (index % 4 === 1) add('fee', year + 1, CREATED_STATUS, year);
    else if (index === 6) add('fee', year + 1, CANCELED_STATUS, year);
  }
  return out;
}

/**
 * Adds to each released licence order the persons whose licence the federation issued from it:
 * the club's licences starting in the order's year, priced by the age bands of that year. Lines
 * already there are kept (the unique index skips them), so a bigger seed adds its new members'
 * lines; the totals of the orders that got lines are computed again from their lines.
 */
export async function addIssuedLicenceLines(db: SeedDb, year: number): Promise<number> {
  const bands = Object.fromEntries([year - 1, year, year + 1].map((y) => [String(y), licenceBands(y, year)]));
  const koopBands = Object.fromEntries([year - 1, year, year + 1].map((y) => [String(y), licenceBands(y, year, true)]));
  // Both engines answer { rows }; SeedDb leaves the result type open.
  const added = (await db.execute(sql`
    insert into order_items (order_id, category, member_id, price_cents, granted_assignment_id, created_at, updated_at)
    select o.id, o.category, f.member_id, (band->>'licenceCents')::int, f.id, o.created_at, o.created_at
    from orders o
    join function_assignments f
      on f.org_id = o.org_id and f.role_id = ${FUNCTION_LICENCE} and extract(year from f.date_from)::int = right(o.category, 4)::int
    join members m on m.id = f.member_id
    cross join lateral jsonb_array_elements(
      case when o.category like '%KOOP%' then ${JSON.stringify(koopBands)}::jsonb else ${JSON.stringify(bands)}::jsonb end -> right(o.category, 4)
    ) band
    where o.category like 'JAHRESLIZENZ%' and o.status = ${RELEASED_STATUS} and o.id < 1000
      and right(o.category, 4)::int - extract(year from m.birth_date)::int between (band->>'min')::int and (band->>'max')::int
    on conflict do nothing
    returning order_id`)) as unknown as { rows: Array<{ order_id: number }> };
  const ids = [...new Set(added.rows.map((r) => Number(r.order_id)))];
  if (ids.length) await recomputeTotals(db, ids);
  return added.rows.length;
}

/**
 * Invoice numbers of released orders that have none: per year of release, in the order of
 * release, continuing the year's counter (so a bigger seed run later numbers its new ones after),
 * each stored as the order's invoice document.
 */
export async function numberReleasedInvoices(db: SeedDb): Promise<void> {
  await db.execute(sql`
    with numbered as (
      select o.id, extract(year from o.completed)::int as y,
        coalesce((select c.last from invoice_counters c where c.year = extract(year from o.completed)::int), 0)
          + row_number() over (partition by extract(year from o.completed) order by o.completed, o.id) as n
      from orders o
      where o.status = ${RELEASED_STATUS} and o.completed is not null and o.invoice_number is null
    )
    update orders o set invoice_number = numbered.y || '-' || lpad(numbered.n::text, 6, '0')
    from numbered where o.id = numbered.id`);
  await db.execute(sql`
    insert into invoice_counters (year, last)
    select split_part(invoice_number, '-', 1)::int, max(split_part(invoice_number, '-', 2)::int)
    from orders where invoice_number is not null group by 1
    on conflict (year) do update set last = greatest(invoice_counters.last, excluded.last)`);
  // Each numbered invoice is a stored document with its order's lines (as a release stores them).
  await db.execute(sql`
    insert into order_invoices (order_id, kind, number, issued_on, gross_cents, net_cents, lines)
    select o.id, 'invoice', o.invoice_number, o.completed, o.total_cents,
      case when c.price_cents > 0 and c.net_price_cents is not null then round(o.total_cents * c.net_price_cents::numeric / c.price_cents)::int else o.total_cents end,
      (select coalesce(jsonb_agg(jsonb_build_object(
          'text', case when i.member_id is null then coalesce(i.label, '')
            else 'Jahreslizenz ' || coalesce(substring(o.category from '_(\\d{4})$'), '') || ': ' || m.first_name || ' ' || m.surname || case when i.print then ' (mit Lizenzkarte)' else '' end end,
          'grossCents', i.price_cents + i.print_cents)
          order by i.member_id is not null, m.surname, m.first_name, i.id), '[]'::jsonb)
       from order_items i left join members m on m.id = i.member_id where i.order_id = o.id)
    from orders o left join order_categories c on c.cat = o.category
    where o.invoice_number is not null and not exists (select 1 from order_invoices d where d.number = o.invoice_number)
    order by o.invoice_number`);
}

async function recomputeTotals(db: SeedDb, ids: number[]): Promise<void> {
  await db.execute(sql`
    update orders o set
      total_cents = t.total,
      summary = o.summary || jsonb_build_object('members', t.persons),
      params = o.params || jsonb_build_object('members', t.persons)
    from (
      select order_id, sum(price_cents + print_cents)::int as total, count(member_id)::int as persons
      from order_items where order_id in ${ids} group by order_id
    ) t
    where o.id = t.order_id`);
}

/** A small grey silhouette (48×48 PNG): the seeded profile pictures. */
export const SEED_PICTURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAi0lEQVR42u3WwQ2AMAwDQI/NmyHYD4kfS8AClDY0qVMsZYCTojjGfpxUA4EEEkigWUDLuo0H3YinGQAqaL6Y4KQxm+CnsZngqjGYBJocZNC0mrQygcJBdEnN+MsYvz1jH2JsjCr5Agn0r7NnSWpV2N6UVhbCNJUmRGpqTNlA3TWvplQgJ03ZJFA60AXPdZ8cxkQ3jQAAAABJRU5ErkJggg==',
  'base64',
);

export function seedPicturePath(memberId: number): string {
  return `seed/member-${memberId}.png`;
}

/** Assignment id of the advance licence (next season) in the demo scenario: below the generated ids' base. */
const ADVANCE_LICENCE_ASSIGNMENT_ID = 990;

export type DemoOrderScenario = {
  /** Members given a profile picture. */
  pictures: number[];
  /** Member per reason they cannot be ordered a licence for next year (seasonNotBelowYear: for this year). */
  cannot: Partial<Record<IneligibilityReason, number>>;
  /** Members who can be ordered a licence for next year. */
  can: number[];
  orders: OrderRow[];
  items: ItemRow[];
  assignments: AssignmentRow[];
  files: FileRow[];
};

/**
 * The demo club's licence order for next year, from the generated members of the demo club
 * (the first 60 generated members, so a small and a big seed give the same scenario):
 * - two persons already in next year's order (created, not released) → alreadyOrdered;
 * - one who was issued next year's licence in advance (a released order) → licenceActive for next
 *   year, seasonNotBelowYear for this year;
 * - a person for each other reason: noSafetyFirst, licenceActive (open-ended licence),
 *   outsideAgeBands (younger than 8), noProfileImage (with few young members the same child may
 *   lack Safety First and be too young);
 * - four who can be ordered (Safety First and a profile picture).
 */
export function buildDemoOrderScenario(year: number, generated: Generated): DemoOrderScenario {
  const next = year + 1;
  const today = iso(year, 11, 1);
  const nextBands = licenceBands(next, year);
  const active = generated.members
    .filter((m) => m.id! <= 65)
    .filter((m) =>
      generated.assignments.some(
        (a) => a.memberId === m.id && a.orgId === DEMO_CLUB_ID && a.roleId === FUNCTION_MEMBERSHIP && a.dateTo === OPEN_END,
      ),
    );
  const facts = (memberId: number, picture: boolean, extra: Array<{ dateFrom: string; dateTo: string }> = []): PersonFacts => ({
    birthDate: generated.members.find((m) => m.id === memberId)!.birthDate,
    licences: generated.assignments
      .filter((a) => a.memberId === memberId && a.roleId === FUNCTION_LICENCE)
      .map((a) => ({ dateFrom: a.dateFrom, dateTo: a.dateTo ?? null }))
      .concat(extra),
    hasSafetyFirst: generated.trainings.some((t) => t.memberId === memberId && t.trainingId === TRAINING.safetyFirst),
    hasProfileImage: picture,
    alreadyOrdered: false,
  });
  const reasonsWithPicture = (id: number) => eligibility(facts(id, true), { year: next, ageBands: nextBands }, today).reasons;

  const taken = new Set<number>();
  const take = (test: (id: number) => boolean): number | undefined => {
    const found = active.find((m) => !taken.has(m.id!) && test(m.id!));
    if (found) taken.add(found.id!);
    return found?.id;
  };
  const only = (reason: IneligibilityReason) => (id: number) => {
    const r = reasonsWithPicture(id);
    return r.length === 1 && r[0] === reason;
  };
  const orderable = (id: number) => reasonsWithPicture(id).length === 0;
  // An orderable person without a licence this year: next year's licence can have been issued early.
  const unlicensedThisYear = (id: number) =>
    orderable(id) && !facts(id, true).licences.some((l) => l.dateTo === null || l.dateTo >= iso(year, 1, 1));

  // A person for a reason: one with only that reason, else (small seeds have few young members
  // without Safety First) one who has it among others.
  const withReason = (reason: IneligibilityReason) =>
    take(only(reason)) ?? active.find((m) => reasonsWithPicture(m.id!).includes(reason))?.id;
  const cannot: DemoOrderScenario['cannot'] = {};
  const ordered = [take(orderable), take(orderable)].filter((id): id is number => id !== undefined);
  const advance = take(unlicensedThisYear);
  cannot.noSafetyFirst = withReason('noSafetyFirst');
  cannot.licenceActive = withReason('licenceActive');
  cannot.outsideAgeBands = withReason('outsideAgeBands');
  cannot.noProfileImage = take(orderable);
  cannot.alreadyOrdered = ordered[0];
  cannot.seasonNotBelowYear = advance;
  const can = [take(orderable), take(orderable), take(orderable), take(orderable)].filter((id): id is number => id !== undefined);

  const pictures = [...new Set([...ordered, advance, cannot.noSafetyFirst, cannot.licenceActive, cannot.outsideAgeBands, ...can])].filter(
    (id): id is number => id !== undefined,
  );
  const out: DemoOrderScenario = { pictures, cannot, can, orders: [], items: [], assignments: [], files: [] };
  for (const id of pictures) {
    out.files.push({
      uuid: randomUUID(),
      ownerType: 'member_image',
      ownerId: id,
      originalName: 'profilbild.png',
      storedPath: seedPicturePath(id),
      mime: 'image/png',
      size: SEED_PICTURE_PNG.length,
    });
  }

  const club = CLUBS.find((c) => c.id === DEMO_CLUB_ID)!;
  const contact = { address: club.name, street: club.street, zip: club.zip, city: club.city };
  const category = licenceCategoryName(next);
  const order = (id: number, status: string, persons: Array<{ memberId: number; print: boolean }>) => {
    const created = `${iso(year, 10, id % 2 ? 6 : 20)}T10:00:00.000Z`;
    const lines = persons.map((p, i) => {
      const price = personPrice(nextBands, orderAge(facts(p.memberId, true).birthDate, today), { order: true, print: p.print })!;
      const granted = status === RELEASED_STATUS && p.memberId === advance ? ADVANCE_LICENCE_ASSIGNMENT_ID : null;
      return {
        id: id * 10 + i + 1,
        orderId: id,
        category,
        memberId: p.memberId,
        print: p.print,
        priceCents: price.licenceCents,
        printCents: price.printCents,
        grantedAssignmentId: granted,
        createdAt: created,
        updatedAt: created,
      };
    });
    const total = licenceOrderTotal(lines.map((l) => l.priceCents + l.printCents));
    out.orders.push({
      id,
      orgId: DEMO_CLUB_ID,
      category,
      status,
      completed: status === RELEASED_STATUS ? iso(year, 10, 28) : null,
      totalCents: total,
      summary: { members: persons.length },
      params: { members: persons.length },
      contact,
      createdBy: 2,
      createdAt: created,
      updatedAt: created,
    });
    out.items.push(
      {
        id: id * 10,
        orderId: id,
        category,
        label: BASE_LINE,
        priceCents: DEFAULT_ORDER_BASE_CENTS,
        createdAt: created,
        updatedAt: created,
      },
      ...lines,
    );
  };
  // Ids 118/119 follow the club's other orders (DEMO_CLUB_ID * 10 + n).
  if (advance !== undefined) {
    order(DEMO_CLUB_ID * 10 + 8, RELEASED_STATUS, [{ memberId: advance, print: true }]);
    out.assignments.push({
      id: ADVANCE_LICENCE_ASSIGNMENT_ID,
      memberId: advance,
      orgId: DEMO_CLUB_ID,
      roleId: FUNCTION_LICENCE,
      dateFrom: iso(next, 1, 1),
      dateTo: iso(next, 12, 31),
    });
  }
  if (ordered.length)
    order(
      DEMO_CLUB_ID * 10 + 9,
      CREATED_STATUS,
      ordered.map((memberId, i) => ({ memberId, print: i === 0 })),
    );
  return out;
}
