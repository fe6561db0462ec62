import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { deriveRolesOrg } from '@/lib/domain/roles-org';
import type { SystemRole, User } from '@/lib/schemas/user';
import { loginFailures, members, passwordResetRequests, passwordResetTokens } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ApiError } from '../http/errors';
import { passwordResetMail } from '../mail/password-reset-mail';
import { namedSystemRoles, signedInOf, systemRoleRows, type NamedSystemRole } from './access';
import { hashPassword, verifyPassword } from './password-hash';
import { recordAudit } from './audit';
import { profileColumns, revokeMemberSessions, startSession } from './sessions';
import { startHalfSignIn, tooManyAttempts, type HalfSignInAnswer } from './two-factor/half-sign-in';
import { secondStepAfterPassword } from './two-factor/policy';

/**
 * Sign-in, the signed-in user's profile and roles, and the password flows.
 *
 * Password hashes: scrypt via node:crypto, stored as
 * `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>` (N=16384, r=8, p=1, 16-byte salt,
 * 64-byte key), compared in constant time. See ./password-hash.ts.
 */
export { hashPassword, verifyPassword };

export const RESET_TOKEN_MINUTES = 60;
/** At most this many reset mails per account per RESET_TOKEN_MINUTES; more requests are answered alike but send nothing. */
export const RESET_MAILS_PER_HOUR = 3;

const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Wrong e-mail or password');
const invalidToken = () => new ApiError(400, 'invalid_token', 'The link is invalid or has expired, or the e-mail address does not match');

const sameEmail = (email: string) => sql`lower(${members.email}) = ${email.trim().toLowerCase()}`;

async function findAccount(deps: Pick<AppDeps, 'db'>, email: string) {
  const [member] = await deps.db
    .select({
      id: members.id,
      email: members.email,
      passwordHash: members.passwordHash,
      firstName: members.firstName,
      surname: members.surname,
    })
    .from(members)
    .where(and(sameEmail(email), isNotNull(members.passwordHash)))
    .limit(1);
  return member;
}

/** POST /auth/login. Unknown address and wrong password answer identically (and take as long). */
export async function login(
  deps: AppDeps,
  input: { email: string; password: string },
  client: string,
): Promise<{ jwtToken: string } | HalfSignInAnswer> {
  const verdict = await deps.loginRateLimiter.begin(input.email, client);
  if (verdict.limited) throw tooManyAttempts(verdict.retryAfterSeconds);
  const member = await findAccount(deps, input.email);
  // verifyPassword spends the same time on a missing hash, so unknown addresses are not faster.
  const ok = await verifyPassword(input.password, member?.passwordHash);
  // A failure stays counted (the attempt's row); a success clears the pair.
  if (!member || !ok) {
    if (verdict.lastTry) {
      await recordAudit(deps.db, {
        actorId: null,
        entity: 'login',
        entityId: input.email.trim().toLowerCase(),
        action: 'lockout',
        after: { client },
      });
    }
    throw invalidCredentials();
  }
  // A second factor still due (or an enrolment the policy demands): only the half-signed-in state.
  const step = await secondStepAfterPassword(deps, member.id);
  if (step) {
    await deps.loginRateLimiter.passed(verdict.attemptId);
    return startHalfSignIn(deps, member.id, step, input.email, client);
  }
  await deps.loginRateLimiter.succeeded(input.email, client);
  return { jwtToken: await startSession(deps, member.id) };
}

/**
 * The caller's system roles: assignments active today (dateFrom ≤ today ≤ dateTo) whose function
 * opens a form (lib/domain/functions.ts FORM_FUNCTION_IDS). funkMgId is the assignment id.
 */
export async function systemRoles(deps: Pick<AppDeps, 'db' | 'clock'>, memberId: number): Promise<NamedSystemRole[]> {
  return signedInOf(memberId)?.systemRoles ?? namedSystemRoles(await systemRoleRows(deps, memberId));
}

/** A system role as the API answers it (GET /admin/systemroles, getUser's systemRoles): without the organisation's name. */
export function systemRoleAnswer({ funkId, functionName, orgId, funkMgId, orgLevel }: NamedSystemRole): SystemRole {
  return { funkId, functionName, orgId, funkMgId, orgLevel };
}

/** GET /getUser: the answer's shape is lib/schemas/user.ts. */
export type UserProfile = User;

export function profileImageLink(uuid: string | null): string | null {
  return uuid ? `/api/v1/profile/image/${uuid}` : null;
}

/** "Hauptstraße 12/3": street with house and door number, as the profile shows it. */
function streetLine(m: { street: string | null; houseNumber: string | null; doorNumber: string | null }): string | null {
  if (!m.street) return null;
  const number = [m.houseNumber, m.doorNumber].filter(Boolean).join('/');
  return number ? `${m.street} ${number}` : m.street;
}

/**
 * GET /getUser. rolesOrg is derived from the active system roles by lib/domain/roles-org.ts:
 * per organisation, a tournament function (1000–1003) → tunierAdmin; any other form function
 * besides the member form → adminOrg; only the member form (51, what a trainer holds) → trainerOrg.
 */
