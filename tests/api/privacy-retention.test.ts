/** @jest-environment node */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import {
  auditEntries,
  erasedMembers,
  functionAssignments,
  members,
  messageDeliveries,
  messages,
  notifications,
  passwordResetTokens,
  sessions,
} from '@/server/db/schema';
import { loadEnv } from '@/server/env';
import { runRetention } from '@/server/services/privacy/retention';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * The retention job: former members anonymised N years after their last function ended, expired
 * reset links and old sessions removed, addresses of long-delivered outbox rows cleared; a dry run
 * reports without changing anything; a second run (also one in parallel, from another process)
 * finds nothing left.
 */

const NOW = new Date('2026-11-27T03:00:00Z');
const DAY = 86_400_000;
const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'retention-'));

describe.each(testDrivers())('retention job on %s', (driver) => {
  let tdb: TestDb;
  let longGone: number;
  let recentlyLeft: number;
  let deliveryId: number;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    const db = tdb.db;
    const person = (firstName: string, surname: string) => ({
      firstName,
      surname,
      birthDate: '1970-03-03',
      gender: 'w' as const,
      email: `${surname.toLowerCase()}@example.org`,
    });
    const [a] = await db.insert(members).values(person('Erna', 'Langevorbei')).returning();
    const [b] = await db.insert(members).values(person('Olga', 'Kuerzlich')).returning();
    longGone = a.id;
    recentlyLeft = b.id;
    await db.insert(functionAssignments).values([
      { memberId: longGone, orgId: 11, roleId: 32, dateFrom: '2001-01-01', dateTo: '2014-12-31' },
      { memberId: longGone, orgId: 11, roleId: 29, dateFrom: '2010-01-01', dateTo: '2010-12-31' },
      { memberId: recentlyLeft, orgId: 11, roleId: 32, dateFrom: '2001-01-01', dateTo: '2020-12-31' },
    ]);
    await db.insert(passwordResetTokens).values([
      { memberId: recentlyLeft, tokenHash: 'expired', email: 'x@example.org', expiresAt: new Date(NOW.getTime() - DAY) },
      { memberId: recentlyLeft, tokenHash: 'valid', email: 'x@example.org', expiresAt: new Date(NOW.getTime() + DAY) },
    ]);
    await db.insert(sessions).values([
      {
        id: 'old-revoked',
        memberId: recentlyLeft,
        expiresAt: new Date(NOW.getTime() + DAY),
        revokedAt: new Date(NOW.getTime() - 40 * DAY),
      },
      { id: 'old-expired', memberId: recentlyLeft, expiresAt: new Date(NOW.getTime() - 40 * DAY) },
      { id: 'fresh-revoked', memberId: recentlyLeft, expiresAt: new Date(NOW.getTime() + DAY), revokedAt: new Date(NOW.getTime() - DAY) },
    ]);
    const [msg] = await db.select().from(messages).limit(1);
    const [n] = await db
      .insert(notifications)
      .values({ memberId: recentlyLeft, messageId: msg.id, orgId: msg.orgId, title: 't' })
      .returning();
    const [d] = await db
      .insert(messageDeliveries)
      .values({
        messageId: msg.id,
        notificationId: n.id,
        memberId: recentlyLeft,
        medium: 'email',
        state: 'sent',
        target: 'kuerzlich@example.org',
        processedAt: new Date(NOW.getTime() - 100 * DAY).toISOString(),
      })
      .returning();
    deliveryId = d.id;
  });
  afterAll(() => tdb?.close());

  const options = { now: NOW, formerMemberYears: 10, uploadDir };

  it('reports in a dry run what is due, and changes nothing', async () => {
    const report = await runRetention(tdb.db, { ...options, dryRun: true });
    expect(report.formerMembers).toContain(longGone);
    expect(report.formerMembers).not.toContain(recentlyLeft);
    expect(report.resetTokens).toBeGreaterThanOrEqual(1);
    expect(report.sessions).toBeGreaterThanOrEqual(2);
    expect(report.outboxRows).toBeGreaterThanOrEqual(1);
    const [a] = await tdb.db.select().from(members).where(eq(members.id, longGone));
    expect(a.surname).toBe('Langevorbei');
    expect(await tdb.db.select().from(sessions).where(eq(sessions.id, 'old-revoked'))).toHaveLength(1);
  });

  it('does it once, however many processes run it at the same time', async () => {
    const due = (await runRetention(tdb.db, { ...options, dryRun: true })).formerMembers;
    // on PostgreSQL each transaction takes its own connection of the pool, as two processes would
    const [r1, r2] = await Promise.all([runRetention(tdb.db, options), runRetention(tdb.db, options)]);
    expect([...r1.formerMembers, ...r2.formerMembers].sort((x, y) => x - y)).toEqual(due);
    expect(r1.sessions + r2.sessions).toBeGreaterThanOrEqual(2);
    const erased = await tdb.db.select().from(erasedMembers).where(inArray(erasedMembers.memberId, due));
    expect(erased).toHaveLength(due.length);
    expect(erased.every((e) => e.reason === 'retention' && e.erasedBy === null)).toBe(true);
    const erasures = await tdb.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'member'), eq(auditEntries.entityId, String(longGone)), eq(auditEntries.action, 'erase')));
    expect(erasures).toHaveLength(1);
  });

  it('anonymised the long-gone former member, kept the recent one, and removed what had expired', async () => {
    const [a] = await tdb.db.select().from(members).where(eq(members.id, longGone));
    expect(a).toMatchObject({ firstName: 'Anonym', surname: `#${longGone}`, birthDate: '1970-01-01', email: null });
    expect(await tdb.db.select().from(functionAssignments).where(eq(functionAssignments.memberId, longGone))).toHaveLength(2);
    const [b] = await tdb.db.select().from(members).where(eq(members.id, recentlyLeft));
    expect(b.surname).toBe('Kuerzlich');
    expect(
      (await tdb.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.memberId, recentlyLeft))).map((r) => r.tokenHash),
    ).toEqual(['valid']);
    expect((await tdb.db.select().from(sessions).where(eq(sessions.memberId, recentlyLeft))).map((s) => s.id)).toEqual(['fresh-revoked']);
    const [d] = await tdb.db.select().from(messageDeliveries).where(eq(messageDeliveries.id, deliveryId));
    expect(d).toMatchObject({ state: 'sent', target: null });
  });

  it('finds nothing left on the next run', async () => {
    expect(await runRetention(tdb.db, options)).toEqual({ dryRun: false, formerMembers: [], resetTokens: 0, sessions: 0, outboxRows: 0 });
  });

  it('takes the number of years from RETENTION_FORMER_MEMBER_YEARS (default 10)', () => {
    expect(loadEnv({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: uploadDir }).retentionFormerMemberYears).toBe(10);
    expect(
      loadEnv({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: uploadDir, RETENTION_FORMER_MEMBER_YEARS: '3' })
        .retentionFormerMemberYears,
    ).toBe(3);
    expect(() => loadEnv({ NODE_ENV: 'test', DATA_DIR: uploadDir, RETENTION_FORMER_MEMBER_YEARS: '0' })).toThrow(
      /RETENTION_FORMER_MEMBER_YEARS/,
    );
  });
});
