import { and, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { functionAssignments } from '../db/schema';

/**
 * The days a function assignment (function, membership, licence) is held: from its first day to its
 * last, both included (isActiveOn in lib/domain/members.ts says the same of one assignment in
 * memory; members.function_dates keeps the same days per member in the database). Every statement
 * that asks "held on a day" or "held on some day of a period" says it with these, so the rule has
 * one wording.
 *
 * `as` names the table when a statement written as plain SQL reads function_assignments under an
 * alias of its own (`fa`, `a`); otherwise the condition is over the table itself.
 */

/** A day as an ISO date, or the placeholder of a prepared statement. */
type Day = string | Placeholder;

/** Held on `day`: first day ≤ day ≤ last day. */
export function assignmentHeldOn(day: Day, as?: string): SQL {
  if (as) {
    const t = sql.identifier(as);
    return sql`(${t}.date_from <= ${day} and ${t}.date_to >= ${day})`;
  }
  return and(lte(functionAssignments.dateFrom, day), gte(functionAssignments.dateTo, day))!;
}

/**
 * Held on at least one day of `first` … `last` (both included): the periods overlap. An assignment
 * that ends before it starts is held on no day, so on none of these either.
 */
export function assignmentHeldBetween(first: Day, last: Day, as?: string): SQL {
  if (as) {
    const t = sql.identifier(as);
    return sql`(${t}.date_from <= ${last} and ${t}.date_to >= ${first} and ${t}.date_from <= ${t}.date_to)`;
  }
  const fa = functionAssignments;
  return and(lte(fa.dateFrom, last), gte(fa.dateTo, first), lte(fa.dateFrom, fa.dateTo))!;
}
