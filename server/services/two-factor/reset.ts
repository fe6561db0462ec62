import { count, eq } from 'drizzle-orm';
import { FEDERATION_ORG_ID, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { isFederationStaff } from '@/lib/domain/privacy/rights';
import { members, passkeys, recoveryCodes, secondFactorPending, totpSecrets, webauthnChallenges } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { secondFactorResetMail } from '../../mail/second-factor-reset-mail';
import { loadCaller } from '../access';
import { recordAudit } from '../audit';
import { revokeMemberSessions } from '../sessions';

/**
 * The federation resets a person's second factor (a lost phone and lost codes): passkeys,
 * authenticator app and recovery codes go, every session of the person ends, the audit trail
 * records what was removed (counts, never a secret) and a mail tells the person.
 */
export async function resetSecondFactor(deps: AppDeps, callerId: number, memberId: number): Promise<{ ok: true }> {
  const caller = await loadCaller(deps, callerId);
  const federationFunctions = caller.orgs.filter((o) => o.level === ORG_LEVEL_FEDERATION).flatMap((o) => o.functions);
  if (!isFederationStaff(federationFunctions)) throw forbidden("Only the federation's staff reset a second factor");
  const [person] = await deps.db
    .select({ email: members.email, firstName: members.firstName, surname: members.surname })
    .from(members)
    .where(eq(members.id, memberId));
  if (!person) throw notFound('No such member');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [keys] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.memberId, memberId));
    const [codes] = await tx.select({ n: count() }).from(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
    const totp = await tx.delete(totpSecrets).where(eq(totpSecrets.memberId, memberId)).returning({ confirmedAt: totpSecrets.confirmedAt });
    await tx.delete(passkeys).where(eq(passkeys.memberId, memberId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
    await tx.delete(secondFactorPending).where(eq(secondFactorPending.memberId, memberId));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.memberId, memberId));
    await revokeMemberSessions(tx, memberId, now);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: FEDERATION_ORG_ID,
      entity: 'member',
      entityId: memberId,
      action: 'secondFactorReset',
      after: { passkeys: keys.n, authenticatorApp: totp.some((t) => t.confirmedAt !== null), recoveryCodes: codes.n },
    });
  });
  if (person.email) {
    const [actor] = await deps.db
      .select({ firstName: members.firstName, surname: members.surname })
      .from(members)
      .where(eq(members.id, callerId));
    const mail = secondFactorResetMail({
      to: person.email,
      name: `${person.firstName} ${person.surname}`,
      actor: actor ? `${actor.firstName} ${actor.surname}` : '',
      replyTo: deps.env.mailReplyTo[0]?.value,
    });
    // sent after the reset is committed; a failed mail is logged (without its content), not undone
    await deps.mailer.send(mail).catch((err: Error) => {
      console.error(`[mail] second-factor reset notice for member ${memberId} failed: ${err.message}`);
    });
  }
  return { ok: true };
}