export async function getUser(deps: AppDeps, memberId: number): Promise<UserProfile> {
  const known = signedInOf(memberId);
  const [m] = known ? [known.profile] : await deps.db.select(profileColumns).from(members).where(eq(members.id, memberId)).limit(1);
  if (!m) throw new ApiError(401, 'unauthorized', 'The signed-in member no longer exists');
  const active = await systemRoles(deps, memberId);
  return {
    mg_id: m.id,
    imageLink: profileImageLink(m.uuid),
    rolesOrg: deriveRolesOrg(active),
    givenName: m.firstName,
    familyName: m.surname,
    birthDate: m.birthDate,
    gender: m.gender,
    nationality: m.nationality,
    email: m.email,
    cellPhone: m.phoneMobile,
    companyPhone: m.phoneFixed,
    jr_id: m.regNr,
    ext_id: m.extId,
    city: m.city,
    address: streetLine(m),
    zip: m.zip,
    systemRoles: active.map(systemRoleAnswer),
    sysconfig: { EMAIL_REPLY_TO: deps.env.mailReplyTo, BANK: deps.env.bank },
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * PUT /auth/request_password/{email}: only queues the address (password_reset_requests, one row
 * per address), the same work for known and unknown addresses, so neither the answer nor its
 * timing, nor that of the next request, reveals whether the address has an account. The token
 * and the mail are the worker's (deliverPasswordReset, run by the outbox worker).
 */
export async function queuePasswordReset(deps: Pick<AppDeps, 'db'>, email: string): Promise<void> {
  await deps.db
    .insert(passwordResetRequests)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: passwordResetRequests.email });
}

/**
 * The worker's part of a reset request: for an address with an account, a token and the mail
 * with its link. The token is 32 random bytes; only its SHA-256 is stored. A mail that cannot be
 * sent takes its token back and throws (the request is tried again).
 */
export async function deliverPasswordReset(deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'clock'>, email: string): Promise<void> {
  const member = await findAccount(deps, email);
  if (!member?.email) return;
  const now = deps.clock();
  // Nobody can use this call to flood a member's mailbox.
  const [{ recent }] = await deps.db
    .select({ recent: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.memberId, member.id),
        gt(passwordResetTokens.createdAt, new Date(now.getTime() - RESET_TOKEN_MINUTES * 60_000)),
      ),
    );
  if (recent >= RESET_MAILS_PER_HOUR) {
    console.warn(`[auth] password-reset mail for member ${member.id} not sent: ${recent} sent within the last hour`);
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000);
  const [stored] = await deps.db
    .insert(passwordResetTokens)
    .values({ memberId: member.id, tokenHash: hashToken(token), email: member.email, expiresAt, createdAt: now })
    .returning({ id: passwordResetTokens.id });
  const mail = passwordResetMail({
    to: member.email,
    name: `${member.firstName} ${member.surname}`,
    link: `${deps.env.adminPublicUrl}/repair-password/${token}`,
    minutes: RESET_TOKEN_MINUTES,
    replyTo: deps.env.mailReplyTo[0]?.value,
  });
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    await deps.db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, stored.id));
    throw err;
  }
}

/**
 * PUT /auth/reset_password/{token}. Unknown, used, expired and e-mail-mismatch tokens all answer
 * the same invalid_token. The token is consumed with a conditional update, so two concurrent
 * uses cannot both succeed; every other open token of the member is consumed with it.
 */
export async function resetPassword(deps: AppDeps, token: string, input: { email: string; password: string }): Promise<void> {
  const now = deps.clock();
  const newHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResetTokens.id, memberId: passwordResetTokens.memberId, memberEmail: members.email })
      .from(passwordResetTokens)
      .innerJoin(members, eq(members.id, passwordResetTokens.memberId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .limit(1);
    if (!row || !row.memberEmail || row.memberEmail.trim().toLowerCase() !== input.email.trim().toLowerCase()) throw invalidToken();
    const consumed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (consumed.length === 0) throw invalidToken();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.memberId, row.memberId), isNull(passwordResetTokens.usedAt)));
    await tx.update(members).set({ passwordHash: newHash, updatedAt: now.toISOString() }).where(eq(members.id, row.memberId));
    await recordAudit(tx, { actorId: row.memberId, entity: 'member', entityId: row.memberId, action: 'password' });
    // Whoever knew the old password may be signed in somewhere: every session ends.
    await revokeMemberSessions(tx, row.memberId, now);
    // The owner proved control of the address: lift any sign-in lock on it.
    await tx.delete(loginFailures).where(eq(loginFailures.email, row.memberEmail.trim().toLowerCase()));
  });
}

/**
 * PUT /auth/update_password for the signed-in member. The rules are checked by the route's schema.
 * The member's other sessions end with the change; the one that made it goes on.
 */
export async function updatePassword(
  deps: AppDeps,
  caller: { memberId: number; sessionId: string },
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const [m] = await deps.db.select({ passwordHash: members.passwordHash }).from(members).where(eq(members.id, caller.memberId)).limit(1);
  if (!(await verifyPassword(input.oldPassword, m?.passwordHash))) {
    throw new ApiError(400, 'wrong_password', 'The old password is not correct', { field: 'oldPassword' });
  }
  const newHash = await hashPassword(input.newPassword);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash: newHash, updatedAt: now.toISOString() }).where(eq(members.id, caller.memberId));
    await recordAudit(tx, { actorId: caller.memberId, entity: 'member', entityId: caller.memberId, action: 'password' });
    await revokeMemberSessions(tx, caller.memberId, now, caller.sessionId);
  });
}
