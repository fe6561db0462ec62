import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { publicChanges } from '@/lib/domain/tournaments/approval';
import { tournamentStatus } from '@/lib/domain/tournaments/status';
import { orderNumber } from '@/lib/domain/orders/order-number';
import type { Tournament, TournamentListQuery, TournamentPage } from '@/lib/schemas/tournaments';
import { escapeLike } from '../../db/like-pattern';
import { functionAssignments, members, orders, organisations, roles, tournaments, tournamentTypes } from '../../db/schema';
import type { TournamentCopy } from '../../db/schema/tournaments';
import type { AppDeps } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { loadCaller } from '../access';
import { rfc3339 } from '../timestamps';
import { mayRead, tournamentActor, type TournamentActor } from './tournament-access';
import { assignmentHeldOn } from '../assignment-days';

/**
 * Tournaments as the API answers them: the announcing organisation's list (the federation's: all),
 * its export, one tournament with the version it is compared with, the types and the referees the
 * form offers. Each answer carries the tournament's fee order.
 */

export type Row = typeof tournaments.$inferSelect;
export type Tx = Pick<AppDeps, 'db'>['db'];

const FILTER_CREATED = 'erstellt';

export async function actorFor(deps: AppDeps, callerId: number, orgId: number): Promise<TournamentActor> {
  return tournamentActor(await loadCaller(deps, callerId), orgId);
}

type FeeOrder = {
  id: number;
  status: string;
  completed: string | null;
  totalCents: number;
  invoiceNumber: string | null;
  canceled: boolean;
  updatedAt: string;
} | null;

function shape(row: Row, typeName: string, orgName: string, today: string, order: FeeOrder = null): Tournament {
  const p = row.params;
  const canceled = Boolean(p.canceled);
  return {
    id: row.id,
    name: row.name,
    type: row.typeId,
    typeName,
    orgId: row.orgId,
    orgName,
    start: row.start,
    end: row.end,
    openFrom: row.openFrom,
    openTo: row.openTo,
    approved: row.approved,
    orderStatus: row.orderStatus,
    status: tournamentStatus({ start: row.start, end: row.end, approved: row.approved, canceled }, today),
    params: {
      location: p.location,
      linkToRegistration: p.linkToRegistration ?? null,
      email: p.email,
      phone: p.phone ?? null,
      contactPerson: p.contactPerson,
      discipline: p.discipline ?? null,
      rule: p.rule ?? null,
      divisions: p.divisions ?? [],
      gradeCodes: p.gradeCodes ?? [],
      rangeCommanders: p.rangeCommanders ?? [],
      mainReferee: p.mainReferee ?? null,
      referees: p.referees ?? [],
      numberAnimals: p.numberAnimals ?? null,
      files: p.files ?? [],
      canceled,
      payed: row.orderStatus,
      approved: row.approved,
    },
    comment: { messages: row.comments },
    order: order && {
      id: order.id,
      orderNumber: orderNumber(row.orgId, order.id),
      status: order.status,
      completed: order.completed,
      canceled: order.canceled,
      total: order.totalCents / 100,
      invoiceNumber: order.invoiceNumber,
      updatedAt: rfc3339(order.updatedAt),
    },
    updatedAt: rfc3339(row.updatedAt),
  };
}

const selection = {
  row: tournaments,
  typeName: tournamentTypes.name,
  orgName: organisations.name,
  order: {
    id: orders.id,
    status: orders.status,
    completed: orders.completed,
    totalCents: orders.totalCents,
    invoiceNumber: orders.invoiceNumber,
    canceled: orders.canceled,
    updatedAt: orders.updatedAt,
  },
};
function selectTournaments(db: Tx) {
  return db
    .select(selection)
    .from(tournaments)
    .innerJoin(tournamentTypes, eq(tournamentTypes.id, tournaments.typeId))
    .innerJoin(organisations, eq(organisations.id, tournaments.orgId))
    .leftJoin(orders, eq(orders.id, tournaments.orderId));
}
export type Hit = { row: Row; typeName: string; orgName: string; order: FeeOrder | { id: null } };
const feeOrder = (hit: Hit): FeeOrder => (hit.order && hit.order.id !== null ? (hit.order as FeeOrder) : null);
export const answerOf = (hit: Hit, today: string) => shape(hit.row, hit.typeName, hit.orgName, today, feeOrder(hit));

/**
 * The WHERE of a list: the actor's tournaments, the search words and the filters. The type
 * filters (Leistungssport, Breitensport, …) are alternatives, a tournament has one type; 'erstellt'
 * narrows further: Leistungssport + erstellt lists the Leistungssport tournaments awaiting approval.
 */
