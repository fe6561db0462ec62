import { eq, sql, type AnyColumn } from 'drizzle-orm';
import { erasedMembers } from '../../db/schema';
import type { Q } from './person-places';

/**
 * An erased person stays as an anonymous record (invoices and licence history point to it) but is
 * in no answer: lists, searches and the member card leave them out with these.
 */

/** SQL condition: the member of `memberId` is not erased. */
export function notErased(memberId: AnyColumn) {
  return sql`not exists (select 1 from ${erasedMembers} where ${erasedMembers.memberId} = ${memberId})`;
}

export async function isErased(q: Q, memberId: number): Promise<boolean> {
  const [row] = await q.select({ id: erasedMembers.memberId }).from(erasedMembers).where(eq(erasedMembers.memberId, memberId));
  return Boolean(row);
}
