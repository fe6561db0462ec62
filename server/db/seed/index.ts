import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  countries,
  functionAssignments,
  inventory,
  memberTrainings,
  members,
  messages,
  news,
  newsCategories,
  orderCategories,
  orderItems,
  orders,
  organisations,
  places,
  roleGroups,
  roles,
  tournaments,
  tournamentTypes,
  trainingDefinitions,
  uploadedFiles,
} from '@/server/db/schema';
import { resolveInsideRoot } from '@/server/files/upload-root';
import { rebuildDuplicateKeys } from '@/server/services/members/duplicate-keys';
import { numberLicenceHolders } from '@/server/services/licence-numbers';
import { hashPassword } from '@/server/services/password-hash';
import { COUNTRY_ROWS } from './countries';
import { DEMO_ACCOUNTS, DEMO_BOARD_SEATS, demoAssignments, demoMemberRows, demoPeople, demoTrainings } from './demo-accounts';
import { insertRows, resetSequence, type SeedDb } from './insert';
import { FIRST_GENERATED_MEMBER_ID, identityKey, MemberGenerator, type Generated } from './members';
import { duplicateKeys } from '@/lib/domain/member-duplicates';
import { buildDuplicateSeed, DUPLICATE_ID_BASE } from './duplicate-pairs';
import { buildOrganisations, buildPlaces } from './organisations';
import {
  addIssuedLicenceLines,
  buildDemoOrderScenario,
  buildOrderCategories,
  buildOrders,
  numberReleasedInvoices,
  SEED_PICTURE_PNG,
} from './orders';
import { buildRoles, ROLE_GROUPS } from './roles';
import { buildTournaments, buildTournamentTypes } from './tournaments';
import { buildMessages, seedMessageDeliveries } from './messages';
import { buildInventory, buildNews, buildNewsCategories, buildNewsPictures } from './news';
import { SeedUploads, seedNewsPictures } from './news-pictures';
import { TRAINING_DEFINITIONS } from './trainings';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

export const DEFAULT_MEMBER_COUNT = 1500;

export type SeedOptions = {
  /** Generated members besides the five demo accounts (default 1,500). */
  members?: number;
  /**
   * The season the data is built around (default: the current year from the clock). Everything
   * else is fixed or derived from a seeded PRNG; the year keeps "this season's licence is active",
   * "last season's has expired" and the age classes true whenever the seed runs.
   */
  year?: number;
  /**
   * Where uploads live: when given, the seeded profile pictures are written there (if missing) and
   * the news pictures stored there; without it the news pictures' records are made all the same.
   */
  uploadDir?: string;
  /**
   * Whether to add the 100 pairs of persons entered twice or merely alike (default true; see
   * duplicate-pairs.ts). Their identities are kept free in the generated members either way.
   */
  duplicates?: boolean;
  log?: (message: string) => void;
};

export type SeedSummary = {
  organisations: number;
  members: number;
  functionAssignments: number;
  memberTrainings: number;
  orders: number;
  orderItems: number;
  orderCategories: number;
  places: number;
  milliseconds: number;
};

/** Tables with serial ids the seed fills with explicit ids. */
const SERIAL_TABLES = [
  'organisations',
  'places',
  'members',
  'function_assignments',
  'member_trainings',
  'orders',
  'order_items',
  'order_categories',
  'tournaments',
  'news',
  'news_categories',
  'inventory',
  'messages',
];

/** Members generated (and inserted) per round: bounds memory for 100,000-member federations. */
const CHUNK = 5000;

/**
 * Loads the demo federation: countries, the organisation tree with places and fees, the role
 * catalogue, training definitions, the demo accounts and the generated members with their
 * memberships, licences, functions and trainings, news with pictures.
 *
 * Deterministic: the same options give the same rows (seeded PRNG; ids fixed), except the
 * pictures' uuids (news and profile pictures), which are random as for any upload. Idempotent: rows
 * are inserted with fixed ids and conflicts skipped, so a second run adds nothing and keeps edits.
 * All in one transaction: a failure leaves the database as it was.
 *
 * Dates: fixed where they are history (founding dates, the dissolved club's end); otherwise placed
 * relative to `year` (default: the clock's current year), so licences of "this season" stay active,
 * last season's are expired, and members keep spanning every age class (U10 … 65+) in any year.
 */
