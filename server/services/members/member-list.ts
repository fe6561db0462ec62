import { and, asc, count, desc, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import { birthDateRange } from '@/lib/domain/members';
import { searchWords } from '@/lib/domain/search-fold';
import type { MemberListQuery, MemberSort } from '@/lib/schemas/members';
import type { Db } from '../../db/client';
import { foldSql, functionAssignments, members, memberSearchTextSql } from '../../db/schema';
import { memberColumns, toMemberDtos, type FunctionFilter, type MemberDto } from './member-shape';

/**
 * One page of members, searched, filtered, sorted and counted in the database (DESIGN §5).
 * Search: every word must occur in the folded search text (names, registration number, e-mail),
 * served by the pg_trgm GIN index members_search_trgm_idx. Default order surname, first name, id
 * (members_name_sort_idx), so an unfiltered page is read straight off the index.
 */

export type Page<T> = { items: T[]; total: number };

const SEARCH_TEXT = memberSearchTextSql(members);
const SURNAME_KEY = foldSql(members.surname);
const FIRST_NAME_KEY = foldSql(members.firstName);

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every search word must occur (substring) in the member's search text. */
export function searchCondition(q: string | undefined): SQL | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => sql`${SEARCH_TEXT} like ${`%${escapeLike(w)}%`}`));
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

export function filterConditions(query: Pick<MemberListQuery, 'q' | 'gender' | 'ageClass' | 'licence'>, today: string): SQL[] {
  const out: SQL[] = [];
  const search = searchCondition(query.q);
  if (search) out.push(search);
  if (query.gender) out.push(eq(members.gender, query.gender));
  if (query.ageClass) {
    const range = birthDateRange(query.ageClass, today);
    if (range.from) out.push(gte(members.birthDate, range.from));
    if (range.to) out.push(lte(members.birthDate, range.to));
  }
  if (query.licence === 'active') out.push(licenceCondition(today));
  if (query.licence === 'none') out.push(sql`not ${licenceCondition(today)}`);
  return out;
}

/** ORDER BY for a sort key; ties broken by name and id so paging is stable. */
export function orderBy(sort: MemberSort, dir: 'asc' | 'desc'): SQL[] {
  const d = dir === 'desc' ? desc : asc;
  const nulls = (col: SQL | AnyColumn) => sql`${col} ${sql.raw(dir === 'desc' ? 'desc' : 'asc')} nulls last`;
  switch (sort) {
    case 'surname':
      return [d(SURNAME_KEY), d(FIRST_NAME_KEY), d(members.id)];
    case 'firstName':
      return [d(FIRST_NAME_KEY), d(SURNAME_KEY), d(members.id)];
    case 'birthDate':
      return [d(members.birthDate), d(members.id)];
    case 'ageClass':
      // Youngest class first when ascending.
      return [(dir === 'desc' ? asc : desc)(members.birthDate), d(members.id)];
    case 'regNr':
      return [nulls(members.regNr), d(members.id)];
    case 'city':
      return [nulls(foldSql(members.city)), d(SURNAME_KEY), d(members.id)];
    case 'zip':
      return [nulls(members.zip), d(SURNAME_KEY), d(members.id)];
    case 'email':
      return [nulls(members.email), d(members.id)];
    case 'gender':
      return [d(members.gender), d(SURNAME_KEY), d(members.id)];
    case 'updatedAt':
      return [d(members.updatedAt), d(members.id)];
    case 'id':
      return [d(members.id)];
  }
}

/** A page of members matching `scope` (visibility, role filters ...) and the query's search and filters. */
export async function pageOfMembers(
  db: Db,
  scope: Array<SQL | undefined>,
  query: MemberListQuery,
  today: string,
  functions: FunctionFilter,
): Promise<Page<MemberDto>> {
  const where = and(...scope.filter((c): c is SQL => Boolean(c)), ...filterConditions(query, today));
  const offset = (query.page - 1) * query.pageSize;
  const rows = await db
    .select(memberColumns)
    .from(members)
    .where(where)
    .orderBy(...orderBy(query.sort, query.dir))
    .limit(query.pageSize)
    .offset(offset);
  // A short first page already tells the total; otherwise count in the database.
  const total =
    offset === 0 && rows.length < query.pageSize
      ? rows.length
      : Number((await db.select({ n: count() }).from(members).where(where))[0]?.n ?? 0);
  return { items: await toMemberDtos(db, rows, today, functions), total };
}
