/** @jest-environment node */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { FORM_FUNCTION_IDS, FUNCTION_LICENCE, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { closeDb, createDb, migrate, type Db } from '@/server/db/client';
import {
  functionAssignments,
  memberTrainings,
  members,
  messages,
  news,
  orders,
  organisations,
  places,
  roles,
  trainingDefinitions,
  uploadedFiles,
} from '@/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '@/server/db/seed';
import { DUPLICATE_SEED_MEMBERS } from '@/server/db/seed/duplicate-pairs';
import { MemberGenerator } from '@/server/db/seed/members';
import { SeedUploads } from '@/server/db/seed/news-pictures';
import { call, createTestApp, signIn } from './helpers/test-app';
import { verifyPassword } from '@/server/services/password-hash';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

const MEMBERS = 1500;
const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));

/** Age class by age in years (season age: current year minus birth year). */
function ageClass(age: number): string {
  if (age < 10) return 'U10';
  if (age < 13) return 'U13';
  if (age < 15) return 'U15';
  if (age < 18) return 'U18';
  if (age < 21) return 'U21';
  if (age < 50) return 'Allgem. Klasse';
  if (age < 65) return '50+';
  return '65+';
}

async function tableCounts(db: Db) {
  const tables = [
    'countries',
    'organisations',
    'places',
    'order_categories',
    'orders',
    'order_items',
    'uploaded_files',
    'role_groups',
    'roles',
    'training_definitions',
    'members',
    'function_assignments',
    'member_trainings',
    'messages',
    'notifications',
    'message_deliveries',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)}`);
    out[t] = Number(r.rows[0].n);
  }
  return out;
}

describe.each(testDrivers())('demo data on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let smallCounts: Record<string, number>;
  let smallMembers: unknown[];

  beforeAll(async () => {
    // The shared helper seeds the small data set (60 members) the other API tests use; growing
    // it to the full 1,500 is what `npm run db:seed` does on a database the API already created.
    tdb = await createTestDb(driver);
    db = tdb.db;
    smallCounts = await tableCounts(db);
    smallMembers = await db.select().from(members).where(lte(members.id, 65)).orderBy(members.id);
    await seedDemo(db, { members: MEMBERS });
  }, 120_000);
  afterAll(async () => {
    await tdb?.close();
  });

  it('has the federation, the nine state associations and at least 30 clubs under them', async () => {
    const orgs = await db.select().from(organisations).orderBy(organisations.id);
    const federation = orgs.filter((o) => o.orgLevel === 1);
    expect(federation).toHaveLength(1);
    expect(federation[0]).toMatchObject({ id: 1, name: 'Österreichischer Bogensportverband', nameShort: 'ÖBSV' });

    const states = orgs.filter((o) => o.orgLevel === 2);
    expect(states.map((s) => s.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(states.every((s) => s.orgMotherId === 1 && s.params.federalState)).toBe(true);
    expect(states.map((s) => s.params.federalState)).toEqual(
      expect.arrayContaining([
        'Burgenland',
        'Kärnten',
        'Niederösterreich',
        'Oberösterreich',
        'Salzburg',
        'Steiermark',
        'Tirol',
        'Vorarlberg',
        'Wien',
      ]),
    );

    const clubs = orgs.filter((o) => o.orgLevel === 3);
    expect(clubs.length).toBeGreaterThanOrEqual(30);
    expect(clubs.every((c) => c.id >= 11 && c.orgMotherId! >= 2 && c.orgMotherId! <= 10)).toBe(true);
    expect(clubs.every((c) => c.email && c.zip && c.city && c.street && c.bso && c.zvr && c.params.iban && c.orgStartDate)).toBe(true);
    expect(clubs.filter((c) => c.params.coop_partner === true)).toHaveLength(1);
    // One club was founded this season (its first year: licences without a club fee).
    expect(clubs.filter((c) => c.orgStartDate!.startsWith(String(year)))).toHaveLength(1);
    const dissolved = clubs.filter((c) => c.orgEndDate);
    expect(dissolved).toHaveLength(1);
    expect(dissolved[0].orgEndDate! < today).toBe(true);
  });

  it('gives every club at least one place and fees in both statuses', async () => {
    const clubPlaces = await db.select({ orgId: places.orgId, lat: places.lat, params: places.params }).from(places);
    const clubs = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.orgLevel, 3));
    expect(new Set(clubPlaces.map((p) => p.orgId))).toEqual(new Set(clubs.map((c) => c.id)));
    expect(clubPlaces.every((p) => p.lat && p.params.openingHours && p.params.training?.length)).toBe(true);

    const fees = await db.select().from(orders);
    expect(fees.some((f) => f.category === `VEREINSBEITRAG_${year}` && f.status === 'Freigegeben' && f.completed)).toBe(true);
    expect(fees.some((f) => f.category.startsWith('JAHRESLIZENZ_') && f.status === 'Erstellt' && !f.completed)).toBe(true);
  });

  it('has at least 1,500 members, each a club member, in every age class', async () => {
    const all = await db.select({ birthDate: members.birthDate, gender: members.gender }).from(members);
    // 1,500 generated, the five demo accounts and the 200 records of persons entered twice or
    // merely alike: none was dropped by a unique index.
    expect(all).toHaveLength(MEMBERS + DEMO_ACCOUNTS.length + DUPLICATE_SEED_MEMBERS);
    const classes = new Set(all.map((m) => ageClass(year - Number(m.birthDate.slice(0, 4)))));
    expect([...classes].sort()).toEqual(['50+', '65+', 'Allgem. Klasse', 'U10', 'U13', 'U15', 'U18', 'U21'].sort());
    const ages = all.map((m) => year - Number(m.birthDate.slice(0, 4)));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...ages)).toBeLessThanOrEqual(85);
    expect(new Set(all.map((m) => m.gender))).toEqual(new Set(['m', 'w', 'd']));

    const withoutMembership = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from members m where not exists (select 1 from function_assignments f where f.member_id = m.id and f.role_id = ${FUNCTION_MEMBERSHIP})`,
    );
    expect(Number(withoutMembership.rows[0].n)).toBe(0);
  });

  it('uses realistic Austrian names and unique lower-case e-mail addresses', async () => {
    const rows = await db.select({ surname: members.surname, email: members.email }).from(members);
    const surnames = new Set(rows.map((r) => r.surname));
    for (const name of ['Müller', 'Gruber', 'Huber', 'Strauß']) expect(surnames).toContain(name);
    const emails = rows.map((r) => r.email).filter((e): e is string => Boolean(e));
    expect(emails.length).toBeGreaterThan(rows.length * 0.7);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.every((e) => e === e.toLowerCase() && /^[a-z0-9.]+@example\.(com|org)$/.test(e))).toBe(true);
  });

  it('has memberships that are current and ended, and licences active, expired and unlimited', async () => {
    const bucket = (roleId: number) =>
      db
        .select({
          active: sql<number>`count(*) filter (where ${functionAssignments.dateFrom} <= ${today} and ${functionAssignments.dateTo} >= ${today} and ${functionAssignments.dateTo} < '2999-01-01')::int`,
          expired: sql<number>`count(*) filter (where ${functionAssignments.dateTo} < ${today})::int`,
          unlimited: sql<number>`count(*) filter (where ${functionAssignments.dateTo} >= '2999-01-01')::int`,
        })
        .from(functionAssignments)
        .where(eq(functionAssignments.roleId, roleId));
    const [licences] = await bucket(FUNCTION_LICENCE);
    expect(licences.active).toBeGreaterThan(100);
    expect(licences.expired).toBeGreaterThan(100);
    expect(licences.unlimited).toBeGreaterThan(5);
    const [memberships] = await bucket(FUNCTION_MEMBERSHIP);
    expect(memberships.unlimited).toBeGreaterThan(MEMBERS * 0.8);
    expect(memberships.expired).toBeGreaterThan(20);

    // Some members belong to two clubs at once.
    const twoClubs = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select member_id from function_assignments where role_id = ${FUNCTION_MEMBERSHIP} and date_to >= ${today} group by member_id having count(distinct org_id) > 1) x`,
    );
    expect(Number(twoClubs.rows[0].n)).toBeGreaterThan(0);
  });

  it('has the ordinary functions: board, trainers and referees A and B', async () => {
    const held = await db
      .select({ name: roles.name, n: count() })
      .from(functionAssignments)
      .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
      .groupBy(roles.name);
    const byName = new Map(held.map((h) => [h.name, Number(h.n)]));
    for (const name of ['Obmann/Obfrau', 'Kassier', 'Schriftführer', 'Trainer', 'Übungsleiter', 'Schiedsrichter A', 'Schiedsrichter B']) {
      expect(byName.get(name) ?? 0).toBeGreaterThan(0);
    }
    // Every form-opening function exists as a role with a name.
    const systemRoles = await db
      .select()
      .from(roles)
      .where(inArray(roles.id, [...FORM_FUNCTION_IDS]));
    expect(systemRoles.map((r) => r.id).sort((a, b) => a - b)).toEqual([...FORM_FUNCTION_IDS]);
    expect(systemRoles.every((r) => r.name.length > 0 && r.params.editWhitelist?.includes(1))).toBe(true);
  });

  it('has training 1 "Safety First", recorded for many members', async () => {
    const [safety] = await db.select().from(trainingDefinitions).where(eq(trainingDefinitions.id, 1));
    expect(safety).toMatchObject({ title: 'Safety First' });
    expect(safety.rules.editAtOrgLevel).toEqual([1, 2, 3]);
    const [{ n }] = await db.select({ n: count() }).from(memberTrainings).where(eq(memberTrainings.trainingId, 1));
    expect(Number(n)).toBeGreaterThan(MEMBERS / 2);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a] as const))(
    '%s holds exactly its listed system roles and signs in with the demo password',
    async (_email, account) => {
      const [person] = await db.select().from(members).where(eq(members.email, account.email));
      expect(person.id).toBe(account.memberId);
      expect(await verifyPassword(DEMO_PASSWORD, person.passwordHash)).toBe(true);

      const active = await db
        .select({ orgId: functionAssignments.orgId, roleId: functionAssignments.roleId })
        .from(functionAssignments)
        .where(
          and(
            eq(functionAssignments.memberId, person.id),
            inArray(functionAssignments.roleId, [...FORM_FUNCTION_IDS]),
            lte(functionAssignments.dateFrom, today),
            gte(functionAssignments.dateTo, today),
          ),
        );
      const held = active.map((a) => `${a.orgId}:${a.roleId}`).sort();
      expect(held).toEqual(account.forms.map((f) => `${account.orgId}:${f}`).sort());
    },
  );

  it('gives the trainer the ordinary Trainer function and the plain member a membership and an active licence', async () => {
    const functionsOf = async (email: string) => {
      const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
      const rows = await db
        .select({ orgId: functionAssignments.orgId, name: roles.name })
        .from(functionAssignments)
        .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
        .where(
          and(
            eq(functionAssignments.memberId, account.memberId),
            lte(functionAssignments.dateFrom, today),
            gte(functionAssignments.dateTo, today),
          ),
        );
      return rows.map((r) => `${r.orgId}:${r.name}`).sort();
    };
    expect(await functionsOf('trainer@example.org')).toEqual(['11:Lizenz', '11:Mitglied', '11:Mitglieder', '11:Trainer']);
    expect(await functionsOf('mitglied@example.org')).toEqual(['11:Lizenz', '11:Mitglied']);
  });

  it('gives no generated member a system role', async () => {
    const [{ n }] = await db
      .select({ n: count() })
      .from(functionAssignments)
      .where(and(gt(functionAssignments.memberId, DEMO_ACCOUNTS.length), inArray(functionAssignments.roleId, [...FORM_FUNCTION_IDS])));
    expect(Number(n)).toBe(0);
  });

  it('kept the smaller data set it grew from unchanged', async () => {
    expect(smallCounts.members).toBe(60 + DEMO_ACCOUNTS.length);
    const again = await db.select().from(members).where(lte(members.id, 65)).orderBy(members.id);
    expect(again).toEqual(smallMembers);
  });

  it('gives published and hidden news of the federation and three clubs pictures with thumbnails xs, sm and md', async () => {
    const files = await db
      .select({
        orgId: news.orgId,
        visible: news.visible,
        mime: uploadedFiles.mime,
        params: uploadedFiles.params,
        featured: sql<boolean>`(${uploadedFiles.params}->>'featured')::boolean`,
      })
      .from(uploadedFiles)
      .innerJoin(news, eq(news.id, uploadedFiles.ownerId))
      .where(eq(uploadedFiles.ownerType, 'news_file'));
    const thumbs = await db
      .select({ storedPath: uploadedFiles.storedPath, mime: uploadedFiles.mime, params: uploadedFiles.params })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.ownerType, 'news_thumb'));
    const thumbByPath = new Map(thumbs.map((th) => [th.storedPath, th]));
    for (const orgId of [1, 11, 12, 18]) {
      for (const visible of [true, false]) {
        const pictures = files.filter((f) => f.orgId === orgId && f.visible === visible && /^image\/(png|jpeg)$/.test(f.mime));
        expect([orgId, visible, pictures.length > 0]).toEqual([orgId, visible, true]);
        for (const picture of pictures) {
          const keys = (picture.params as { thumbnails: Record<string, string> }).thumbnails;
          expect(Object.keys(keys).sort()).toEqual(['md', 'sm', 'xs']);
          // each thumbnail is a stored file of its own, a WebP of its size
          for (const [size, key] of Object.entries(keys))
            expect(thumbByPath.get(key)).toMatchObject({ mime: 'image/webp', params: { size } });
        }
      }
      // a published article of each has its featured picture
      expect(files.some((f) => f.orgId === orgId && f.visible && f.featured)).toBe(true);
    }
  });

  it('has a delivered message of the demo club and of the federation, in the inboxes and the Status tab', async () => {
    const t = createTestApp(db);
    try {
      const trainer = await signIn(t.app, 'trainer@example.org');
      const inbox = await call(t.app, 'GET', '/api/v1/notification', { token: trainer });
      expect(inbox.body.items.map((n: { title: string; read: boolean }) => [n.title, n.read])).toEqual([
        ['Wintertraining in der Halle', true],
        ['Neue Trainerfortbildung', false],
      ]);
      const club = await signIn(t.app, 'verein@example.org');
      const status = await call(t.app, 'GET', '/api/v1/admin/messages/1/status', { token: club });
      expect(status.body.recipients).toBeGreaterThan(3);
      expect(status.body.unread).toBe(status.body.recipients - 1);
      expect(status.body.states).toMatchObject({ pending: 0, sending: 0, no_subscription: status.body.recipients });
      expect(status.body.states.sent).toBeGreaterThan(0);
      const [{ id }] = await db.insert(messages).values({ orgId: 11, title: 'Neu' }).returning({ id: messages.id });
      expect(id).toBeGreaterThan(2);
    } finally {
      t.cleanup();
    }
  });

  it('changes nothing when run a second time', async () => {
    const before = await tableCounts(db);
    await seedDemo(db, { members: MEMBERS });
    expect(await tableCounts(db)).toEqual(before);
  });

  it('leaves the id sequences past the seeded ids, so new records can be created', async () => {
    const [max] = await db.select({ id: sql<number>`max(${members.id})::int` }).from(members);
    const [created] = await db
      .insert(members)
      .values({ firstName: 'Neue', surname: 'Person', birthDate: '2000-01-01', gender: 'w' })
      .returning({ id: members.id });
    expect(created.id).toBeGreaterThan(Number(max.id));
    const [fn] = await db
      .insert(functionAssignments)
      .values({ memberId: created.id, orgId: 11, roleId: FUNCTION_MEMBERSHIP, dateFrom: today })
      .returning({ id: functionAssignments.id });
    expect(fn.id).toBeGreaterThan(0);
    const [training] = await db
      .insert(memberTrainings)
      .values({ memberId: created.id, trainingId: 1, orgId: 11, dateFrom: today })
      .returning({ id: memberTrainings.id });
    expect(training.id).toBeGreaterThan(0);
    const [order] = await db
      .insert(orders)
      .values({ orgId: 11, category: `JAHRESLIZENZ_${year + 1}` })
      .returning({ id: orders.id });
    expect(order.id).toBeGreaterThan(0);
    const [org] = await db
      .insert(organisations)
      .values({ name: 'Neuer Verein', nameShort: 'NV', orgLevel: 3, orgMotherId: 4 })
      .returning({ id: organisations.id });
    expect(org.id).toBeGreaterThan(45);
    const [place] = await db.insert(places).values({ orgId: org.id, pname: 'Halle' }).returning({ id: places.id });
    expect(place.id).toBeGreaterThan(0);
  });

  it('refuses a second person with the same name, gender and birth date as a seeded one', async () => {
    // An ASCII first name, so the upper-cased copy is lower-cased back the same on any database locale.
    const candidates = await db
      .select()
      .from(members)
      .where(and(gt(members.id, 5), isNotNull(members.email)))
      .limit(50);
    const someone = candidates.find((m) => /^[A-Za-z]+$/.test(m.firstName))!;
    await expect(
      db.insert(members).values({
        firstName: someone.firstName.toUpperCase(),
        surname: someone.surname,
        birthDate: someone.birthDate,
        gender: someone.gender,
      }),
    ).rejects.toThrow();
    const [{ n }] = await db
      .select({ n: count() })
      .from(members)
      .where(and(eq(members.surname, someone.surname), eq(members.birthDate, someone.birthDate)));
    expect(Number(n)).toBe(1);
  });
});

describe('news pictures of the demo data', () => {
  let db: Db;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(os.tmpdir(), 'seed-pictures-'));
    db = createDb({ pgliteDir: 'memory://' });
    await migrate(db);
    await seedDemo(db, { members: 0, uploadDir });
  }, 120_000);
  afterAll(async () => {
    await closeDb(db);
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('are stored under the upload root as uploads are, and the API serves them and their thumbnails', async () => {
    const t = createTestApp(db, { env: { UPLOAD_DIR: uploadDir } });
    try {
      const token = await signIn(t.app, 'verband@example.org');
      const widths: Record<string, number> = {};
      for (const orgId of [1, 11, 12, 18]) {
        const list = await call(t.app, 'GET', `/api/v1/admin/news/${orgId}?size=100`, { token });
        const pictures = (
          list.body.items as Array<{
            visible: boolean;
            attachedFiles: Array<{ fileName: string; fileParam: { original: string; mime: string; thumbnails: Record<string, string> } }>;
          }>
        ).flatMap((n) => n.attachedFiles.map((f) => ({ ...f, visible: n.visible })));
        expect(new Set(pictures.map((p) => p.visible))).toEqual(new Set([true, false]));
        for (const picture of pictures) {
          const original = await call(t.app, 'GET', `/api/v1/uploads?file=${encodeURIComponent(picture.fileParam.original)}`, { token });
          expect([picture.fileName, original.status, original.headers.get('content-type')]).toEqual([
            picture.fileName,
            200,
            picture.fileParam.mime,
          ]);
          expect(await sharp(Buffer.from(await original.raw.arrayBuffer())).metadata()).toMatchObject({
            format: picture.fileParam.mime === 'image/png' ? 'png' : 'jpeg',
            width: 480,
            height: 300,
          });
          for (const [size, key] of Object.entries(picture.fileParam.thumbnails)) {
            const thumb = await call(t.app, 'GET', `/api/v1/uploads?file=${encodeURIComponent(key)}`, { token });
            expect([key, thumb.status, thumb.headers.get('content-type')]).toEqual([key, 200, 'image/webp']);
            widths[size] = (await sharp(Buffer.from(await thumb.raw.arrayBuffer())).metadata()).width!;
          }
        }
      }
      // no wider than the picture itself
      expect(widths).toEqual({ xs: 160, sm: 480, md: 480 });
    } finally {
      t.cleanup();
    }
  });

  it('keeps the stored files of a seed that committed and removes those of one that failed', async () => {
    const write = async (uploads: SeedUploads, name: string) => {
      writeFileSync(path.join(uploads.root, name), 'x');
      uploads.placed.push(name);
      return path.join(uploads.root, name);
    };
    const kept = await SeedUploads.open(uploadDir);
    const keptFile = await write(kept, 'kept.bin');
    await kept.settle(Promise.resolve());
    expect(existsSync(keptFile)).toBe(true);

    const failed = await SeedUploads.open(uploadDir);
    const failedFile = await write(failed, 'failed.bin');
    await expect(failed.settle(Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed');
    expect(existsSync(failedFile)).toBe(false);

    // without an upload root: a temporary one, gone afterwards
    const temporary = await SeedUploads.open(undefined);
    expect(temporary.root).not.toBe(uploadDir);
    await write(temporary, 'temp.bin');
    await temporary.settle(Promise.resolve());
    expect(existsSync(temporary.root)).toBe(false);
  });
});

describe('member generator', () => {
  const generate = (total: number, year: number) => {
    const g = new MemberGenerator(total, year, []);
    const out = g.next(total);
    expect(g.done).toBe(true);
    return out;
  };

  it('produces the same rows on every run', () => {
    expect(generate(200, 2030)).toEqual(generate(200, 2030));
  });

  it('produces member n the same whatever the total, so a bigger seed extends a smaller one', () => {
    const small = generate(60, 2030);
    const big = generate(600, 2030);
    expect(big.members.slice(0, 60)).toEqual(small.members);
    const ids = new Set(small.members.map((m) => m.id));
    expect(big.assignments.filter((a) => ids.has(a.memberId))).toEqual(small.assignments);
    expect(big.trainings.filter((t) => ids.has(t.memberId))).toEqual(small.trainings);
  });

  it('keeps spanning every age class in a later season', () => {
    const { members: rows } = generate(60, 2040);
    const classes = new Set(rows.map((m) => ageClass(2040 - Number(m.birthDate.slice(0, 4)))));
    expect(classes.size).toBe(8);
  });
});
