import { and, asc, count, desc, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import { birthDateRange } from '@/lib/domain/members';
import { foldSearch, searchWords } from '@/lib/domain/search-fold';
import type { Member, Page } from '@/lib/schemas/member-responses';
import type { MemberListQuery, MemberSort } from '@/lib/schemas/members';
import type { Db } from '../../db/client';
import { foldSql, functionAssignments, members } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { memberColumns, memberRelationColumns, shapeMembers, type FunctionFilter } from './member-shape';
import { notErased } from '../privacy/erased';

/**
 * One page of members, searched, filtered, sorted and counted in the database (lists stay fast at 100,000 members).
 * Search: every word must occur in the folded search text (names, registration number, e-mail),
 * (the stored column search_text), served by the pg_trgm GIN index members_search_text_trgm_idx.
 * Default order surname, first name, id (members_sort_name_idx), so an unfiltered page is read
 * straight off the index.
 */

const SEARCH_TEXT = members.searchText;
const SURNAME_KEY = members.sortSurname;
const FIRST_NAME_KEY = members.sortFirstName;

/** Every search word must occur (substring) in the member's search text (`column`: where a query names it otherwise). */
export function searchCondition(q: string | undefined, column: SQL | AnyColumn = SEARCH_TEXT): SQL | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => sql`${column} like ${`%${escapeLike(w)}%`}`));
}

/** Has an active licence (function 29) today. */
function licenceCondition(today: string): SQL {
  return sql`exists (select 1 from ${functionAssignments} where ${and(
    eq(functionAssignments.memberId, members.id),
    eq(functionAssignments.roleId, FUNCTION_LICENCE),
    lte(functionAssignments.dateFrom, today),
    gte(functionAssignments.dateTo, today),
  )})`;
}

export function filterConditions(query: Pick<MemberListQuery, 'q' | 'gender' | 'ageClass' | 'licence' | 'city'>, today: string): SQL[] {
  const out: SQL[] = [];
  const search = searchCondition(query.q);
  if (search) out.push(search);
  if (query.gender) out.push(eq(members.gender, query.gender));
  if (query.city) out.push(sql`${foldSql(members.city)} like ${`%${escapeLike(foldSearch(query.city))}%`}`);
  if (query.ageClass) {
    const range = birthDateRange(query.ageClass, today);
    if (range.from) out.push(gte(members.birthDate, range.from));
    if (range.to) out.push(lte(members.birthDate, range.to));
  }
  if (query.licence === 'active') out.push(licenceCondition(today));
  if (query.licence === 'none') out.push(sql`not ${licenceCondition(today)}`);
  return out;
}

/**
 * ORDER BY for a sort key; ties broken by name and id so paging is stable.
 * `searching`: the first key is wrapped in a no-op expression (text || '', date + 0 ...) so the
 * planner cannot walk a sort index filtering row by row until a page is full (slow when the words
 * are rare or frequent but late in the alphabet); for a search, fetching the matches through the
 * trigram index and sorting them is always the cheaper plan.
 */
export function orderBy(sort: MemberSort, dir: 'asc' | 'desc', searching = false): SQL[] {
  const d = (key: SQL | AnyColumn) => (dir === 'desc' ? desc(key) : asc(key));
  const direction = sql.raw(dir === 'desc' ? 'desc' : 'asc');
  const text = (col: AnyColumn) => (searching ? sql`(${col} || '')` : sql`${col}`);
  const nullsLast = (key: SQL) => sql`${key} ${direction} nulls last`;
  switch (sort) {
    case 'surname':
      return [d(text(SURNAME_KEY)), d(FIRST_NAME_KEY), d(members.id)];
    case 'firstName':
      return [d(text(FIRST_NAME_KEY)), d(SURNAME_KEY), d(members.id)];
    case 'birthDate':
      return [d(searching ? sql`(${members.birthDate} + 0)` : sql`${members.birthDate}`), d(members.id)];
    case 'ageClass':
      // Youngest class first when ascending.
      return [(dir === 'desc' ? asc : desc)(searching ? sql`(${members.birthDate} + 0)` : sql`${members.birthDate}`), d(members.id)];
    case 'regNr':
      return [nullsLast(text(members.regNr)), d(members.id)];
    case 'city':
      return [nullsLast(foldSql(members.city)), d(SURNAME_KEY), d(members.id)];
    case 'zip':
      return [nullsLast(sql`${members.zip}`), d(SURNAME_KEY), d(members.id)];
    case 'email':
      return [nullsLast(text(members.email)), d(members.id)];
    case 'gender':
      return [d(members.gender), d(SURNAME_KEY), d(members.id)];
    case 'updatedAt':
      return [d(members.updatedAt), d(members.id)];
    case 'id':
      return [d(searching ? sql`(${members.id} + 0)` : sql`${members.id}`)];
  }
}

