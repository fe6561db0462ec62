import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { members, sessions } from '../db/schema';
import type { Db } from '../db/client';
import type { AppDeps } from '../http/context';
import { callerFromRoles, namedSystemRoles, systemRolesJson, type Caller } from './access';
import { CallerCache } from './caller-cache';
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
  await deps.db.delete(sessions).where(and(eq(sessions.memberId, memberId), or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, now))));
  await deps.db.insert(sessions).values({ id, memberId, createdAt: now, expiresAt });
  return signToken({ memberId, sessionId: id }, expiresAt, { secret: deps.env.jwtSecret, clock: deps.clock });
}

/** The signed-in member's fields that GET /getUser answers (never the password hash). */
export const PROFILE_FIELDS = [
  'id',
  'uuid',
  'firstName',
  'surname',
  'birthDate',
  'gender',
  'nationality',
  'email',
  'phoneMobile',
  'phoneFixed',
  'regNr',
  'extId',
  'city',
  'street',
  'houseNumber',
  'doorNumber',
  'zip',
] as const;
export type MemberProfile = Pick<typeof members.$inferSelect, (typeof PROFILE_FIELDS)[number]>;
export const profileColumns = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, members[f]])) as {
  [K in (typeof PROFILE_FIELDS)[number]]: (typeof members)[K];
};

/**
 * The caller of a live session with their system roles, in one statement: the session (unknown,
 * revoked or expired → undefined) joined with its member (who must still be able to sign in) and
 * the member's assignments of form functions active today with their organisations, as one JSON
 * value (systemRolesJson, the same SQL that loads a caller outside a request). The same statement reads the member's profile and the names of their roles, so the shell's two
 * calls (GET /getUser, GET /admin/systemroles) are answered from it with no statement of their own.
 */
export async function liveSessionCaller(
  deps: Pick<AppDeps, 'db' | 'clock' | 'callerCache'>,
  memberId: number,
  sessionId: string,
): Promise<Caller | undefined> {
  const now = deps.clock();
  const today = todayIso(now);
  // A caller this process read a moment ago, when nothing they depend on has changed since.
  const cache = deps.callerCache;
  const key = CallerCache.key(memberId, sessionId, today);
  const kept = cache?.get(key, now);
  if (kept) return kept;
  const mark = cache?.mark() ?? 0;
  const [row] = await callerStatement(deps.db).execute({ memberId, sessionId, today, now });
  if (!row) return undefined;
  const caller = { ...callerFromRoles(memberId, row.roles), signedIn: { profile: row.profile, systemRoles: namedSystemRoles(row.roles) } };
  cache?.keep(key, caller, row.sessionEndsAt, mark, now);
  return caller;
}

/**
 * Every request runs this statement first, so it is prepared once per database (a named statement:
 * PostgreSQL parses and plans it once per connection, and the API builds its SQL once). One row:
 * the member with all their roles as one JSON value.
 */
function prepareCallerStatement(db: Db) {
  return db
    .select({
      profile: profileColumns,
      roles: systemRolesJson(sql.placeholder('memberId'), sql.placeholder('today')),
      sessionEndsAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.memberId, sql.placeholder('memberId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // a member whose sign-in was removed (no password) has no live session
        isNotNull(members.passwordHash),
      ),
    )
    .prepare('live_session_caller');
}

/**
 * Prepared statements, one per database session: a prepared statement runs on the session it was
 * prepared on, so a handle that forwards to a transaction (tests roll every request back) gets
 * the transaction's own.
 */
const callerStatements = new WeakMap<object, ReturnType<typeof prepareCallerStatement>>();

function callerStatement(db: Db) {
  const session = (db as unknown as { session: object }).session;
  let statement = callerStatements.get(session);
  if (!statement) {
    statement = prepareCallerStatement(db);
    callerStatements.set(session, statement);
  }
  return statement;
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
export async function revokeMemberSessions(db: Db | Tx, memberId: number, at: Date, keep?: string): Promise<void> {
  const conditions: SQL[] = [eq(sessions.memberId, memberId), isNull(sessions.revokedAt)];
  if (keep) conditions.push(ne(sessions.id, keep));
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(...conditions));
}
