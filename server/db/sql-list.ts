import { sql, type SQL } from 'drizzle-orm';

/** `(1, 2, 3)` for `x in ${idList(ids)}` in raw SQL; an empty list matches nothing (`(null)`). */
export function idList(ids: readonly number[]): SQL {
  return ids.length
    ? sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`(null)`;
}
