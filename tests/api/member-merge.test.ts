/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { PERSON_REFERENCES, type PersonReference, type PersonReferenceKey } from '@/server/db/person-references';
import {
  auditEntries,
  duplicateDismissals,
  functionAssignments,
  memberMerges,
  members,
  memberTrainings,
  messagePreparations,
  messageDeliveries,
  messages,
  news,
  notifications,
  orderItems,
  orders,
  passwordResetTokens,
  pushSubscriptions,
  roleBatches,
  sessions,
  tournaments,
  uploadedFiles,
  erasedMembers,
  memberImportRows,
  memberImports,
  passkeys,
  personReads,
  secondFactorPending,
  webauthnChallenges,
} from '@/server/db/schema';
import { MERGE_RULES } from '@/server/services/members/merge-rules';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import type { TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Merging two records of one person and undoing it: the plan, every place that holds a person
 * moved and moved back (one row in each place of server/db/person-references.ts), function
 * periods joined, one login surviving, conflicts that block, lookups of the merged id, the undo's
 * refusals, parallel and stale merges, and who may merge.
 */

type Db = TestDb['db'];
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** One row naming `memberId` in each place that holds a person: TypeScript asks for a new place's row here too. */
/**
 * null: a place the round trip leaves out, each for its reason: a second factor blocks the merge
 * (its own test below); names copied into tournament forms, comments and invoices are kept as
 * written (the export and erasure tests cover them); an erased record is never merged.
 */
const PLACE_ROWS: Record<PersonReferenceKey, ((db: Db, memberId: number) => Promise<void>) | null> = {
  'function_assignments.member_id': async (db, id) => {
    await db.insert(functionAssignments).values({ memberId: id, orgId: 11, roleId: 16, dateFrom: '2020-01-01', dateTo: '2020-12-31' });
  },
  'member_trainings.member_id': async (db, id) => {
    await db.insert(memberTrainings).values({ memberId: id, trainingId: 8, orgId: 1, dateFrom: '2024-05-01' });
  },
  'order_items.member_id': async (db, id) => {
    const [order] = await db.insert(orders).values({ orgId: 11, category: 'MERGE_TEST_2031', createdBy: 1 }).returning();
    await db.insert(orderItems).values({ orderId: order.id, category: order.category, memberId: id });
  },
  'notifications.member_id': async (db, id) => {
    await db.insert(notifications).values({ memberId: id, orgId: 1, title: 'Hinweis' });
  },
  'message_deliveries.member_id': async (db, id) => {
    const [n] = await db.insert(notifications).values({ memberId: 1, orgId: 1, title: 'Zustellung' }).returning();
    await db.insert(messageDeliveries).values({ notificationId: n.id, memberId: id, medium: 'email' });
  },
  'push_subscriptions.member_id': async (db, id) => {
    await db
      .insert(pushSubscriptions)
      .values({ memberId: id, endpoint: `https://push.example.net/${randomUUID()}`, p256dh: 'k', auth: 'a' });
  },
  'sessions.member_id': async (db, id) => {
    await db
      .insert(sessions)
      .values({ id: randomUUID(), memberId: id, createdAt: new Date('2020-01-01'), expiresAt: new Date('2020-01-02') });
  },
  'password_reset_tokens.member_id': async (db, id) => {
    await db.insert(passwordResetTokens).values({ memberId: id, tokenHash: randomUUID(), email: 'x@example.net', expiresAt: new Date() });
  },
  'news.created_by': async (db, id) => {
    await db.insert(news).values({ orgId: 1, title: 'Neuigkeit', createdBy: id });
  },
  'messages.created_by': async (db, id) => {
    await db.insert(messages).values({ orgId: 1, title: 'Nachricht', createdBy: id });
  },
  'orders.created_by': async (db, id) => {
    await db.insert(orders).values({ orgId: 11, category: 'MERGE_TEST_2032', createdBy: id });
  },
  'role_batches.created_by': async (db, id) => {
    await db.insert(roleBatches).values({ id: randomUUID(), orgId: 11, createdBy: id, assigned: 0 });
  },
  'uploaded_files.uploaded_by': async (db, id) => {
    await db.insert(uploadedFiles).values({
      ownerType: 'org_document',
      ownerId: 11,
      originalName: 'a.pdf',
      storedPath: 'x',
      mime: 'application/pdf',
      size: 1,
      uploadedBy: id,
    });
  },
  'audit_entries.actor_id': async (db, id) => {
    await db.insert(auditEntries).values({ actorId: id, entity: 'organisation', entityId: '11', action: 'update' });
  },
  'message_preparations.member_ids': async (db, id) => {
    const [m] = await db.insert(messages).values({ orgId: 1, title: 'Vorbereitung' }).returning();
    await db.insert(messagePreparations).values({ messageId: m.id, memberIds: [1, id], total: 2 });
  },
  'uploaded_files.owner_id': async (db, id) => {
    await db
      .insert(uploadedFiles)
      .values({ ownerType: 'member_image', ownerId: id, originalName: 'b.png', storedPath: 'y', mime: 'image/png', size: 1 });
  },
  'audit_entries.entity_id': async (db, id) => {
    await db.insert(auditEntries).values({ actorId: 1, entity: 'member', entityId: String(id), action: 'update' });
  },
  'tournaments.params': async (db, id) => {
    const [type] = rowsOf(await db.execute(sql`select id from tournament_types limit 1`));
    const params = {
      location: 'Wien',
      email: 'a@example.net',
      contactPerson: 'X',
      mainReferee: { id, firstName: 'A', lastName: 'B' },
      referees: [{ id, firstName: 'A', lastName: 'B' }],
    };
    const copy = {
      name: 'T',
      typeId: Number(type.id),
      start: '2031-05-01',
      end: '2031-05-01',
      openFrom: '2031-01-01',
      openTo: '2031-04-01',
      params,
    };
    await db.insert(tournaments).values({
      orgId: 11,
      typeId: Number(type.id),
      name: 'T',
      start: '2031-05-01',
      end: '2031-05-01',
      openFrom: '2031-01-01',
      openTo: '2031-04-01',
      params,
      original: copy,
    });
  },
  'member_merges.survivor_id': async (db, id) => {
    await db
      .insert(memberMerges)
      .values({ survivorId: id, mergedId: 2_000_000_001, before: {}, actorId: 1, actingOrgId: 1, undoneAt: new Date().toISOString() });
  },
  'member_merges.merged_id': async (db, id) => {
    await db
      .insert(memberMerges)
      .values({ survivorId: 1, mergedId: id, before: {}, actorId: 1, actingOrgId: 1, undoneAt: new Date().toISOString() });
  },
  'member_merges.actor_id': async (db, id) => {
    await db
      .insert(memberMerges)
      .values({ survivorId: 1, mergedId: 2_000_000_002, before: {}, actorId: id, actingOrgId: 1, undoneAt: new Date().toISOString() });
  },
  'member_merges.undone_by': async (db, id) => {
    await db.insert(memberMerges).values({
      survivorId: 1,
      mergedId: 2_000_000_003,
      before: {},
      actorId: 1,
      actingOrgId: 1,
      undoneAt: new Date().toISOString(),
      undoneBy: id,
    });
  },
  'duplicate_dismissals.member_a_id': async (db, id) => {
    await db.insert(duplicateDismissals).values({ memberAId: id, memberBId: 2_000_000_004, dismissedBy: 1 });
  },
  'duplicate_dismissals.member_b_id': async (db, id) => {
    await db.insert(duplicateDismissals).values({ memberAId: 1, memberBId: id, dismissedBy: 1 });
  },
  'duplicate_dismissals.dismissed_by': async (db, id) => {
    await db.insert(duplicateDismissals).values({ memberAId: 2_000_000_005, memberBId: 2_000_000_006, dismissedBy: id });
  },
  'totp_secrets.member_id': null,
  'passkeys.member_id': null,
  'recovery_codes.member_id': null,
  'second_factor_pending.member_id': async (db, id) => {
    await db.insert(secondFactorPending).values({
      id: randomUUID(),
      memberId: id,
      stage: 'verify',
      email: 'x@example.net',
      client: '127.0.0.1',
      expiresAt: new Date(Date.now() + 60_000),
    });
  },
  'webauthn_challenges.member_id': async (db, id) => {
    await db
      .insert(webauthnChallenges)
      .values({ id: randomUUID(), memberId: id, purpose: 'register', challenge: 'c', expiresAt: new Date(Date.now() + 60_000) });
  },
  'tournaments.original': null,
  'tournaments.approved_snapshot': null,
  'tournaments.comments': null,
  'orders.comments': null,
  'order_invoices.lines': null,
  'person_reads.member_id': async (db, id) => {
    await db.insert(personReads).values({ memberId: id, readBy: 1, kind: 'member_card' });
  },
  'person_reads.read_by': async (db, id) => {
    await db.insert(personReads).values({ memberId: 1, readBy: id, kind: 'member_card' });
  },
  'erased_members.member_id': null,
  'erased_members.erased_by': async (db, id) => {
    await db.insert(erasedMembers).values({ memberId: 2_000_000_007, reason: 'Test', erasedBy: id });
  },
  'member_imports.created_by': async (db, id) => {
    await db
      .insert(memberImports)
      .values({ orgId: 11, createdBy: id, planId: 'p', fileName: 'a.csv', counts: {}, importDay: '2020-01-01' });
  },
  'member_imports.undone_by': async (db, id) => {
    await db
      .insert(memberImports)
      .values({ orgId: 11, createdBy: 1, undoneBy: id, planId: 'p', fileName: 'b.csv', counts: {}, importDay: '2020-01-01' });
  },
  'member_import_rows.member_id': async (db, id) => {
    const [imp] = await db
      .insert(memberImports)
      .values({ orgId: 11, createdBy: 1, planId: 'p', fileName: 'c.csv', counts: {}, importDay: '2020-01-01' })
      .returning();
    await db.insert(memberImportRows).values({ importId: imp.id, line: 2, verdict: 'create', memberId: id, updatedAtAfter: 'x' });
  },
};

/** How many rows of a place name the person. */
async function rowsNaming(db: Db, place: PersonReference, memberId: number): Promise<number> {
  const t = sql.identifier(place.table);
  const c = sql.identifier(place.column);
  const where = {
    'foreign-key': sql`${c} = ${memberId}`,
    'plain-id': sql`${c} = ${memberId}`,
    'id-array': sql`${memberId} = any(${c})`,
    owner: sql`owner_type = 'member_image' and owner_id = ${memberId}`,
    'audit-entity': sql`entity = 'member' and entity_id = ${String(memberId)} and action = 'update'`,
    json: sql`(params->'mainReferee'->>'id')::int = ${memberId}`,
  }[place.how];
  const [row] = rowsOf(await db.execute(sql`select count(*)::int as n from ${t} where ${where}`));
  return Number(row.n);
}

describe.each(testDrivers())('merging duplicate persons on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let today: string;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'land', 'verein']));
    today = todayIso(t.clock.now());
  }, 60_000);
  afterAll(() => closeApi({ tdb, t }));

  const as = (who: string) => callsWith(t, tokens[who]);
  let seq = 0;
  const person = async (over: Record<string, unknown> = {}) => {
    seq += 1;
    const res = await as('verband').post('/api/v1/admin/member', {
      orgId: 11,
      firstName: `Zora${String.fromCharCode(97 + (seq % 26))}${String.fromCharCode(97 + Math.floor(seq / 26))}`,
      surname: 'Doppelt',
      birthDate: '1985-07-03',
      gender: 'w',
      email: `zora${seq}.merge@example.net`,
      city: 'Baden',
      ...over,
    });
    if (res.status !== 201) throw new Error(`person: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; updatedAt: string; email: string };
  };
  const plan = (survivorId: number, mergedId: number, extra: Record<string, unknown> = {}, who = 'verband') =>
    as(who).post('/api/v1/admin/members/merge', { survivorId, mergedId, ...extra });
  const merge = async (survivorId: number, mergedId: number, extra: Record<string, unknown> = {}, who = 'verband') => {
    const p = await plan(survivorId, mergedId, extra, who);
    if (p.status !== 200) return p;
    return plan(
      survivorId,
      mergedId,
      { ...extra, dryRun: false, survivorUpdatedAt: p.body.survivorUpdatedAt, mergedUpdatedAt: p.body.mergedUpdatedAt },
      who,
    );
  };
  const undo = (mergeId: string, who = 'verband') => as(who).post(`/api/v1/admin/members/merge/${mergeId}/undo`, {});

  it('every place that holds a person has a merge rule', () => {
    expect(Object.keys(MERGE_RULES).sort()).toEqual(PERSON_REFERENCES.map((r) => r.key).sort());
  });

  it('merges and undoes a person with rows in every place that holds a person', async () => {
    const survivor = await person();
    const merged = await person({ firstName: 'Zorah' });
    const places = PERSON_REFERENCES.filter((p) => PLACE_ROWS[p.key] !== null);
    // only a blocking rule or a place kept as written is left out of the round trip
    for (const p of PERSON_REFERENCES.filter((x) => PLACE_ROWS[x.key] === null)) {
      expect([p.key, ['block', 'keep']]).toEqual([p.key, expect.arrayContaining([MERGE_RULES[p.key].kind])]);
    }
    for (const place of places) await PLACE_ROWS[place.key]!(tdb.db, merged.id);
    const before = new Map<string, number>();
    for (const place of places) before.set(place.key, await rowsNaming(tdb.db, place, merged.id));
    expect([...before].filter(([, n]) => n === 0)).toEqual([]);

    const dry = await plan(survivor.id, merged.id);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, mergeId: null, conflicts: [] });
    // The plan names every place with rows, and wrote nothing.
    expect(dry.body.moves.map((m: { place: string }) => m.place).sort()).toEqual(places.map((r) => r.key).sort());
    expect(await rowsNaming(tdb.db, PERSON_REFERENCES[1], merged.id)).toBe(before.get(PERSON_REFERENCES[1].key));

    const done = await plan(survivor.id, merged.id, {
      dryRun: false,
      survivorUpdatedAt: dry.body.survivorUpdatedAt,
      mergedUpdatedAt: dry.body.mergedUpdatedAt,
    });
    expect(done.status).toBe(200);
    expect(done.body.mergeId).toEqual(expect.any(String));
    for (const place of places) {
      const rule = MERGE_RULES[place.key];
      const left = await rowsNaming(tdb.db, place, merged.id);
      // (the merge's own record names the merged id once more)
      if (rule.kind === 'keep')
        expect([place.key, left]).toEqual([place.key, before.get(place.key)! + (place.key === 'member_merges.merged_id' ? 1 : 0)]);
      else expect([place.key, left]).toEqual([place.key, 0]);
    }
    expect(await tdb.db.select().from(members).where(eq(members.id, merged.id))).toEqual([]);
    // The merge's audit entries carry its id.
    const audit = await tdb.db.select().from(auditEntries).where(eq(auditEntries.mergeId, done.body.mergeId));
    expect(audit.map((a) => [a.entityId, a.action]).sort()).toEqual(
      [
        [String(merged.id), 'merge'],
        [String(survivor.id), 'merge'],
      ].sort(),
    );

    const back = await undo(done.body.mergeId);
    expect(back.status).toBe(200);
    for (const place of places) {
      const own = place.key === 'member_merges.merged_id' ? 1 : 0;
      // short-lived sign-in state ended with the merged record and does not come back
      const expected = MERGE_RULES[place.key].kind === 'drop' ? 0 : before.get(place.key)! + own;
      expect([place.key, await rowsNaming(tdb.db, place, merged.id)]).toEqual([place.key, expected]);
    }
    const [restored] = await tdb.db.select().from(members).where(eq(members.id, merged.id));
    expect(restored).toMatchObject({ firstName: 'Zorah', email: merged.email });
    expect((await tdb.db.select().from(auditEntries).where(eq(auditEntries.mergeId, done.body.mergeId))).map((a) => a.action)).toEqual(
      expect.arrayContaining(['merge', 'unmerge']),
    );
  });

  it("refuses while the record to merge away has its own second factor, naming it; the federation's reset clears the way", async () => {
    const survivor = await person();
    const merged = await person({ firstName: 'Zorin' });
    await tdb.db.insert(passkeys).values({ id: `merge-${randomUUID()}`, memberId: merged.id, publicKey: 'AA', name: 'Telefon' });
    const dry = await plan(survivor.id, merged.id);
    expect(dry.status).toBe(200);
    expect(dry.body.conflicts).toEqual([
      expect.objectContaining({ code: 'second_factor', value: { place: 'passkeys.member_id', rows: 1 } }),
    ]);
    const refused = await merge(survivor.id, merged.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('merge_conflicts');
    expect(await tdb.db.select().from(members).where(eq(members.id, merged.id))).toHaveLength(1);
    expect((await as('verband').del(`/api/v1/admin/member/${merged.id}/two_factor`)).status).toBe(200);
    expect((await merge(survivor.id, merged.id)).status).toBe(200);
  });

  it('shows the values field by field, takes the picked ones, joins the same function and keeps one login', async () => {
    const survivor = await person({ city: 'Baden', phoneMobile: null });
    const merged = await person({ firstName: 'Zoé', city: 'Mödling', phoneMobile: '+43 660 1234567' });
    await tdb.db.update(members).set({ passwordHash: 'hash-survivor' }).where(eq(members.id, survivor.id));
    await tdb.db.update(members).set({ passwordHash: 'hash-merged' }).where(eq(members.id, merged.id));
    const session = randomUUID();
    await tdb.db
      .insert(sessions)
      .values({ id: session, memberId: survivor.id, createdAt: new Date(), expiresAt: new Date(Date.now() + 3600_000) });

    const dry = await plan(survivor.id, merged.id, { fields: { city: 'merged', email: 'merged' } });
    expect(dry.status).toBe(200);
    const field = (name: string) => dry.body.fields.find((f: { field: string }) => f.field === name);
    expect(field('city')).toEqual({ field: 'city', survivor: 'Baden', merged: 'Mödling', differs: true, chosen: 'merged' });
    // an empty value never wins unasked
    expect(field('phoneMobile')).toMatchObject({ survivor: null, merged: '+43 660 1234567', chosen: 'merged' });
    expect(field('surname')).toMatchObject({ differs: false, chosen: 'survivor' });
    expect(dry.body.login).toBe('merged');
    const functions = dry.body.moves.find((m: { place: string }) => m.place === 'function_assignments.member_id');
    expect(functions).toMatchObject({ rows: 1, joined: 1 });

    const done = await plan(survivor.id, merged.id, {
      fields: { city: 'merged', email: 'merged' },
      dryRun: false,
      survivorUpdatedAt: dry.body.survivorUpdatedAt,
      mergedUpdatedAt: dry.body.mergedUpdatedAt,
    });
    expect(done.status).toBe(200);
    const [after] = await tdb.db.select().from(members).where(eq(members.id, survivor.id));
    expect(after).toMatchObject({ city: 'Mödling', phoneMobile: '+43 660 1234567', email: merged.email, passwordHash: 'hash-merged' });
    // The survivor's own login ended: its session is revoked.
    const [s] = await tdb.db.select().from(sessions).where(eq(sessions.id, session));
    expect(s.revokedAt).not.toBeNull();
    // One membership in the club, not two.
    const memberships = await tdb.db.select().from(functionAssignments).where(eq(functionAssignments.memberId, survivor.id));
    expect(memberships.filter((m) => m.orgId === 11 && m.roleId === 32)).toHaveLength(1);

    // The merged id reads the survivor.
    const read = await as('verband').get(`/api/v1/admin/member/1/${merged.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: survivor.id, city: 'Mödling' });

    // The survivor's history shows the merged record's too, and the merge with its id (for 'Rückgängig').
    const history = await as('verband').get(`/api/v1/admin/audit?entity=member&id=${survivor.id}&size=100`);
    expect(history.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entityId: String(merged.id), action: 'create' }),
        expect.objectContaining({ entityId: String(survivor.id), action: 'merge', mergeId: done.body.mergeId }),
      ]),
    );
    // Merging the merged record again: it is gone.
    const again = await plan(survivor.id, merged.id);
    expect([again.status, again.body.error.code]).toEqual([409, 'already_merged']);

    // Undo: both as they were, the membership split again.
    const back = await undo(done.body.mergeId);
    expect(back.status).toBe(200);
    expect(back.body.keptFields).toEqual([]);
    const [s2] = await tdb.db.select().from(members).where(eq(members.id, survivor.id));
    const [m2] = await tdb.db.select().from(members).where(eq(members.id, merged.id));
    expect([s2.city, s2.email, s2.passwordHash]).toEqual(['Baden', survivor.email, 'hash-survivor']);
    expect([m2.city, m2.email, m2.passwordHash]).toEqual(['Mödling', merged.email, 'hash-merged']);
    for (const id of [survivor.id, merged.id]) {
      const rows = await tdb.db.select().from(functionAssignments).where(eq(functionAssignments.memberId, id));
      expect(rows.filter((m) => m.orgId === 11 && m.roleId === 32).map((m) => [m.dateFrom, m.dateTo])).toEqual([[today, '2999-12-31']]);
    }
    expect((await as('verband').get(`/api/v1/admin/member/1/${merged.id}`)).body.id).toBe(merged.id);
  });

  it('names the conflicts that block a merge and writes nothing', async () => {
    const survivor = await person();
    const merged = await person();
    await tdb.db.insert(functionAssignments).values([
      { memberId: survivor.id, orgId: 11, roleId: 29, dateFrom: '2031-01-01', dateTo: '2031-12-31' },
      { memberId: merged.id, orgId: 18, roleId: 29, dateFrom: '2031-01-01', dateTo: '2031-12-31' },
    ]);
    for (const id of [survivor.id, merged.id]) {
      await tdb.db
        .update(members)
        .set({ passwordHash: `h${id}` })
        .where(eq(members.id, id));
      await tdb.db
        .insert(sessions)
        .values({ id: randomUUID(), memberId: id, createdAt: t.clock.now(), expiresAt: new Date(t.clock.now().getTime() + 3600_000) });
    }
    const dry = await plan(survivor.id, merged.id);
    expect(dry.body.conflicts.map((c: { code: string }) => c.code).sort()).toEqual(['licence_year', 'recent_logins']);
    expect(dry.body.conflicts.find((c: { code: string }) => c.code === 'licence_year').value).toEqual([2031]);
    const res = await plan(survivor.id, merged.id, {
      dryRun: false,
      survivorUpdatedAt: dry.body.survivorUpdatedAt,
      mergedUpdatedAt: dry.body.mergedUpdatedAt,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('merge_conflicts');
    expect(await tdb.db.select({ id: members.id }).from(members).where(eq(members.id, merged.id))).toHaveLength(1);
  });

  it('keeps what was added to the survivor after the merge with it, and lists it', async () => {
    const survivor = await person();
    const merged = await person();
    await PLACE_ROWS['member_trainings.member_id']!(tdb.db, merged.id);
    const done = await merge(survivor.id, merged.id);
    expect(done.status).toBe(200);
    const added = await as('verband').post(`/api/v1/admin/training/${survivor.id}`, { orgId: 1, trainingId: 8, dateFrom: today });
    expect(added.status).toBeLessThan(300);
    const back = await undo(done.body.mergeId);
    expect(back.status).toBe(200);
    expect(back.body.stayedWithSurvivor).toEqual([
      expect.objectContaining({ place: 'member_trainings.member_id', ids: [added.body.ausb_mg_id] }),
    ]);
    const trainings = async (id: number) => (await tdb.db.select().from(memberTrainings).where(eq(memberTrainings.memberId, id))).length;
    expect([await trainings(survivor.id), await trainings(merged.id)]).toEqual([1, 1]);
  });

  it('refuses an undo that would lose data, one that comes too late, and a second one', async () => {
    const survivor = await person();
    const merged = await person();
    const done = await merge(survivor.id, merged.id);
    // The joined membership was ended after the merge: splitting it again would lose that.
    await tdb.db.update(functionAssignments).set({ dateTo: '2030-12-31' }).where(eq(functionAssignments.memberId, survivor.id));
    const refused = await undo(done.body.mergeId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('joined_period_changed');
    expect(await tdb.db.select({ id: members.id }).from(members).where(eq(members.id, merged.id))).toEqual([]);
    await tdb.db.update(functionAssignments).set({ dateTo: '2999-12-31' }).where(eq(functionAssignments.memberId, survivor.id));

    // made yesterday: too late
    const [made] = await tdb.db.select({ at: memberMerges.createdAt }).from(memberMerges).where(eq(memberMerges.id, done.body.mergeId));
    await tdb.db
      .update(memberMerges)
      .set({ createdAt: new Date(t.clock.now().getTime() - 24 * 3600_000).toISOString() })
      .where(eq(memberMerges.id, done.body.mergeId));
    const late = await undo(done.body.mergeId);
    expect([late.status, late.body.error.code]).toEqual([409, 'undo_too_late']);
    await tdb.db.update(memberMerges).set({ createdAt: made.at }).where(eq(memberMerges.id, done.body.mergeId));
    expect((await undo(done.body.mergeId)).status).toBe(200);
    const again = await undo(done.body.mergeId);
    expect([again.status, again.body.error.code]).toEqual([409, 'already_undone']);
  });

  it('lets exactly one of two parallel merges of the same pair through', async () => {
    const survivor = await person();
    const merged = await person();
    const dry = await plan(survivor.id, merged.id);
    const body = { dryRun: false, survivorUpdatedAt: dry.body.survivorUpdatedAt, mergedUpdatedAt: dry.body.mergedUpdatedAt };
    const results = await Promise.all([plan(survivor.id, merged.id, body), plan(survivor.id, merged.id, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(['already_merged', 'stale']).toContain(results.find((r) => r.status === 409)!.body.error.code);
    expect(await tdb.db.select().from(memberMerges).where(eq(memberMerges.mergedId, merged.id))).toHaveLength(1);
  });

  it('answers 409 stale when a record was edited after the plan, and merges nothing', async () => {
    const survivor = await person();
    const merged = await person();
    const dry = await plan(survivor.id, merged.id);
    const edit = await as('verband').put('/api/v1/admin/member', { id: merged.id, updatedAt: merged.updatedAt, city: 'Graz' });
    expect(edit.status).toBe(200);
    const res = await plan(survivor.id, merged.id, {
      dryRun: false,
      survivorUpdatedAt: dry.body.survivorUpdatedAt,
      mergedUpdatedAt: dry.body.mergedUpdatedAt,
    });
    expect([res.status, res.body.error.code]).toEqual([409, 'stale']);
    expect(await tdb.db.select({ id: members.id }).from(members).where(eq(members.id, merged.id))).toHaveLength(1);
  });

  it('lets a state association merge within its clubs only, and no club at all', async () => {
    const own = await person();
    const own2 = await person();
    const foreign = await person({ orgId: 18 });
    expect((await plan(own.id, own2.id, {}, 'land')).status).toBe(200);
    const refused = await plan(own.id, foreign.id, {}, 'land');
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Zora');
    expect((await plan(own.id, own2.id, {}, 'verein')).status).toBe(403);
    const done = await merge(own.id, own2.id, {}, 'land');
    expect(done.status).toBe(200);
    expect((await undo(done.body.mergeId, 'verein')).status).toBe(403);
    expect((await undo(done.body.mergeId, 'land')).status).toBe(200);
  });

  it('refuses bad input: the same record twice, a merge without versions, an unknown merge', async () => {
    const a = await person();
    const b = await person();
    expect((await plan(a.id, a.id)).status).toBe(422);
    expect((await plan(a.id, b.id, { dryRun: false })).status).toBe(422);
    expect((await undo(randomUUID())).status).toBe(404);
    expect((await as('verband').post('/api/v1/admin/members/merge/not-a-uuid/undo', {})).status).toBe(422);
  });
});
