import { and, gte, inArray, sql } from 'drizzle-orm';
import { idList } from '../../db/sql-list';
import type { MessageInput } from '@/lib/schemas/messages';
import type { Db } from '../../db/client';
import { roles, tournaments } from '../../db/schema';
import { ApiError, forbidden } from '../../http/errors';
import type { ActingOrg } from '../access';
import { reachableOrgIds } from './message-access';
import { assignmentHeldOn } from '../assignment-days';

/**
 * The audience of a message: holders of an active function among the message's roles in its
 * organisations (none named: every organisation the sender reaches), plus the referees of its
 * events; each person once, only people the sender may reach.
 */

/** 403 for an organisation or event out of the sender's reach; 422 for roles or events that don't exist. */
export async function checkAudience(
  db: Db,
  actor: ActingOrg,
  input: Pick<MessageInput, 'roles' | 'organizations' | 'events'>,
  today: string,
) {
  const reachable = await reachableOrgIds(db, actor);
  const outside = input.organizations.find((id) => reachable !== null && !reachable.includes(id));
  if (outside !== undefined) throw forbidden(`You may not send messages to organisation ${outside}`);
  const known = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, input.roles));
  const unknownRole = input.roles.find((id) => !known.some((r) => r.id === id));
  if (unknownRole !== undefined)
    throw new ApiError(422, 'validation', `There is no role ${unknownRole}`, { field: 'roles', rule: 'unknown', value: unknownRole });
  if (input.events.length) {
    const events = await db
      .select({ id: tournaments.id, orgId: tournaments.orgId })
      .from(tournaments)
      .where(and(inArray(tournaments.id, input.events), gte(tournaments.end, today)));
    const missing = input.events.find((id) => !events.some((e) => e.id === id));
    if (missing !== undefined)
      throw new ApiError(422, 'validation', `There is no upcoming event ${missing}`, { field: 'events', rule: 'unknown', value: missing });
    const foreign = events.find((e) => reachable !== null && !reachable.includes(e.orgId));
    if (foreign) throw forbidden(`You may not send messages about event ${foreign.id}`);
  }
}

/**
 * Resolves the audience of message `messageId` once, from the message row's roles, organisations
 * and events, and keeps it (by member id) as the message's preparation; answers how many people
 * it reaches. Their notifications and outbox rows are written by writeRecipientBatch.
 */
export async function resolveRecipients(tx: Db, actor: ActingOrg, messageId: number, today: string): Promise<number> {
  const reachable = await reachableOrgIds(tx, actor);
  const inReach = reachable === null ? sql`true` : sql`fa.org_id in ${idList(reachable)}`;
  const result = await tx.execute(sql`
    insert into message_preparations (message_id, member_ids, total)
    select ${messageId}, coalesce(array_agg(p.id order by p.id), '{}'::int[]), count(*)::int
    from (select fa.member_id from function_assignments fa, messages m
            where m.id = ${messageId} and fa.role_id = any(m.roles) and ${assignmentHeldOn(today, 'fa')}
              and (cardinality(m.organisations) = 0 or fa.org_id = any(m.organisations)) and ${inReach}
          union
          select (ref.value ->> 'id')::int from tournaments t, messages m,
                 jsonb_array_elements(coalesce(t.params -> 'referees', '[]'::jsonb) || coalesce(jsonb_build_array(t.params -> 'mainReferee'), '[]'::jsonb)) ref
            where m.id = ${messageId} and t.id = any(m.events) and jsonb_typeof(ref.value) = 'object' and (ref.value ->> 'id') ~ '^[0-9]{1,9}$') r
    join members p on p.id = r.member_id
    returning total`);
  return Number(result.rows[0].total);
}

/**
 * Writes the next `batchSize` recipients of a message being prepared: their notifications, their
 * outbox rows (first round, every medium of the message) and the progress, all in the caller's
 * transaction, under the preparation row's lock, so a batch is written whole or not at all and
 * never twice. With `claimedBy`, only while that worker's claim holds (renewing it for `leaseMs`).
 * Answers the progress after the batch, or null when there is nothing (more) to write (finished,
 * the message deleted, or the claim taken over). The finished preparation is removed.
 */
