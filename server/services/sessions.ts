import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { members, sessions } from '../db/schema';
import type { Db } from '../db/client';
import type { AppDeps } from '../http/context';
import { signToken } from './jwt';

/**
 * Sign-in sessions: a row per sign-in, named by the token's `sid`. A session lives JWT_TTL (8 h by
 * default) unless it is revoked earlier: by signing out (that session), "sign out everywhere"
 * (all of the member's sessions), a password change (all but the one that changed it) or a
 * password reset (all).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Starts a session for a member who has just proved their password and returns its token. */
export async function startSession(deps: AppDeps, memberId: number): Promise<string> {
  const now = deps.clock();
  const id = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + deps.env.jwtTtlSeconds * 1000);
  // Ended sessions of this member are of no further use: clear them while we are here.
  await deps.db
    .delete(sessions)
    .where(and(eq(sessions.memberId, memberId), or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, now))));
  await deps.db.insert(sessions).values({ id, memberId, createdAt: now, expiresAt });
  return signToken({ memberId, sessionId: id }, expiresAt, { secret: deps.env.jwtSecret, clock: deps.clock });
}

/**
 * The member id of a live session, in one statement (session joined with its member, who must
 * still be able to sign in), or undefined when the session is unknown, revoked or expired.
 */
export async function liveSessionMember(deps: AppDeps, memberId: number, sessionId: string): Promise<number | undefined> {
  const [row] = await deps.db
    .select({ id: members.id })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, deps.clock()),
        // a member whose sign-in was removed (no password) has no live session
        isNotNull(members.passwordHash),
      ),
    )
    .limit(1);
  return row?.id;
}

/** Ends one session (sign-out). */
export async function revokeSession(deps: AppDeps, memberId: number, sessionId: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

/**
 * Ends all of a member's open sessions, except `keep` (the session that changed the password).
 * Runs on the caller's transaction when given, so it commits together with the password change.
 */
export async function revokeMemberSessions(
  db: Db | Tx,
  memberId: number,
  at: Date,
  keep?: string,
): Promise<void> {
  const conditions: SQL[] = [eq(sessions.memberId, memberId), isNull(sessions.revokedAt)];
  if (keep) conditions.push(ne(sessions.id, keep));
  await db.update(sessions).set({ revokedAt: at }).where(and(...conditions));
}