/** Which members a list covers, before the query's own search and filters. */
export type MemberScope = {
  conditions: Array<SQL | undefined>;
  /**
   * The same set as function assignments (WHERE over function_assignments): without search or
   * filters the total is then counted from the index of assignments alone.
   */
  assignments?: SQL;
};

/** The WHERE of a list: its scope plus the query's search and filters. */
export function listWhere(scope: MemberScope, query: Parameters<typeof filterConditions>[0], today: string) {
  const filters = filterConditions(query, today);
  // an erased person (an anonymous record kept for invoices and history) is in no list
  const conditions = [...scope.conditions.filter((c): c is SQL => Boolean(c)), notErased(members.id), ...filters];
  return { where: conditions.length ? and(...conditions) : undefined, filters, searching: searchWords(query.q).length > 0 };
}

/**
 * How many members match in all, as an output column of the page statement:
 * - a search counts its matches in the same pass (`count(*) over ()` in the inner query: they are
 *   fetched through the trigram index anyway);
 * - a scope given as assignments, without search or filters, counts from the index of assignments alone;
 * - otherwise a count over the same WHERE.
 * The last two are uncorrelated subqueries: PostgreSQL runs them once per statement.
 */
function totalColumn(db: Db, scope: MemberScope, where: SQL | undefined, filters: SQL[], searching: boolean): SQL<string | null> {
  if (searching) return sql<string>`${sql.identifier('total')}`;
  if (filters.length === 0 && scope.assignments) {
    return sql<string>`(${db
      .select({ n: sql`count(distinct ${functionAssignments.memberId})` })
      .from(functionAssignments)
      .where(scope.assignments)})`;
  }
  return sql<string>`(${db.select({ n: count() }).from(members).where(where)})`;
}

/**
 * A page of members in `scope` matching the query's search and filters, and how many match in all,
 * in one statement: the inner query finds, sorts and cuts the page; the outer one adds each
 * member's assignments and trainings (memberRelationColumns) and the total to those rows only, in
 * the same order. The inner query is named `members` and selects the sort keys, so the member
 * columns and the same ORDER BY read it from outside.
 */
export async function pageOfMembers(
  db: Db,
  scope: MemberScope,
  query: MemberListQuery,
  today: string,
  functions: FunctionFilter,
): Promise<Page<Member>> {
  const { where, filters, searching } = listWhere(scope, query, today);
  const offset = (query.page - 1) * query.pageSize;
  const order = orderBy(query.sort, query.dir, searching);

  const page = db
    .select({
      ...memberColumns,
      sortSurname: SURNAME_KEY,
      sortFirstName: FIRST_NAME_KEY,
      ...(searching ? { total: sql<string>`count(*) over ()`.as('total') } : {}),
    })
    .from(members)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offset)
    .as('members');
  const rows = await db
    .select({ ...memberColumns, total: totalColumn(db, scope, where, filters, searching), ...memberRelationColumns })
    .from(page)
    .orderBy(...order);

  // A page past the end has no rows to carry the total: count on its own.
  const total =
    rows.length > 0
      ? Number(rows[0].total)
      : offset === 0
        ? 0
        : Number((await db.select({ n: count() }).from(members).where(where))[0]?.n ?? 0);
  const relations = { assignments: rows.flatMap((r) => r.assignments), trainings: rows.flatMap((r) => r.trainings) };
  return { items: shapeMembers(rows, relations, today, functions), total };
}
