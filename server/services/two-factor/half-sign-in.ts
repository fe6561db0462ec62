import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { HALF_SIGN_IN_MINUTES } from '@/lib/domain/two-factor';
import { secondFactorPending, webauthnChallenges } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { RateLimitVerdict } from '../../limits/login-rate-limit';
import { recordAudit } from '../audit';
import { signPendingToken } from '../jwt';
import { startSession } from '../sessions';
import type { SecondStep } from './policy';

/**
 * The half-signed-in state: a right password whose second factor (or enrolment) is still due.
 * Its token lives HALF_SIGN_IN_MINUTES and opens only the second-factor and enrolment calls; the
 * real session is issued once, when the second step succeeds.
 */

export type HalfSignIn = { id: string; memberId: number; stage: 'verify' | 'enrol'; email: string; client: string };

export type HalfSignInAnswer = {
  pendingToken: string;
  stage: SecondStep['stage'];
  methods: SecondStep['methods'];
  expiresAt: string;
};

export async function startHalfSignIn(
  deps: AppDeps,
  memberId: number,
  step: SecondStep,
  email: string,
  client: string,
): Promise<HalfSignInAnswer> {
  const now = deps.clock();
  const id = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + HALF_SIGN_IN_MINUTES * 60_000);
  // finished and expired half sign-ins (and challenges) are of no further use
  await deps.db
    .delete(secondFactorPending)
    .where(
      and(eq(secondFactorPending.memberId, memberId), or(lt(secondFactorPending.expiresAt, now), lt(secondFactorPending.completedAt, now))),
    );
  await deps.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await deps.db
    .insert(secondFactorPending)
    .values({ id, memberId, stage: step.stage, email: email.trim().toLowerCase(), client, createdAt: now, expiresAt });
  const pendingToken = await signPendingToken({ memberId, pendingId: id }, expiresAt, { secret: deps.env.jwtSecret, clock: deps.clock });
  return { pendingToken, stage: step.stage, methods: step.methods, expiresAt: expiresAt.toISOString() };
}

/** The live half sign-in a token names (not finished, not expired), or undefined. */
export async function liveHalfSignIn(deps: Pick<AppDeps, 'db' | 'clock'>, memberId: number, id: string): Promise<HalfSignIn | undefined> {
  const [row] = await deps.db
    .select()
    .from(secondFactorPending)
    .where(
      and(
        eq(secondFactorPending.id, id),
        eq(secondFactorPending.memberId, memberId),
        isNull(secondFactorPending.completedAt),
        gt(secondFactorPending.expiresAt, deps.clock()),
      ),
    )
    .limit(1);
  if (!row || (row.stage !== 'verify' && row.stage !== 'enrol')) return undefined;
  return { id: row.id, memberId: row.memberId, stage: row.stage, email: row.email, client: row.client };
}

const expired = () => new ApiError(401, 'unauthorized', 'The sign-in has expired; sign in with the password again');

/**
 * The second step succeeded: the half sign-in ends (once: a second use of its token answers 401),
 * the pair's counted failures are forgotten, and the real session begins.
 */
export async function completeHalfSignIn(deps: AppDeps, half: HalfSignIn): Promise<string> {
  const now = deps.clock();
  const done = await deps.db
    .update(secondFactorPending)
    .set({ completedAt: now })
    .where(and(eq(secondFactorPending.id, half.id), isNull(secondFactorPending.completedAt), gt(secondFactorPending.expiresAt, now)))
    .returning({ id: secondFactorPending.id });
  if (done.length === 0) throw expired();
  await deps.loginRateLimiter.succeeded(half.email, half.client);
  return startSession(deps, half.memberId);
}

/** The sign-in limit's answer when it is reached (429 with Retry-After). */
export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(429, 'rate_limited', `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    value: retryAfterSeconds,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/**
 * A second-factor attempt counted like a password: over the sign-in limit → 429 before anything
 * is checked; `check` answering false leaves the attempt counted as a failure (the last allowed
 * one is audited as a lockout, like a password's) and answers 400 `invalid_code`.
 */
export async function countedAttempt<T>(deps: AppDeps, half: HalfSignIn, check: () => Promise<T | false>): Promise<T> {
  const verdict: RateLimitVerdict = await deps.loginRateLimiter.begin(half.email, half.client);
  if (verdict.limited) throw tooManyAttempts(verdict.retryAfterSeconds);
  const result = await check();
  if (result === false) {
    if (verdict.lastTry) {
      await recordAudit(deps.db, {
        actorId: null,
        entity: 'login',
        entityId: half.email,
        action: 'lockout',
        after: { client: half.client },
      });
    }
    throw new ApiError(400, 'invalid_code', 'The code is not correct or was used already', { field: 'code' });
  }
  return result;
}
