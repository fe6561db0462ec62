import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { approvalAfterChange, nextCalendarSequence, publicChanges } from '@/lib/domain/tournaments/approval';
import { tournamentIssues, type TournamentTypeParams } from '@/lib/domain/tournaments/rules';
import { tournamentStatus } from '@/lib/domain/tournaments/status';
import { CREATED_STATUS } from '@/lib/domain/orders/availability';
import { orderNumber } from '@/lib/domain/orders/order-number';
import type { Tournament, TournamentInput, TournamentListQuery, TournamentPage, TournamentUpdate } from '@/lib/schemas/tournaments';
import { escapeLike } from '../../db/like-pattern';
import { functionAssignments, members, orderCategories, orderItems, orders, organisations, roles, tournaments, tournamentTypes } from '../../db/schema';
import type { TournamentComment, TournamentCopy, TournamentParams } from '../../db/schema/tournaments';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller } from '../access';
import { recordAudit } from '../audit';
import { rfc3339 } from '../timestamps';
import { mayChange, mayRead, requireCreator, tournamentActor, type TournamentActor } from './tournament-access';

/**
 * Tournaments: the announcing organisation's list and form (1000), the federation's approval
 * (1001). The first submission is kept as the original; every later change updates only the
 * current copy (the columns). The approval keeps the approved version (approvedSnapshot), which
 * the public calendar shows; a later change of what the public sees waits for a new approval
 * (lib/domain/tournaments/approval.ts). Every rule of lib/domain/tournaments/rules.ts is checked
 * here; a cancelled tournament changes no more.
 */

type Row = typeof tournaments.$inferSelect;
type Tx = Pick<AppDeps, 'db'>['db'];

const FILTER_CREATED = 'erstellt';

async function actorFor(deps: AppDeps, callerId: number, orgId: number): Promise<TournamentActor> {
  return tournamentActor(await loadCaller(deps, callerId), orgId);
}

type FeeOrder = { id: number; status: string; completed: string | null; totalCents: number; invoiceNumber: string | null; canceled: boolean; updatedAt: string } | null;

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
  order: { id: orders.id, status: orders.status, completed: orders.completed, totalCents: orders.totalCents, invoiceNumber: orders.invoiceNumber, canceled: orders.canceled, updatedAt: orders.updatedAt },
};
function selectTournaments(db: Tx) {
  return db
    .select(selection)
    .from(tournaments)
    .innerJoin(tournamentTypes, eq(tournamentTypes.id, tournaments.typeId))
    .innerJoin(organisations, eq(organisations.id, tournaments.orgId))
    .leftJoin(orders, eq(orders.id, tournaments.orderId));
}
type Hit = { row: Row; typeName: string; orgName: string; order: FeeOrder | { id: null } };
const feeOrder = (hit: Hit): FeeOrder => (hit.order && hit.order.id !== null ? (hit.order as FeeOrder) : null);
const answerOf = (hit: Hit, today: string) => shape(hit.row, hit.typeName, hit.orgName, today, feeOrder(hit));

/**
 * The WHERE of a list: the actor's tournaments, the search words and the filters. The type
 * filters (Leistungssport, Breitensport, …) are alternatives, a tournament has one type; 'erstellt'
 * narrows further: Leistungssport + erstellt lists the Leistungssport tournaments awaiting approval.
 */
