import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { matchDuplicate } from '@/lib/domain/member-duplicates';
import type { DuplicatePage, DuplicatePair, DuplicatesQuery, MergePairLink } from '@/lib/schemas/member-merge';
import { duplicateDismissals, members, organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden } from '../../http/errors';
import { recordAudit } from '../audit';
import { ownMemberOrgIds, ownMembersCondition } from '../member-access';
import type { Caller } from '../access';
import { candidatePairs, type CandidatePerson } from './duplicate-keys';
import { mergeActingOrg, mergeCaller, mergeOrgs, mergeViewOrg, mergeViewOrgs } from './merge-access';

/**
 * The duplicates report (GET /admin/duplicates): pairs of person records that the duplicate rules
 * of lib/domain/member-duplicates.ts take for one person, best first, paged. Those rules need the
 * same or day/month-swapped birth date (e-mails are unique, so the e-mail rule never pairs two
 * stored records), so the database pairs the members in scope by their stored duplicate keys
 * (duplicateKeys: one birth key for a date and its swapped form, and the first word of each folded
 * name): records sharing the birth key and one name key, straight or crossed, are candidates, and
 * the rules score them. Only records flagged dup_match (the rules pair them with another record;
 * duplicate-keys.ts keeps the flag on every write) are looked at, through a partial index, so a
 * page does not cost a pass over every member. Pairs marked "not the same person" are left out.
 */

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
  const scored = await reportPairs(deps, ownMembersCondition(orgIds, todayIso(deps.clock())), query.pair);
  const start = (query.page - 1) * query.size;
  const page = scored.slice(start, start + query.size);
  // The town and licence number are read for the page's pairs only.
  const ids = page.flatMap((p) => [p.a.id, p.b.id]);
  const details = new Map(
    (ids.length
      ? await deps.db.select({ id: members.id, regNr: members.regNr, city: members.city }).from(members).where(inArray(members.id, ids))
      : []
    ).map((m) => [m.id, m]),
  );
  const shown = ({ id, firstName, surname, birthDate }: CandidatePerson): Person => ({
    id,
    firstName,
    surname,
    birthDate,
    regNr: details.get(id)?.regNr ?? null,
    city: details.get(id)?.city ?? null,
  });
  const items: DuplicatePair[] = page.map((p) => ({ a: shown(p.a), b: shown(p.b), score: p.score, reasons: p.reasons }));
  return { items, total: scored.length, page: query.page, size: query.size };
}

/**
 * The duplicate check's candidates that form a pair of the report which this caller may merge,
 * each with the organisation whose 'Duplikate' view (form 52) shows it, so staff merge the two
 * instead of creating a third record. Clubs get none.
 */
export async function mergePairLinks(deps: AppDeps, caller: Caller, ids: readonly number[]): Promise<MergePairLink[]> {
  if (mergeViewOrgs(caller).length === 0 || ids.length < 2) return [];
  const links: MergePairLink[] = [];
  for (const pair of await reportPairs(deps, undefined, ids)) {
    const org = await mergeViewOrg(deps, caller, pair.a.id, pair.b.id);
    if (org) links.push({ aId: pair.a.id, bId: pair.b.id, orgId: org.id });
  }
  return links;
}

type ScoredPair = { a: CandidatePerson; b: CandidatePerson; score: number; reasons: DuplicatePair['reasons'] };

/** The pairs of the report, best first: members in scope (undefined: everyone), only those among `among` when given. */
async function reportPairs(deps: AppDeps, inScope: SQL | undefined, among?: readonly number[]): Promise<ScoredPair[]> {
  const scopeA = inScope ? sql` and a.id in (select id from members where ${inScope})` : sql``;
  const scopeB = inScope ? sql` and b.id in (select id from members where ${inScope})` : sql``;
  const ids = among
    ? sql.join(
        among.map((id) => sql`${id}`),
        sql`, `,
      )
    : null;
  const amongAB = ids ? sql` and a.id in (${ids}) and b.id in (${ids})` : sql``;
  const notDismissed = sql`not exists (select 1 from duplicate_dismissals d where d.member_a_id = a.id and d.member_b_id = b.id)`;
  const candidates = await candidatePairs(deps.db, sql`${notDismissed}${scopeA}${scopeB}${amongAB}`, true);
  const scored: ScoredPair[] = [];
  for (const { a, b } of candidates) {
    const match = matchDuplicate(a, b);
    if (match) scored.push({ a, b, score: match.score, reasons: match.reasons });
  }
  scored.sort((x, y) => y.score - x.score || x.a.surname.localeCompare(y.a.surname, 'de') || x.a.id - y.a.id || x.b.id - y.b.id);
  return scored;
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