export async function seedDemo(db: SeedDb, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const count = Math.max(0, Math.floor(options.members ?? DEFAULT_MEMBER_COUNT));
  const year = options.year ?? new Date().getFullYear();
  const log = options.log ?? (() => {});
  if (FIRST_GENERATED_MEMBER_ID + count > DUPLICATE_ID_BASE)
    throw new Error(`demo data: at most ${DUPLICATE_ID_BASE - FIRST_GENERATED_MEMBER_ID} members`);

  // Hash outside the transaction: it is CPU work, not database work.
  const hashes = new Map<number, string>();
  for (const a of DEMO_ACCOUNTS) hashes.set(a.memberId, await hashPassword(a.password));

  let pictures: string[] = [];
  const summary: SeedSummary = {
    organisations: 0,
    members: 0,
    functionAssignments: 0,
    memberTrainings: 0,
    orders: 0,
    orderItems: 0,
    orderCategories: 0,
    places: 0,
    milliseconds: 0,
  };

  const uploads = await SeedUploads.open(options.uploadDir);
  const seeded = db.transaction(async (tx) => {
    await insertRows(tx, countries, COUNTRY_ROWS);

    const orgRows = buildOrganisations(year);
    const placeRows = buildPlaces(year);
    const categoryRows = buildOrderCategories(year);
    const seeded = buildOrders(year);
    await insertRows(tx, organisations, orgRows);
    await insertRows(tx, places, placeRows);
    await insertRows(tx, orderCategories, categoryRows);
    await insertRows(tx, orders, seeded.orders);
    await insertRows(tx, orderItems, seeded.items);
    summary.organisations = orgRows.length;
    summary.places = placeRows.length;
    summary.orderCategories = categoryRows.length;
    summary.orders = seeded.orders.length;
    summary.orderItems = seeded.items.length;
    log(
      `seed: ${COUNTRY_ROWS.length} countries, ${orgRows.length} organisations, ${placeRows.length} places, ` +
        `${categoryRows.length} order categories, ${seeded.orders.length} fee and licence orders`,
    );

    const roleRows = buildRoles();
    await insertRows(tx, roleGroups, ROLE_GROUPS);
    await insertRows(tx, roles, roleRows);
    await insertRows(tx, trainingDefinitions, TRAINING_DEFINITIONS);
    log(`seed: ${ROLE_GROUPS.length} role groups, ${roleRows.length} roles, ${TRAINING_DEFINITIONS.length} training definitions`);

    const demoMembers = keyed(demoMemberRows(hashes));
    const demoFunctions = demoAssignments(year);
    const demoCourses = demoTrainings();
    await insertRows(tx, members, demoMembers);
    await insertRows(tx, functionAssignments, demoFunctions);
    await insertRows(tx, memberTrainings, demoCourses);
    summary.members += demoMembers.length;
    summary.functionAssignments += demoFunctions.length;
    summary.memberTrainings += demoCourses.length;
    log(`seed: demo accounts ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`);

    const duplicates = buildDuplicateSeed(year);
    const taken = [...demoPeople(), ...duplicates.members].map(identityKey);
    const generator = new MemberGenerator(count, year, taken, DEMO_BOARD_SEATS);
    let first: Generated | undefined;
    while (!generator.done) {
      const chunk = generator.next(CHUNK);
      first ??= chunk;
      await insertRows(tx, members, keyed(chunk.members));
      await insertRows(tx, functionAssignments, chunk.assignments);
      await insertRows(tx, memberTrainings, chunk.trainings);
      summary.members += chunk.members.length;
      summary.functionAssignments += chunk.assignments.length;
      summary.memberTrainings += chunk.trainings.length;
      if (count > CHUNK) log(`seed: ${summary.members - demoMembers.length} / ${count} members`);
    }

    if (options.duplicates ?? true) {
      await insertRows(tx, members, keyed(duplicates.members));
      await insertRows(tx, functionAssignments, duplicates.assignments);
      summary.members += duplicates.members.length;
      summary.functionAssignments += duplicates.assignments.length;
      log(`seed: ${duplicates.truePairs.length} persons entered twice, ${duplicates.nearMisses.length} pairs of look-alikes`);
    }

    const ordersStarted = Date.now();
    if (first) {
      const scenario = buildDemoOrderScenario(year, first);
      // A picture is recorded once (a second run finds its file path) and attached only when its
      // record is new. Its uuid, the address it is served under, is random like every upload's.
      const known = scenario.files.length
        ? new Set(
            (
              await tx
                .select({ storedPath: uploadedFiles.storedPath })
                .from(uploadedFiles)
                .where(
                  inArray(
                    uploadedFiles.storedPath,
                    scenario.files.map((f) => f.storedPath),
                  ),
                )
            ).map((r) => r.storedPath),
          )
        : new Set<string>();
      const fresh = scenario.files.filter((f) => !known.has(f.storedPath));
      const newFiles = fresh.length
        ? await tx.insert(uploadedFiles).values(fresh).returning({ uuid: uploadedFiles.uuid, ownerId: uploadedFiles.ownerId })
        : [];
      for (const f of newFiles) {
        await tx
          .update(members)
          .set({ uuid: f.uuid })
          .where(and(eq(members.id, f.ownerId!), isNull(members.uuid)));
      }
      pictures = scenario.files.map((f) => f.storedPath);
      await insertRows(tx, functionAssignments, scenario.assignments);
      await insertRows(tx, orders, scenario.orders);
      await insertRows(tx, orderItems, scenario.items);
      summary.orders += scenario.orders.length;
      summary.orderItems += scenario.items.length;
    }

    await insertRows(tx, tournamentTypes, buildTournamentTypes());
    await insertRows(tx, tournaments, buildTournaments(year));
    await insertRows(tx, newsCategories, buildNewsCategories());
    const createdNews = await tx.insert(news).values(buildNews(year)).onConflictDoNothing().returning({ id: news.id });
    const newsPictures = await seedNewsPictures(
      tx,
      uploads,
      buildNewsPictures(),
      new Set(createdNews.map((n) => n.id)),
      DEMO_ACCOUNTS.find((a) => a.email === 'verband@example.org')!.memberId,
    );
    log(`seed: ${createdNews.length} news articles, ${newsPictures} news pictures with thumbnails`);
    await insertRows(tx, inventory, buildInventory());
    const today = new Date().toISOString().slice(0, 10);
    await insertRows(tx, messages, buildMessages(year, today));
    await seedMessageDeliveries(tx, today);

    for (const table of SERIAL_TABLES) await resetSequence(tx, table);
    await rebuildDuplicateKeys(tx);
    // After the sequences moved past the fixed ids: these lines take fresh ids.
    const scenarioDone = Date.now();
    const issued = await addIssuedLicenceLines(tx, year);
    await numberReleasedInvoices(tx);
    // The licence-number counter continues after the seeded numbers; licence holders without one get one.
    await numberLicenceHolders(tx);
    summary.orderItems += issued;
    log(
      `seed: demo club order scenario in ${scenarioDone - ordersStarted} ms, ${issued} licence lines of released orders in ${Date.now() - scenarioDone} ms`,
    );
  });
  // the news pictures' files stay only if the transaction committed
  await uploads.settle(seeded);

  if (options.uploadDir) await writePictures(options.uploadDir, pictures);

  summary.milliseconds = Date.now() - started;
  log(
    `seed: done in ${(summary.milliseconds / 1000).toFixed(1)} s: ${summary.members} members, ` +
      `${summary.functionAssignments} function assignments, ${summary.memberTrainings} trainings (rows that already existed were left as they were)`,
  );
  return summary;
}

/** Member rows with their duplicate keys (as server/services/members/duplicate-keys.ts stores them on every write). */
function keyed<T extends { firstName: string; surname: string; birthDate: string }>(rows: T[]): T[] {
  return rows.map((r) => ({ ...r, ...duplicateKeys(r) }));
}

/** Writes the seeded profile pictures under the upload root, leaving files that exist alone. */
async function writePictures(uploadDir: string, relativePaths: string[]): Promise<void> {
  for (const relative of relativePaths) {
    const full = resolveInsideRoot(uploadDir, relative);
    const exists = await access(full).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, SEED_PICTURE_PNG);
  }
}
