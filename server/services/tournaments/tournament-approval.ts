import { eq } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import type { Tournament } from '@/lib/schemas/tournaments';
import { tournaments, tournamentTypes } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden } from '../../http/errors';
import { recordAudit } from '../audit';
import { placeFeeOrder } from '../orders/order-place';
import type { TournamentActor } from './tournament-access';
import { actorFor, answerOf, copyOf, loadOne, type Hit, type Row, type Tx } from './tournament-read';
import { bump, lockForChange, published } from './tournaments';

/**
 * The federation's side of a tournament (form 1001): approval (which publishes the current copy
 * and orders the tournament fee), cancellation, payment status.
 */

/**
 * PUT /tournament/{orgId}/approve: the federation's approvers; the current copy becomes the version
 * the public sees. Not twice (unless changed since), not when cancelled.
 */
export async function approveTournament(deps: AppDeps, callerId: number, orgId: number, id: number): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  if (!actor.approves) throw forbidden('Only the federation approves tournaments');
  return statusChange(deps, callerId, actor, id, async (row, tx) => {
    if (row.approved) throw new ApiError(409, 'already_approved', 'The tournament is approved already');
    return { approved: true, ...published(deps, row, copyOf(row)), orderId: row.orderId ?? (await tournamentFee(tx, callerId, row)) };
  });
}

/**
 * The tournament fee, ordered (through the orders service) for the announcing organisation when
 * the federation approves: one line at the price of the type's order category; none for a type
 * without one (Breitensport).
 */
async function tournamentFee(tx: Tx, callerId: number, row: Row): Promise<number | null> {
  const [type] = await tx.select({ params: tournamentTypes.params }).from(tournamentTypes).where(eq(tournamentTypes.id, row.typeId));
  const cat = type?.params.ordercat;
  if (!cat) return null;
  return placeFeeOrder(tx as unknown as Parameters<typeof placeFeeOrder>[0], {
    orgId: row.orgId,
    cat,
    label: `Turniergebühr: ${row.name}`,
    createdBy: callerId,
    params: { tournament: row.id },
  });
}

/**
 * PUT /tournament/{orgId}/cancel: the announcing organisation or the federation's approvers; once.
 * The public sees a cancellation at once (the calendar's SEQUENCE goes up).
 */
export async function cancelTournament(deps: AppDeps, callerId: number, orgId: number, id: number): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  return statusChange(deps, callerId, actor, id, async (row) => ({
    params: { ...row.params, canceled: true },
    ...(row.approvedSnapshot ? { publishedSequence: row.publishedSequence + 1, publishedAt: deps.clock().toISOString() } : {}),
  }));
}

/** PUT /tournament/{orgId}/payed: the payment status, from PAYMENT_STATUSES, by the federation. */
export async function setTournamentPayment(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  id: number,
  status: string,
): Promise<Tournament> {
  const actor = await actorFor(deps, callerId, orgId);
  if (!actor.setsPayment) throw forbidden('Only the federation sets the payment status');
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const hit = await loadOne(tx, id, true);
    await tx.update(tournaments).set({ orderStatus: status, updatedAt: bump }).where(eq(tournaments.id, id));
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.org.id,
      entity: 'tournament',
      entityId: id,
      action: 'update',
      before: { orderStatus: hit.row.orderStatus },
      after: { orderStatus: status },
    });
    const after = await loadOne(tx, id);
    return answerOf(after as Hit, today);
  });
}

async function statusChange(
  deps: AppDeps,
  callerId: number,
  actor: TournamentActor,
  id: number,
  change: (
    row: Row,
    tx: Tx,
  ) => Promise<Partial<Pick<Row, 'approved' | 'params' | 'orderId' | 'approvedSnapshot' | 'publishedSequence' | 'publishedAt'>>>,
): Promise<Tournament> {
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const hit = await lockForChange(tx, actor, id);
    const set = await change(hit.row, tx);
    await tx
      .update(tournaments)
      .set({ ...set, updatedAt: bump })
      .where(eq(tournaments.id, id));
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.org.id,
      entity: 'tournament',
      entityId: id,
      action: 'update',
      before: { approved: hit.row.approved, canceled: Boolean(hit.row.params.canceled) },
      after: { approved: set.approved ?? hit.row.approved, canceled: Boolean((set.params ?? hit.row.params).canceled) },
    });
    const after = await loadOne(tx, id);
    return answerOf(after as Hit, today);
  });
}
