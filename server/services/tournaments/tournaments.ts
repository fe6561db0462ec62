import { and, eq, inArray, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { approvalAfterChange, nextCalendarSequence } from '@/lib/domain/tournaments/approval';
import { tournamentIssues, type TournamentTypeParams } from '@/lib/domain/tournaments/rules';
import type { Tournament, TournamentInput, TournamentUpdate } from '@/lib/schemas/tournaments';
import { functionAssignments, members, roles, tournaments, tournamentTypes } from '../../db/schema';
import type { TournamentComment, TournamentCopy, TournamentParams } from '../../db/schema/tournaments';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden } from '../../http/errors';
import { recordAudit } from '../audit';
import { rfc3339 } from '../timestamps';
import { mayChange, mayRead, requireCreator, type TournamentActor } from './tournament-access';
import { actorFor, answerOf, loadOne, type Hit, type Row, type Tx } from './tournament-read';
import { assignmentHeldOn } from '../assignment-days';

/**
 * Tournaments written by the announcing organisation (form 1000): announced, changed, commented.
 * The first submission is kept as the original; every later change updates only the current copy
 * (the columns). A later change of what the public sees of an approved tournament waits for a new
 * approval (lib/domain/tournaments/approval.ts; the approval itself: tournament-approval.ts).
 * Every rule of lib/domain/tournaments/rules.ts is checked here; a cancelled tournament changes no
 * more.
 */

/** The active function names of the picked referees. */
async function refereeFunctions(db: Tx, ids: number[], today: string): Promise<Map<number, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ memberId: functionAssignments.memberId, name: roles.name })
    .from(functionAssignments)
    .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
    .where(and(inArray(functionAssignments.memberId, ids), assignmentHeldOn(today)));
  const map = new Map<number, string[]>();
  for (const r of rows) map.set(r.memberId, [...(map.get(r.memberId) ?? []), r.name]);
  return map;
}

/** Checks the input against its type and the rules; answers the params to store (names of persons from the database). */
async function checked(db: Tx, orgId: number, input: TournamentInput, today: string): Promise<TournamentParams> {
  const [type] = await db.select().from(tournamentTypes).where(eq(tournamentTypes.id, input.type));
  if (!type)
    throw new ApiError(422, 'validation', 'There is no such tournament type', { field: 'type', rule: 'unknown', value: input.type });
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
    throw new ApiError(422, 'validation', `'${first.field}' breaks the rule ${first.rule}`, {
      field:
        first.field === 'type'
          ? 'type'
          : first.field.startsWith('start') || first.field.startsWith('end') || first.field.startsWith('open')
            ? first.field
            : `params.${first.field}`,
      rule: first.rule,
    });
  }
  const people = picked.length
    ? await db
        .select({ id: members.id, firstName: members.firstName, lastName: members.surname })
        .from(members)
        .where(inArray(members.id, picked))
    : [];
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

/** POST /tournament/{orgId}: announces a tournament; this first submission is also kept as the original. */
export async function createTournament(deps: AppDeps, callerId: number, orgId: number, input: TournamentInput): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  requireCreator(actor);
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const params = await checked(tx, actor.org.id, input, today);
    const copy: TournamentCopy = {
      name: input.name,
      typeId: input.type,
      start: input.start,
      end: input.end,
      openFrom: input.openFrom,
      openTo: input.openTo,
      params,
    };
    const [row] = await tx
      .insert(tournaments)
      .values({
        orgId: actor.org.id,
        typeId: input.type,
        name: input.name,
        start: input.start,
        end: input.end,
        openFrom: input.openFrom,
        openTo: input.openTo,
        params,
        original: copy,
      })
      .returning({ id: tournaments.id });
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.org.id,
      entity: 'tournament',
      entityId: row.id,
      action: 'create',
      after: copy,
    });
    const hit = await loadOne(tx, row.id);
    return answerOf(hit as Hit, today);
  });
}

export const bump = sql`greatest(clock_timestamp(), ${tournaments.updatedAt} + interval '1 millisecond')`;

