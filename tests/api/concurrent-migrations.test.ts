/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { closeDb, createDb, migrate } from '@/server/db/client';

/*
 * Several API processes starting together on one PostgreSQL database (a fresh one, or after an
 * upgrade brought new migrations) each run the migrations at start: one applies them, the others
 * wait for it and find nothing left to do. None fails (before, the second one failed on tables the
 * first had just made, and its process ended).
 */

jest.setTimeout(120_000);

const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

pgOnly('migrations run by several processes at once', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `api_test_migrate_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const onAdmin = async (statement: string) => {
    const c = new Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  beforeAll(() => onAdmin(`CREATE DATABASE "${name}"`));
  afterAll(() => onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

  it('applies each migration once while three processes start together on a fresh database', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dbs = [0, 1, 2].map(() => createDb({ databaseUrl: url.toString() }));
    try {
      const results = await Promise.allSettled(dbs.map((db) => migrate(db)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const journal = await dbs[0].execute<{ hash: string; n: number }>(
        sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
      );
      expect(journal.rows.length).toBeGreaterThan(0);
      expect(journal.rows.filter((r) => r.n !== 1)).toEqual([]);
    } finally {
      await Promise.all(dbs.map((db) => closeDb(db)));
    }
  });
});