export async function writeRecipientBatch(
  tx: Db,
  messageId: number,
  batchSize: number,
  claim?: { by: string; leaseMs: number },
): Promise<{ done: number; total: number } | null> {
  const owned = claim ? sql`and claimed_by = ${claim.by}` : sql``;
  const locked = await tx.execute(sql`select done, total from message_preparations where message_id = ${messageId} ${owned} for update`);
  if (locked.rows.length === 0) return null;
  const from = Number(locked.rows[0].done);
  const total = Number(locked.rows[0].total);
  // One statement: the batch's notifications, and the outbox rows of exactly those (RETURNING), so
  // no step searches the message's notifications written so far. Such a search slowed every batch
  // by the ones before it (4 s a batch at 40,000 of 94,000 recipients): while the preparation
  // runs, the table's statistics still say the message has no notifications, and PostgreSQL then
  // planned it as a loop over all of them per recipient.
  const noAddress = sql`(md.medium = 'email' and (p.email is null or btrim(p.email) = ''))`;
  await tx.execute(sql`
    with batch as (
      select unnest(member_ids[${from + 1}:${from + batchSize}]) as member_id from message_preparations where message_id = ${messageId}
    ), written as (
      insert into notifications (member_id, message_id, org_id, title, body, sort_name)
      select p.id, msg.id, msg.org_id, msg.title, msg.abstract, p.sort_surname || ' ' || p.sort_first_name
      from messages msg, members p
      where msg.id = ${messageId} and p.id in (select member_id from batch)
      order by p.id
      on conflict do nothing
      returning id, member_id, message_id
    )
    insert into message_deliveries (message_id, notification_id, member_id, medium, round, state, target, processed_at)
    select n.message_id, n.id, n.member_id, md.medium, 1,
           case when ${noAddress} then 'no_address' else 'pending' end,
           case when md.medium = 'email' then p.email end,
           case when ${noAddress} then now() end
    from written n
    join members p on p.id = n.member_id
    join messages m on m.id = n.message_id
    cross join unnest(m.media) with ordinality md(medium, ord)
    order by md.ord, n.id
    on conflict do nothing`);
  const done = Math.min(total, from + batchSize);
  if (done >= total) await tx.execute(sql`delete from message_preparations where message_id = ${messageId}`);
  else {
    const renew = claim ? sql`, claimed_until = now() + ${claim.leaseMs} * interval '1 millisecond'` : sql``;
    await tx.execute(sql`update message_preparations set done = ${done} ${renew} where message_id = ${messageId}`);
  }
  return { done, total };
}

/**
 * The outbox rows of one round: per notification of the message (only `memberIds` when given) and
 * medium. An e-mail to a person without an address is finished at once as `no_address`.
 */
export async function enqueueDeliveries(
  tx: Db,
  messageId: number,
  media: readonly string[],
  round: number,
  memberIds?: readonly number[],
): Promise<number> {
  let total = 0;
  const only = memberIds ? sql`and n.member_id in ${idList(memberIds)}` : sql``;
  for (const medium of media) {
    const noAddress = medium === 'email' ? sql`p.email is null or btrim(p.email) = ''` : sql`false`;
    const result = await tx.execute(sql`
      insert into message_deliveries (message_id, notification_id, member_id, medium, round, state, target, processed_at)
      select n.message_id, n.id, n.member_id, ${medium}, ${round},
             case when ${noAddress} then 'no_address' else 'pending' end,
             case when ${medium} = 'email' then p.email end,
             case when ${noAddress} then now() end
      from notifications n join members p on p.id = n.member_id
      where n.message_id = ${messageId} ${only}
      on conflict do nothing
      returning id`);
    total += result.rows.length;
  }
  return total;
}
