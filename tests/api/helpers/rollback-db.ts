import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

/**
 * A database handle for an in-process API whose every request can be undone: `db` forwards to the
 * real database, or, inside `rolledBack(...)`, to a transaction that is rolled back afterwards.
 * The services' own transactions become savepoints inside it. So a test can let many callers
 * write (create, update, delete) and each one still sees the untouched fixture data.
 */
export function rollbackDb(real: Db) {
  let current: Db = real;
  const db = new Proxy(real, {
    get(_target, property) {
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });

  async function rolledBack<T>(work: () => Promise<T>): Promise<T> {
    let result: { value: T } | undefined;
    try {
      await real.transaction(async (tx) => {
        current = tx as unknown as Db;
        try {
          result = { value: await work() };
        } finally {
          current = real;
        }
        tx.rollback();
      });
    } catch (err) {
      if (!(err instanceof TransactionRollbackError)) throw err;
    }
    if (!result) throw new Error('rolledBack: no result');
    return result.value;
  }

  return { db, rolledBack };
}