/** Locks a tournament for a change by the actor: 404, 403, 409 when cancelled. */
export async function lockForChange(tx: Tx, actor: TournamentActor, id: number) {
  const hit = await loadOne(tx, id, true);
  if (!mayRead(actor, hit.row.orgId)) throw forbidden('You may not read this tournament');
  if (!mayChange(actor, hit.row.orgId)) throw forbidden('You may not change this tournament');
  if (hit.row.params.canceled) throw new ApiError(409, 'tournament_canceled', 'The tournament is cancelled; it changes no more');
  return hit;
}

/**
 * PUT /tournament/{orgId}: changes the current copy (the original stays); the type is fixed once
 * saved. A change of what the public sees of an approved tournament waits for a new approval; the
 * federation's approvers publish theirs at once.
 */
export async function updateTournament(deps: AppDeps, callerId: number, orgId: number, input: TournamentUpdate): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const hit = await lockForChange(tx, actor, input.id);
    const [fresh] = await tx
      .select({ ok: sql<boolean>`${tournaments.updatedAt} = ${input.updatedAt}::timestamptz` })
      .from(tournaments)
      .where(eq(tournaments.id, input.id));
    if (!fresh.ok)
      throw new ApiError(409, 'stale', 'The tournament was changed in the meantime; reload it', { value: rfc3339(hit.row.updatedAt) });
    if (input.type !== hit.row.typeId)
      throw new ApiError(422, 'validation', 'The type of a saved tournament cannot change', {
        field: 'type',
        rule: 'typeFixed',
        value: hit.row.typeId,
      });
    const params = { ...(await checked(tx, hit.row.orgId, input, today)), files: hit.row.params.files ?? [] };
    const next: TournamentCopy = {
      name: input.name,
      typeId: hit.row.typeId,
      start: input.start,
      end: input.end,
      openFrom: input.openFrom,
      openTo: input.openTo,
      params,
    };
    const approval = approvalAfterChange({ state: hit.row.approved, approved: hit.row.approvedSnapshot, next, byApprover: actor.approves });
    await tx
      .update(tournaments)
      .set({
        name: input.name,
        start: input.start,
        end: input.end,
        openFrom: input.openFrom,
        openTo: input.openTo,
        params,
        approved: approval.state,
        ...(approval.publish ? published(deps, hit.row, next) : {}),
        updatedAt: bump,
      })
      .where(eq(tournaments.id, input.id));
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.org.id,
      entity: 'tournament',
      entityId: input.id,
      action: 'update',
      before: {
        name: hit.row.name,
        start: hit.row.start,
        end: hit.row.end,
        openFrom: hit.row.openFrom,
        openTo: hit.row.openTo,
        params: hit.row.params,
        approved: hit.row.approved,
      },
      after: {
        name: input.name,
        start: input.start,
        end: input.end,
        openFrom: input.openFrom,
        openTo: input.openTo,
        params,
        approved: approval.state,
      },
    });
    const after = await loadOne(tx, input.id);
    return answerOf(after as Hit, today);
  });
}

/** The columns that make `next` the version the public sees (approved snapshot, SEQUENCE, time). */
export function published(
  deps: AppDeps,
  row: Row,
  next: TournamentCopy,
): Pick<Row, 'approvedSnapshot' | 'publishedSequence' | 'publishedAt'> {
  return {
    approvedSnapshot: next,
    publishedSequence: nextCalendarSequence(row.publishedSequence, row.approvedSnapshot, next),
    publishedAt: deps.clock().toISOString(),
  };
}

/** POST /tournament/{orgId}/comment/{id}: a comment of the conversation, by whoever may read the tournament. */
export async function commentTournament(deps: AppDeps, callerId: number, orgId: number, id: number, content: string): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const hit = await loadOne(tx, id, true);
    if (!mayRead(actor, hit.row.orgId)) throw forbidden('You may not read this tournament');
    const [me] = await tx
      .select({ firstName: members.firstName, surname: members.surname, uuid: members.uuid })
      .from(members)
      .where(eq(members.id, callerId));
    const comment: TournamentComment = {
      name: me ? `${me.firstName} ${me.surname}` : '',
      content,
      user: callerId,
      uuid: me?.uuid ?? null,
      timestamp: deps.clock().toISOString(),
    };
    await tx
      .update(tournaments)
      .set({ comments: [...hit.row.comments, comment], updatedAt: bump })
      .where(eq(tournaments.id, id));
    const after = await loadOne(tx, id);
    return answerOf(after as Hit, today);
  });
}
