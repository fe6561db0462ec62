import { and, asc, count, desc, eq, gte, inArray, lte, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
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
import { assignmentHeldOn } from '../assignment-days';
import { activeAssignmentsIn, holdsAssignment, ownMembersCondition } from '../member-access';

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

/** The LIKE patterns of a search: every word must occur (substring) in the search text. */
function searchPatterns(q: string | undefined): string[] {
  return searchWords(q).map((w) => `%${escapeLike(w)}%`);
}

/** Every search word must occur (substring) in the member's search text (`column`: where a query names it otherwise). */
export function searchCondition(q: string | undefined, column: SQL | AnyColumn = SEARCH_TEXT): SQL | undefined {
  const patterns = searchPatterns(q);
  if (patterns.length === 0) return undefined;
  return and(...patterns.map((pattern) => sql`${column} like ${pattern}`));
}

/** Has an active licence (function 29) today. */
function licenceCondition(today: string): SQL {
  return sql`exists (select 1 from ${functionAssignments} where ${and(
    eq(functionAssignments.memberId, members.id),
    eq(functionAssignments.roleId, FUNCTION_LICENCE),
    assignmentHeldOn(today),
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
  // Read-only: a scope made by memberScope is kept per shape from its parts, so a condition added
  // afterwards would be missing from its kept statement.
  readonly conditions: ReadonlyArray<SQL | undefined>;
  /**
   * The same set as function assignments (WHERE over function_assignments): without search or
   * filters the total is then counted from the index of assignments alone.
   */
  readonly assignments?: SQL;
  /** What the scope was made of, when memberScope made it: its statement can be kept per shape. */
  readonly parts?: ScopeParts;
};

/**
 * A scope by its parts: the own members of `orgIds` (null: everyone) who, when `roleIds` are
 * given, hold one of those functions today (in any organisation).
 */
export type ScopeParts = { orgIds: number[] | null; roleIds?: number[] };

/** Ids and the day as values, or as the placeholders of a statement kept for its shape. */
function scopeConditions(orgIds: Array<number | Placeholder> | null, roleIds: Array<number | Placeholder>, day: string | Placeholder) {
  const conditions = [ownMembersCondition(orgIds, day)];
  if (roleIds.length > 0) {
    conditions.push(holdsAssignment(and(inArray(functionAssignments.roleId, roleIds), assignmentHeldOn(day))!));
  }
  // Holding given functions narrows the set: it is no longer the organisations' assignments.
  const assignments = orgIds !== null && roleIds.length === 0 ? activeAssignmentsIn(orgIds, day) : undefined;
  return { conditions, assignments };
}

/** The scope of `parts` on `day`. */
export function memberScope(parts: ScopeParts, day: string): MemberScope {
  return { ...scopeConditions(parts.orgIds, parts.roleIds ?? [], day), parts };
}

/**
 * What every list leaves out, whatever its scope, search or statement: an erased person (an
 * anonymous record kept for invoices and history) is in no list.
 */
function listedAtAll(): SQL[] {
  return [notErased(members.id)];
}

/** The WHERE of a list: its scope plus the query's search and filters. */
export function listWhere(scope: MemberScope, query: Parameters<typeof filterConditions>[0], today: string) {
  const filters = filterConditions(query, today);
  const conditions = [...scope.conditions.filter((c): c is SQL => Boolean(c)), ...listedAtAll(), ...filters];
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
 * The page statement: the inner query finds, sorts and cuts the page; the outer one adds each
 * member's assignments and trainings and the total to those rows only, in the same order.
 * `limit`/`offset` may be placeholders (searchedPageStatement).
 */
function pageStatement(
  db: Db,
  scope: MemberScope,
  where: SQL | undefined,
  filters: SQL[],
  searching: boolean,
  sort: MemberSort,
  dir: 'asc' | 'desc',
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const order = orderBy(sort, dir, searching);
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
    .limit(limit as number)
    .offset(offset as number)
    .as('members');
  return db
    .select({ ...memberColumns, total: totalColumn(db, scope, where, filters, searching), ...memberRelationColumns })
    .from(page)
    .orderBy(...order);
}

/** The query has no filter but its search words: its statement depends on its shape only. */
function onlySearched(query: MemberListQuery): boolean {
  return !query.gender && !query.city && !query.ageClass && !query.licence;
}

/**
 * The statement of a searched list over a scope given by its parts, built once per shape (sort,
 * direction, number of words, of organisations and of functions) with placeholders for the words,
 * the ids, the day and the page, and kept per database session (like the session check's
 * statement): building it took about as long as the database needs for a name search. Unnamed,
 * so PostgreSQL still plans each search for its values. At most KEPT_SHAPES are kept; a list of
 * another shape builds its statement each time.
 */
const KEPT_SHAPES = 200;
const keptPages = new WeakMap<object, Map<string, ReturnType<typeof prepareScopedPage>>>();

type Shape = { sort: MemberSort; dir: 'asc' | 'desc'; words: number; orgs: number | null; roles: number };

function placeholders(prefix: string, n: number): Placeholder[] {
  return Array.from({ length: n }, (_, i) => sql.placeholder(`${prefix}${i}`));
}

function prepareScopedPage(db: Db, shape: Shape) {
  const scope = scopeConditions(
    shape.orgs === null ? null : placeholders('o', shape.orgs),
    placeholders('r', shape.roles),
    sql.placeholder('day'),
  );
  const patterns = placeholders('w', shape.words).map((w) => sql`${SEARCH_TEXT} like ${w}`);
  const where = and(...scope.conditions.filter((c): c is SQL => Boolean(c)), ...listedAtAll(), ...patterns);
  return pageStatement(
    db,
    scope,
    where,
    patterns,
    shape.words > 0,
    shape.sort,
    shape.dir,
    sql.placeholder('limit'),
    sql.placeholder('offset'),
  ).prepare('');
}

function keptPageStatement(db: Db, shape: Shape) {
  const session = (db as unknown as { session: object }).session;
  let statements = keptPages.get(session);
  if (!statements) keptPages.set(session, (statements = new Map()));
  const key = `${shape.sort} ${shape.dir} ${shape.words} ${shape.orgs ?? 'all'} ${shape.roles}`;
  let statement = statements.get(key);
  if (!statement && statements.size < KEPT_SHAPES) statements.set(key, (statement = prepareScopedPage(db, shape)));
  return statement;
}

/** The values of a kept statement's placeholders. */
function keptPageValues(parts: ScopeParts, patterns: string[], day: string, limit: number, offset: number) {
  const named = (prefix: string, values: readonly unknown[]) => values.map((v, i) => [`${prefix}${i}`, v] as const);
  return Object.fromEntries([
    ...named('w', patterns),
    ...named('o', parts.orgIds ?? []),
    ...named('r', parts.roleIds ?? []),
    ['day', day],
    ['limit', limit],
    ['offset', offset],
  ]);
}

/** The page through the statement kept for its shape; undefined when none is (filters, a scope not made by memberScope, too many shapes). */
function keptPage(db: Db, scope: MemberScope, query: MemberListQuery, today: string, offset: number) {
  const parts = scope.parts;
  if (!parts || !onlySearched(query)) return undefined;
  const patterns = searchPatterns(query.q);
  const statement = keptPageStatement(db, {
    sort: query.sort,
    dir: query.dir,
    words: patterns.length,
    orgs: parts.orgIds === null ? null : parts.orgIds.length,
    roles: parts.roleIds?.length ?? 0,
  });
  return statement?.execute(keptPageValues(parts, patterns, today, query.pageSize, offset));
}

/** The page through a statement built for this query. */
function builtPage(db: Db, scope: MemberScope, query: MemberListQuery, today: string, offset: number) {
  const { where, filters, searching } = listWhere(scope, query, today);
  return pageStatement(db, scope, where, filters, searching, query.sort, query.dir, query.pageSize, offset);
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
  const offset = (query.page - 1) * query.pageSize;
  const rows = await (keptPage(db, scope, query, today, offset) ?? builtPage(db, scope, query, today, offset));

  // A page past the end has no rows to carry the total: count on its own.
  const total =
    rows.length > 0
      ? Number(rows[0].total)
      : offset === 0
        ? 0
        : Number(
            (
              await db
                .select({ n: count() })
                .from(members)
                .where(listWhere(scope, query, today).where)
            )[0]?.n ?? 0,
          );
  const relations = { assignments: rows.flatMap((r) => r.assignments), trainings: rows.flatMap((r) => r.trainings) };
  return { items: shapeMembers(rows, relations, today, functions), total };
}