function listWhere(actor: TournamentActor, query: Pick<TournamentListQuery, 'q' | 'filter'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [actor.overseesAll ? undefined : eq(tournaments.orgId, actor.org.id)];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${escapeLike(word)}%`;
    conditions.push(or(ilike(tournaments.name, like), ilike(organisations.name, like), sql`${tournaments.params}->>'location' ilike ${like}`));
  }
  const filters = (query.filter ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  const typeFilters = filters.filter((f) => f !== FILTER_CREATED);
  if (typeFilters.length) conditions.push(inArray(sql`${tournamentTypes.params}->>'filter'`, typeFilters));
  // awaiting approval: never approved, or changed since the approval
  if (filters.includes(FILTER_CREATED)) conditions.push(and(or(isNull(tournaments.approved), eq(tournaments.approved, false)), sql`coalesce((${tournaments.params}->>'canceled')::boolean, false) = false`));
  return and(...conditions);
}

/** GET /tournament/{org}: the organisation's tournaments (the federation: all), newest start first, searched and filtered in the database. */
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

/** GET /tournament/{org}/export.csv: the same list (search and filters), every page, as the table shows it. */
export async function exportTournaments(deps: AppDeps, callerId: number, orgId: number, query: Pick<TournamentListQuery, 'q' | 'filter'>): Promise<Tournament[]> {
  const actor = await actorFor(deps, callerId, orgId);
  const today = todayIso(deps.clock());
  const rows = await selectTournaments(deps.db).where(listWhere(actor, query)).orderBy(desc(tournaments.start), asc(tournaments.id)).limit(EXPORT_LIMIT);
  return rows.map((r) => answerOf(r as Hit, today));
}

/** The tournament as the API answers it, read in `db` (e.g. inside a write's transaction). */
export async function tournamentAnswer(db: Tx, id: number, today: string): Promise<Tournament> {
  return answerOf((await loadOne(db, id)) as Hit, today);
}

async function loadOne(db: Tx, id: number, forUpdate = false) {
  const query = selectTournaments(db).where(eq(tournaments.id, id));
  const [hit] = forUpdate ? await query.for('update', { of: tournaments }) : await query;
  if (!hit) throw notFound('No such tournament');
  return hit;
}

/** The current copy of a row (the columns). */
function copyOf(row: Row): TournamentCopy {
  return { name: row.name, typeId: row.typeId, start: row.start, end: row.end, openFrom: row.openFrom, openTo: row.openTo, params: row.params };
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
    original: { name: o.name, type: o.typeId, start: o.start, end: o.end, openFrom: o.openFrom, openTo: o.openTo, params: o.params as Record<string, unknown> },
    originalIs: approved ? ('approved' as const) : ('submitted' as const),
    awaitingApproval: approved ? publicChanges(approved, copyOf(hit.row)) : [],
  };
}

/** GET /tournament/types: every type with what it offers. */
export async function listTournamentTypes(deps: AppDeps) {
  const rows = await deps.db.select().from(tournamentTypes).orderBy(asc(tournamentTypes.id));
  return rows.map((t) => ({ id: t.id, name: t.name, param: t.params }));
}

/** The active function names of the picked referees. */
async function refereeFunctions(db: Tx, ids: number[], today: string): Promise<Map<number, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ memberId: functionAssignments.memberId, name: roles.name })
    .from(functionAssignments)
    .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
    .where(and(inArray(functionAssignments.memberId, ids), lte(functionAssignments.dateFrom, today), gte(functionAssignments.dateTo, today)));
  const map = new Map<number, string[]>();
  for (const r of rows) map.set(r.memberId, [...(map.get(r.memberId) ?? []), r.name]);
  return map;
}

/** Checks the input against its type and the rules; answers the params to store (names of persons from the database). */
async function checked(db: Tx, orgId: number, input: TournamentInput, today: string): Promise<TournamentParams> {
  const [type] = await db.select().from(tournamentTypes).where(eq(tournamentTypes.id, input.type));
  if (!type) throw new ApiError(422, 'validation', 'There is no such tournament type', { field: 'type', rule: 'unknown', value: input.type });
  const p = input.params;
  const mainRefereeId = p.mainReferee?.id ?? null;
  const refereeIds = (p.referees ?? []).map((r) => r.id);
  const picked = [...new Set([...(mainRefereeId === null ? [] : [mainRefereeId]), ...refereeIds])];
  const issues = tournamentIssues(
    {
      orgId,
      start: input.start,
      end: input.end,
      openFrom: input.openFrom,
      openTo: input.openTo,
      discipline: p.discipline ?? null,
      rule: p.rule ?? null,
      divisions: p.divisions ?? [],
      gradeCodes: p.gradeCodes ?? [],
      mainRefereeId,
      refereeIds,
      numberAnimals: p.numberAnimals ?? null,
    },
    { params: type.params as TournamentTypeParams },
    today,
    await refereeFunctions(db, picked, today),
  );
  if (issues.length) {
    const [first] = issues;
    throw new ApiError(422, 'validation', `'${first.field}' breaks the rule ${first.rule}`, { field: first.field === 'type' ? 'type' : first.field.startsWith('start') || first.field.startsWith('end') || first.field.startsWith('open') ? first.field : `params.${first.field}`, rule: first.rule });
  }
  const people = picked.length ? await db.select({ id: members.id, firstName: members.firstName, lastName: members.surname }).from(members).where(inArray(members.id, picked)) : [];
  const personOf = (id: number) => people.find((x) => x.id === id) ?? { id, firstName: '', lastName: '' };
  return {
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
    mainReferee: mainRefereeId === null ? null : personOf(mainRefereeId),
    referees: refereeIds.map(personOf),
    numberAnimals: p.numberAnimals ?? null,
    // attachments come and go through their own calls (uploads), never through the form
    files: [],
  };
}

/** POST /tournament/{org}: announces a tournament; this first submission is also kept as the original. */
export async function createTournament(deps: AppDeps, callerId: number, orgId: number, input: TournamentInput): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  requireCreator(actor);
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const params = await checked(tx, actor.org.id, input, today);
    const copy: TournamentCopy = { name: input.name, typeId: input.type, start: input.start, end: input.end, openFrom: input.openFrom, openTo: input.openTo, params };
    const [row] = await tx
      .insert(tournaments)
      .values({ orgId: actor.org.id, typeId: input.type, name: input.name, start: input.start, end: input.end, openFrom: input.openFrom, openTo: input.openTo, params, original: copy })
      .returning({ id: tournaments.id });
    await recordAudit(tx, { actorId: callerId, actingOrgId: actor.org.id, entity: 'tournament', entityId: row.id, action: 'create', after: copy });
    const hit = await loadOne(tx, row.id);
    return answerOf(hit as Hit, today);
  });
}

const bump = sql`greatest(clock_timestamp(), ${tournaments.updatedAt} + interval '1 millisecond')`;

/** Locks a tournament for a change by the actor: 404, 403, 409 when cancelled. */
export async function lockForChange(tx: Tx, actor: TournamentActor, id: number) {
  const hit = await loadOne(tx, id, true);
  if (!mayRead(actor, hit.row.orgId)) throw forbidden('You may not read this tournament');
  if (!mayChange(actor, hit.row.orgId)) throw forbidden('You may not change this tournament');
  if (hit.row.params.canceled) throw new ApiError(409, 'tournament_canceled', 'The tournament is cancelled; it changes no more');
  return hit;
}

/**
 * PUT /tournament/{org}: changes the current copy (the original stays); the type is fixed once
 * saved. A change of what the public sees of an approved tournament waits for a new approval; the
 * federation's approvers publish theirs at once.
 */
export async function updateTournament(deps: AppDeps, callerId: number, orgId: number, input: TournamentUpdate): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const hit = await lockForChange(tx, actor, input.id);
    const [fresh] = await tx.select({ ok: sql<boolean>`${tournaments.updatedAt} = ${input.updatedAt}::timestamptz` }).from(tournaments).where(eq(tournaments.id, input.id));
    if (!fresh.ok) throw new ApiError(409, 'stale', 'The tournament was changed in the meantime; reload it', { value: rfc3339(hit.row.updatedAt) });
    if (input.type !== hit.row.typeId) throw new ApiError(422, 'validation', 'The type of a saved tournament cannot change', { field: 'type', rule: 'typeFixed', value: hit.row.typeId });
    const params = { ...(await checked(tx, hit.row.orgId, input, today)), files: hit.row.params.files ?? [] };
    const next: TournamentCopy = { name: input.name, typeId: hit.row.typeId, start: input.start, end: input.end, openFrom: input.openFrom, openTo: input.openTo, params };
    const approval = approvalAfterChange({ state: hit.row.approved, approved: hit.row.approvedSnapshot, next, byApprover: actor.approves });
    await tx
      .update(tournaments)
      .set({ name: input.name, start: input.start, end: input.end, openFrom: input.openFrom, openTo: input.openTo, params, approved: approval.state, ...(approval.publish ? published(deps, hit.row, next) : {}), updatedAt: bump })
      .where(eq(tournaments.id, input.id));
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.org.id,
      entity: 'tournament',
      entityId: input.id,
      action: 'update',
      before: { name: hit.row.name, start: hit.row.start, end: hit.row.end, openFrom: hit.row.openFrom, openTo: hit.row.openTo, params: hit.row.params, approved: hit.row.approved },
      after: { name: input.name, start: input.start, end: input.end, openFrom: input.openFrom, openTo: input.openTo, params, approved: approval.state },
    });
    const after = await loadOne(tx, input.id);
    return answerOf(after as Hit, today);
  });
}

/** The columns that make `next` the version the public sees (approved snapshot, SEQUENCE, time). */
function published(deps: AppDeps, row: Row, next: TournamentCopy): Pick<Row, 'approvedSnapshot' | 'publishedSequence' | 'publishedAt'> {
  return { approvedSnapshot: next, publishedSequence: nextCalendarSequence(row.publishedSequence, row.approvedSnapshot, next), publishedAt: deps.clock().toISOString() };
}

/**
 * PUT /tournament/{org}/approve: the federation's approvers; the current copy becomes the version
 * the public sees. Not twice (unless changed since), not when cancelled.
 */
export async function approveTournament(deps: AppDeps, callerId: number, orgId: number, id: number): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  if (!actor.approves) throw forbidden('Only the federation approves tournaments');
  return statusChange(deps, callerId, actor, id, async (row, tx) => {
    if (row.approved) throw new ApiError(409, 'already_approved', 'The tournament is approved already');
    return { approved: true, ...published(deps, row, copyOf(row)), orderId: row.orderId ?? (await placeFeeOrder(tx, callerId, row)) };
  });
}

/**
 * The tournament fee, ordered for the announcing organisation when the federation approves: one
 * line at the price of the type's order category; none for a type without one (Breitensport).
 */
async function placeFeeOrder(tx: Tx, callerId: number, row: Row): Promise<number | null> {
  const [type] = await tx.select({ params: tournamentTypes.params }).from(tournamentTypes).where(eq(tournamentTypes.id, row.typeId));
  const cat = type?.params.ordercat;
  if (!cat) return null;
  const [category] = await tx.select().from(orderCategories).where(eq(orderCategories.cat, cat));
  if (!category || category.priceCents === null) return null;
  const [org] = await tx.select().from(organisations).where(eq(organisations.id, row.orgId));
  const [order] = await tx
    .insert(orders)
    .values({
      orgId: row.orgId,
      category: cat,
      status: CREATED_STATUS,
      contact: { address: org.name, street: org.street ?? undefined, zip: org.zip ?? undefined, city: org.city ?? undefined },
      createdBy: callerId,
      params: { tournament: row.id },
      totalCents: category.priceCents,
    })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values({ orderId: order.id, category: cat, label: `Turniergebühr: ${row.name}`, priceCents: category.priceCents });
  await recordAudit(tx, { actorId: callerId, actingOrgId: row.orgId, entity: 'order', entityId: order.id, action: 'create', after: { category: cat, tournament: row.id, total: category.priceCents / 100 } });
  return order.id;
}

/**
 * PUT /tournament/{org}/cancel: the announcing organisation or the federation's approvers; once.
 * The public sees a cancellation at once (the calendar's SEQUENCE goes up).
 */
export async function cancelTournament(deps: AppDeps, callerId: number, orgId: number, id: number): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  return statusChange(deps, callerId, actor, id, async (row) => ({
    params: { ...row.params, canceled: true },
    ...(row.approvedSnapshot ? { publishedSequence: row.publishedSequence + 1, publishedAt: deps.clock().toISOString() } : {}),
  }));
}

/** PUT /tournament/{org}/payed: the payment status, from PAYMENT_STATUSES, by the federation. */
export async function setTournamentPayment(deps: AppDeps, callerId: number, orgId: number, id: number, status: string): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  if (!actor.setsPayment) throw forbidden('Only the federation sets the payment status');
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const hit = await loadOne(tx, id, true);
    await tx.update(tournaments).set({ orderStatus: status, updatedAt: bump }).where(eq(tournaments.id, id));
    await recordAudit(tx, { actorId: callerId, actingOrgId: actor.org.id, entity: 'tournament', entityId: id, action: 'update', before: { orderStatus: hit.row.orderStatus }, after: { orderStatus: status } });
    const after = await loadOne(tx, id);
    return answerOf(after as Hit, today);
  });
}

async function statusChange(
  deps: AppDeps,
  callerId: number,
  actor: TournamentActor,
  id: number,
  change: (row: Row, tx: Tx) => Promise<Partial<Pick<Row, 'approved' | 'params' | 'orderId' | 'approvedSnapshot' | 'publishedSequence' | 'publishedAt'>>>,
): Promise<Tournament> {
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const hit = await lockForChange(tx, actor, id);
    const set = await change(hit.row, tx);
    await tx.update(tournaments).set({ ...set, updatedAt: bump }).where(eq(tournaments.id, id));
    await recordAudit(tx, { actorId: callerId, actingOrgId: actor.org.id, entity: 'tournament', entityId: id, action: 'update', before: { approved: hit.row.approved, canceled: Boolean(hit.row.params.canceled) }, after: { approved: set.approved ?? hit.row.approved, canceled: Boolean((set.params ?? hit.row.params).canceled) } });
    const after = await loadOne(tx, id);
    return answerOf(after as Hit, today);
  });
}

/** POST /tournament/{org}/comment/{id}: a comment of the conversation, by whoever may read the tournament. */
export async function commentTournament(deps: AppDeps, callerId: number, orgId: number, id: number, content: string): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const hit = await loadOne(tx, id, true);
    if (!mayRead(actor, hit.row.orgId)) throw forbidden('You may not read this tournament');
    const [me] = await tx.select({ firstName: members.firstName, surname: members.surname, uuid: members.uuid }).from(members).where(eq(members.id, callerId));
    const comment: TournamentComment = { name: me ? `${me.firstName} ${me.surname}` : '', content, user: callerId, uuid: me?.uuid ?? null, timestamp: deps.clock().toISOString() };
    await tx.update(tournaments).set({ comments: [...hit.row.comments, comment], updatedAt: bump }).where(eq(tournaments.id, id));
    const after = await loadOne(tx, id);
    return answerOf(after as Hit, today);
  });
}

/**
 * GET /tournament/referees: who can be picked on the form: holders of an active function named
 * 'Schiedsrichter A…' (main referee or referee) or 'Schiedsrichter B…' (referee), by name.
 */
export async function refereeCandidates(deps: AppDeps): Promise<Array<{ id: number; firstName: string; lastName: string; level: 'A' | 'B' }>> {
  const today = todayIso(deps.clock());
  const rows = await deps.db
    .selectDistinct({ id: members.id, firstName: members.firstName, lastName: members.surname, role: roles.name })
    .from(functionAssignments)
    .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
    .innerJoin(members, eq(members.id, functionAssignments.memberId))
    .where(and(sql`lower(${roles.name}) like 'schiedsrichter a%' or lower(${roles.name}) like 'schiedsrichter b%'`, lte(functionAssignments.dateFrom, today), gte(functionAssignments.dateTo, today)))
    .orderBy(asc(members.surname), asc(members.firstName));
  const byId = new Map<number, { id: number; firstName: string; lastName: string; level: 'A' | 'B' }>();
  for (const r of rows) {
    const level = r.role.toLowerCase().startsWith('schiedsrichter a') ? 'A' : 'B';
    const seen = byId.get(r.id);
    if (!seen || level === 'A') byId.set(r.id, { id: r.id, firstName: r.firstName, lastName: r.lastName, level });
  }
  return [...byId.values()];
}