function listWhere(actor: TournamentActor, query: Pick<TournamentListQuery, 'q' | 'filter'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [actor.overseesAll ? undefined : eq(tournaments.orgId, actor.org.id)];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${escapeLike(word)}%`;
    conditions.push(
      or(ilike(tournaments.name, like), ilike(organisations.name, like), sql`${tournaments.params}->>'location' ilike ${like}`),
    );
  }
  const filters = (query.filter ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const typeFilters = filters.filter((f) => f !== FILTER_CREATED);
  if (typeFilters.length) conditions.push(inArray(sql`${tournamentTypes.params}->>'filter'`, typeFilters));
  // awaiting approval: never approved, or changed since the approval
  if (filters.includes(FILTER_CREATED))
    conditions.push(
      and(
        or(isNull(tournaments.approved), eq(tournaments.approved, false)),
        sql`coalesce((${tournaments.params}->>'canceled')::boolean, false) = false`,
      ),
    );
  return and(...conditions);
}

/** GET /tournament/{orgId}: the organisation's tournaments (the federation: all), newest start first, searched and filtered in the database. */
export async function listTournaments(deps: AppDeps, callerId: number, orgId: number, query: TournamentListQuery): Promise<TournamentPage> {
  const actor = await actorFor(deps, callerId, orgId);
  const today = todayIso(deps.clock());
  const where = listWhere(actor, query);
  const rows = await selectTournaments(deps.db)
    .where(where)
    .orderBy(desc(tournaments.start), asc(tournaments.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tournaments)
    .innerJoin(tournamentTypes, eq(tournamentTypes.id, tournaments.typeId))
    .innerJoin(organisations, eq(organisations.id, tournaments.orgId))
    .where(where);
  return { items: rows.map((r) => answerOf(r as Hit, today)), total: n };
}

/** The export's limit: more than any federation announces in years. */
const EXPORT_LIMIT = 20_000;

/** GET /tournament/{orgId}/export.csv: the same list (search and filters), every page, as the table shows it. */
export async function exportTournaments(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  query: Pick<TournamentListQuery, 'q' | 'filter'>,
): Promise<Tournament[]> {
  const actor = await actorFor(deps, callerId, orgId);
  const today = todayIso(deps.clock());
  const rows = await selectTournaments(deps.db)
    .where(listWhere(actor, query))
    .orderBy(desc(tournaments.start), asc(tournaments.id))
    .limit(EXPORT_LIMIT);
  return rows.map((r) => answerOf(r as Hit, today));
}

/** The tournament as the API answers it, read in `db` (e.g. inside a write's transaction). */
export async function tournamentAnswer(db: Tx, id: number, today: string): Promise<Tournament> {
  return answerOf((await loadOne(db, id)) as Hit, today);
}

export async function loadOne(db: Tx, id: number, forUpdate = false) {
  const query = selectTournaments(db).where(eq(tournaments.id, id));
  const [hit] = forUpdate ? await query.for('update', { of: tournaments }) : await query;
  if (!hit) throw notFound('No such tournament');
  return hit;
}

/** The current copy of a row (the columns). */
export function copyOf(row: Row): TournamentCopy {
  return {
    name: row.name,
    typeId: row.typeId,
    start: row.start,
    end: row.end,
    openFrom: row.openFrom,
    openTo: row.openTo,
    params: row.params,
  };
}

/**
 * GET /tournament/tuple/{id}: the current copy and the one to compare it with: the version last
 * approved, or the first submission while it was never approved; and the public fields that
 * differ from the approved version (what a new approval would publish).
 */
export async function tournamentTuple(deps: AppDeps, callerId: number, id: number) {
  const caller = await loadCaller(deps, callerId);
  const hit = await loadOne(deps.db, id);
  // any organisation of the caller from which the tournament is readable
  const readable = caller.orgs.some((o) => {
    try {
      return mayRead(tournamentActor(caller, o.id), hit.row.orgId);
    } catch {
      return false;
    }
  });
  if (!readable) throw forbidden('You may not read this tournament');
  const approved = hit.row.approvedSnapshot;
  const o = approved ?? hit.row.original;
  return {
    current: answerOf(hit as Hit, todayIso(deps.clock())),
    original: {
      name: o.name,
      type: o.typeId,
      start: o.start,
      end: o.end,
      openFrom: o.openFrom,
      openTo: o.openTo,
      params: o.params as Record<string, unknown>,
    },
    originalIs: approved ? ('approved' as const) : ('submitted' as const),
    awaitingApproval: approved ? publicChanges(approved, copyOf(hit.row)) : [],
  };
}

/** GET /tournament/types: every type with what it offers. */
export async function listTournamentTypes(deps: AppDeps) {
  const rows = await deps.db.select().from(tournamentTypes).orderBy(asc(tournamentTypes.id));
  return rows.map((t) => ({ id: t.id, name: t.name, param: t.params }));
}

/**
 * GET /tournament/referees: who can be picked on the form: holders of an active function named
 * 'Schiedsrichter A…' (main referee or referee) or 'Schiedsrichter B…' (referee), by name.
 */
export async function refereeCandidates(
  deps: AppDeps,
): Promise<Array<{ id: number; firstName: string; lastName: string; level: 'A' | 'B' }>> {
  const today = todayIso(deps.clock());
  const rows = await deps.db
    .selectDistinct({ id: members.id, firstName: members.firstName, lastName: members.surname, role: roles.name })
    .from(functionAssignments)
    .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
    .innerJoin(members, eq(members.id, functionAssignments.memberId))
    .where(
      and(sql`lower(${roles.name}) like 'schiedsrichter a%' or lower(${roles.name}) like 'schiedsrichter b%'`, assignmentHeldOn(today)),
    )
    .orderBy(asc(members.surname), asc(members.firstName));
  const byId = new Map<number, { id: number; firstName: string; lastName: string; level: 'A' | 'B' }>();
  for (const r of rows) {
    const level = r.role.toLowerCase().startsWith('schiedsrichter a') ? 'A' : 'B';
    const seen = byId.get(r.id);
    if (!seen || level === 'A') byId.set(r.id, { id: r.id, firstName: r.firstName, lastName: r.lastName, level });
  }
  return [...byId.values()];
}
