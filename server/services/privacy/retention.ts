import { eq, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { formerMemberCutoff } from '@/lib/domain/privacy/erasure';
import { members } from '../../db/schema';
import type { Db } from '../../db/client';
import { eraseInTransaction, removeStoredFiles } from './erasure';
import { assignmentHeldOn } from '../assignment-days';

/**
 * The retention job: what has passed its retention goes. Former members (no active function, the
 * last one ended more than `formerMemberYears` years ago, no open order) are anonymised as an
 * erasure does; expired or used password-reset links, sessions revoked or expired 30 days ago,
 * and the addresses and errors of outbox rows delivered more than 90 days ago are removed.
 * Idempotent (a second run finds nothing), and one run at a time across every API process: the
 * run holds a transaction-scoped advisory lock, so a second process waits and then finds nothing.
 */

const RETENTION_LOCK = 0x72657465; // 'rete'
const OLD_SESSION_DAYS = 30;
const DELIVERED_OUTBOX_DAYS = 90;

export type RetentionReport = {
  dryRun: boolean;
  /** Former members anonymised (or, in a dry run, due). */
  formerMembers: number[];
  resetTokens: number;
  sessions: number;
  outboxRows: number;
};

export type RetentionOptions = { now: Date; formerMemberYears: number; dryRun?: boolean; uploadDir: string };

/** Persons due for anonymisation: a history of functions, none active, the last ended before the cutoff, no open order, not yet erased. */
function formerMembersDue(today: string, cutoff: string) {
  return sql`
    select m.id from members m
    where exists (select 1 from function_assignments fa where fa.member_id = m.id)
      and not exists (select 1 from function_assignments fa where fa.member_id = m.id and fa.date_to > ${cutoff}::date)
      and not exists (select 1 from function_assignments fa where fa.member_id = m.id and ${assignmentHeldOn(today, 'fa')})
      and not exists (select 1 from order_items i join orders o on o.id = i.order_id where i.member_id = m.id and o.status not in ('Freigegeben', 'canceled'))
      and not exists (select 1 from erased_members e where e.member_id = m.id)
    order by m.id`;
}

const sessionsDue = (now: Date) => {
  const before = new Date(now.getTime() - OLD_SESSION_DAYS * 86_400_000).toISOString();
  return sql`(revoked_at is not null and revoked_at < ${before}) or expires_at < ${before}`;
};
const resetTokensDue = (now: Date) => sql`expires_at < ${now.toISOString()} or used_at is not null`;
const outboxDue = (now: Date) => {
  const before = new Date(now.getTime() - DELIVERED_OUTBOX_DAYS * 86_400_000).toISOString();
  return sql`state in ('sent', 'failed', 'no_address', 'no_subscription') and processed_at < ${before} and (target is not null or last_error is not null)`;
};

async function count(q: Pick<Db, 'execute'>, table: string, where: ReturnType<typeof sql>): Promise<number> {
  const r = await q.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return Number(r.rows[0]?.n ?? 0);
}

export async function runRetention(db: Db, options: RetentionOptions): Promise<RetentionReport> {
  const { now } = options;
  const today = todayIso(now);
  const cutoff = formerMemberCutoff(today, options.formerMemberYears);
  const dryRun = options.dryRun ?? false;
  const files: string[] = [];
  const report = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK})`);
    const due = (await tx.execute(formerMembersDue(today, cutoff))).rows.map((r) => Number(r.id));
    if (dryRun) {
      return {
        dryRun,
        formerMembers: due,
        resetTokens: await count(tx, 'password_reset_tokens', resetTokensDue(now)),
        sessions: await count(tx, 'sessions', sessionsDue(now)),
        outboxRows: await count(tx, 'message_deliveries', outboxDue(now)),
      };
    }
    for (const id of due) {
      const [member] = await tx.select().from(members).where(eq(members.id, id)).for('update');
      files.push(...(await eraseInTransaction(tx, member, { reason: 'retention', by: null, actingOrgId: null, at: now })));
    }
    const tokens = await tx.execute(sql`delete from password_reset_tokens where ${resetTokensDue(now)} returning id`);
    const sessions = await tx.execute(sql`delete from sessions where ${sessionsDue(now)} returning id`);
    const outbox = await tx.execute(
      sql`update message_deliveries set target = null, last_error = null where ${outboxDue(now)} returning id`,
    );
    return { dryRun, formerMembers: due, resetTokens: tokens.rows.length, sessions: sessions.rows.length, outboxRows: outbox.rows.length };
  });
  await removeStoredFiles(options.uploadDir, files);
  return report;
}
