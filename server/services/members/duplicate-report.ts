import { eq, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FORM_ALL_MEMBERS, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { matchDuplicate } from '@/lib/domain/member-duplicates';
import type { DuplicatePage, DuplicatePair, DuplicatesQuery, MergePairLink } from '@/lib/schemas/member-merge';
import { duplicateDismissals, organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden } from '../../http/errors';
import { recordAudit } from '../audit';
import { ownMemberOrgIds, ownMembersCondition } from '../member-access';
import type { Caller } from '../access';
import { mergeActingOrg, mergeCaller, mergeOrgs, mergeViewOrg } from './merge-access';

/**
 * The duplicates report (GET /admin/duplicates): pairs of person records that the duplicate rules
 * of lib/domain/member-duplicates.ts take for one person, best first, paged. Those rules need the
 * same or day/month-swapped birth date (e-mails are unique, so the e-mail rule never pairs two
 * stored records), so the database pairs records by birth date with hash joins over the
 * members in scope whose names start with the same letters (surname with surname and first name
 * with first name, or crossed for swapped names), so a typo in a name's first letter is not found,
 * and the rules score what is left. Pairs marked "not the same person" are left out.
 */

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/** The members the report looks at: null = everyone (the federation). */
async function scopeOrgIds(deps: AppDeps, callerId: number, org: number | undefined): Promise<number[] | null> {
  const orgs = mergeOrgs(await mergeCaller(deps, callerId));
  const federation = orgs.find((o) => o.level === ORG_LEVEL_FEDERATION);
  if (federation) {
    if (org === undefined) return null;
    const [target] = await deps.db
      .select({ id: organisations.id, level: organisations.orgLevel })
      .from(organisations)
      .where(eq(organisations.id, org));
    if (!target) return [org];
    return ownMemberOrgIds(deps, target);
  }
  // A state association: its own members, or one of its clubs'.
  const state = org === undefined ? orgs[0] : orgs.find((o) => o.id === org || (o.clubIds ?? []).includes(org));
  if (!state) throw forbidden('This organisation is not yours');
  if (org !== undefined && org !== state.id) return [org];
  return ownMemberOrgIds(deps, state);
}

type Person = { id: number; firstName: string; surname: string; birthDate: string; regNr: string | null; city: string | null };

export async function duplicateReport(deps: AppDeps, callerId: number, query: DuplicatesQuery): Promise<DuplicatePage> {
  const orgIds = await scopeOrgIds(deps, callerId, query.org);
  const pairs = await reportPairs(deps, ownMembersCondition(orgIds, todayIso(deps.clock())), query.pair);
  const start = (query.page - 1) * query.size;
  return { items: pairs.slice(start, start + query.size), total: pairs.length, page: query.page, size: query.size };
}

/**
 * The duplicate check's candidates that form a pair of the report which this caller may merge,
 * each with the organisation whose 'Duplikate' view (form 52) shows it, so staff merge the two
 * instead of creating a third record. Clubs get none.
 */
export async function mergePairLinks(deps: AppDeps, caller: Caller, ids: readonly number[]): Promise<MergePairLink[]> {
  const merges = caller.orgs.some(
    (o) => o.functions.includes(FORM_ALL_MEMBERS) && (o.level === ORG_LEVEL_FEDERATION || o.level === ORG_LEVEL_STATE),
  );
  if (!merges || ids.length < 2) return [];
  const links: MergePairLink[] = [];
  for (const pair of await reportPairs(deps, undefined, ids)) {
    const org = await mergeViewOrg(deps, caller, pair.a.id, pair.b.id);
    if (org) links.push({ aId: pair.a.id, bId: pair.b.id, orgId: org.id });
  }
  return links;
}

/** The pairs of the report, best first: members in scope (undefined: everyone), only those among `among` when given. */
async function reportPairs(deps: AppDeps, inScope: SQL | undefined, among?: readonly number[]): Promise<DuplicatePair[]> {
  const swapped = (d: string) =>
    sql.raw(
      `case when extract(day from ${d}) <= 12 and extract(day from ${d}) <> extract(month from ${d}) then make_date(extract(year from ${d})::int, extract(day from ${d})::int, extract(month from ${d})::int) end`,
    );
  const scopeA = inScope ? sql` and a.id in (select id from members where ${inScope})` : sql``;
  const scopeB = inScope ? sql` and b.id in (select id from members where ${inScope})` : sql``;
  const ids = among
    ? sql.join(
        among.map((id) => sql`${id}`),
        sql`, `,
      )
    : null;
  const amongAB = ids ? sql` and a.id in (${ids}) and b.id in (${ids})` : sql``;
  const columns = sql`a.id as a_id, a.first_name as a_first, a.surname as a_sur, a.birth_date::text as a_birth, a.reg_nr as a_reg, a.city as a_city,
    b.id as b_id, b.first_name as b_first, b.surname as b_sur, b.birth_date::text as b_birth, b.reg_nr as b_reg, b.city as b_city`;
  const notDismissed = sql`not exists (select 1 from duplicate_dismissals d where d.member_a_id = a.id and d.member_b_id = b.id)`;
  const s1 = (t: string) => sql.raw(`left(${t}.sort_surname, 1)`);
  const f1 = (t: string) => sql.raw(`left(${t}.sort_first_name, 1)`);
  // Names straight (surname with surname) or crossed (first name with surname): equalities the database hashes on.
  const straight = sql`${s1('b')} = ${s1('a')} and ${f1('b')} = ${f1('a')}`;
  const crossed = sql`${s1('b')} = ${f1('a')} and ${f1('b')} = ${s1('a')} and not (${s1('b')} = ${s1('a')} and ${f1('b')} = ${f1('a')})`;
  // Swapping day and month twice gives the date back, so each swapped pair is found once with a.id < b.id.
  const part = (date: SQL, names: SQL) =>
    sql`select ${columns} from members a join members b on b.birth_date = ${date} and ${names} and b.id > a.id where ${notDismissed}${scopeA}${scopeB}${amongAB}`;
  const sameDate = sql.raw('a.birth_date');
  const rows = rowsOf(
    await deps.db.execute(sql`
      ${part(sameDate, straight)} union all ${part(sameDate, crossed)}
      union all ${part(swapped('a.birth_date'), straight)} union all ${part(swapped('a.birth_date'), crossed)}
    `),
  );
  const pairs: DuplicatePair[] = [];
  for (const r of rows) {
    const a: Person = {
      id: Number(r.a_id),
      firstName: String(r.a_first),
      surname: String(r.a_sur),
      birthDate: String(r.a_birth),
      regNr: (r.a_reg as string) ?? null,
      city: (r.a_city as string) ?? null,
    };
    const b: Person = {
      id: Number(r.b_id),
      firstName: String(r.b_first),
      surname: String(r.b_sur),
      birthDate: String(r.b_birth),
      regNr: (r.b_reg as string) ?? null,
      city: (r.b_city as string) ?? null,
    };
    const match = matchDuplicate(a, b);
    if (match) pairs.push({ a, b, score: match.score, reasons: match.reasons });
  }
  pairs.sort((x, y) => y.score - x.score || x.a.surname.localeCompare(y.a.surname, 'de') || x.a.id - y.a.id || x.b.id - y.b.id);
  return pairs;
}

/** POST /admin/duplicates/dismiss: "not the same person" — the pair leaves the report for good. */
export async function dismissPair(deps: AppDeps, callerId: number, aId: number, bId: number): Promise<{ ok: true }> {
  const caller = await mergeCaller(deps, callerId);
  const acting = await mergeActingOrg(deps, caller, [aId, bId]);
  const [low, high] = aId < bId ? [aId, bId] : [bId, aId];
  await deps.db.transaction(async (tx) => {
    const added = await tx
      .insert(duplicateDismissals)
      .values({ memberAId: low, memberBId: high, dismissedBy: callerId })
      .onConflictDoNothing()
      .returning({ a: duplicateDismissals.memberAId });
    if (added.length > 0) {
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: acting.id,
        entity: 'member',
        entityId: low,
        action: 'status',
        before: { notSamePersonAs: null },
        after: { notSamePersonAs: high },
      });
    }
  });
  return { ok: true };
}
