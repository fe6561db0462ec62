import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import {
  candidateBirthDates,
  DUPLICATE_CHECK_LIMITS,
  duplicateCheckAuditRecord,
  identifiesPerson,
  matchDuplicate,
} from '@/lib/domain/member-duplicates';
import { editsMembersAt } from '@/lib/domain/member-permissions';
import type { z } from 'zod';
import type { DuplicateCandidate } from '@/lib/schemas/member-responses';
import type { MergePairLink } from '@/lib/schemas/member-merge';
import type { duplicateQuerySchema } from '@/lib/schemas/members';
import { functionAssignments, members, organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden } from '../../http/errors';
import { loadCaller } from '../access';
import { recordAudit } from '../audit';
import type { RateScope } from '../../limits/rate-limit';
import { requireMemberFormOrgs } from '../member-access';
import { issueConnectProof } from './connect-proof';
import { mergePairLinks } from './duplicate-report';
import { assignmentHeldOn } from '../assignment-days';

/**
 * PUT /admin/member/duplicates: persons that may already be the one being entered. The database
 * returns the few rows sharing the birth date or its day/month-swapped form
 * (members_birth_date_idx) or the e-mail (members_email_unique); lib/domain/member-duplicates.ts
 * decides which of them match and why.
 *
 * Candidates show only what identifies a person (no e-mail, no phone): a club sees master
 * records of other clubs here, to connect instead of creating a second record. Connecting needs
 * the candidate's `proof`, given only when the name AND the full birth date the caller entered
 * matched exactly (identifiesPerson); only then does the candidate show its birth date,
 * registration number and town. A near match (spelling, typo, swapped names or day and month) or
 * a match by e-mail alone is listed without them and without a proof: otherwise trying dates or
 * an e-mail address would yield what it takes to connect a person.
 *
 * Checks that identify nobody (misses) are limited per caller (DUPLICATE_CHECK_LIMITS, counted in
 * the database): over the limit → 429 duplicate_check_limited with Retry-After. Every check is in
 * the audit trail (entity memberLookup, id = the caller), with only the year of the birth date.
 */

const MAX_CANDIDATES = 10;

export const DUPLICATE_CHECK_SCOPE: RateScope = { name: 'member-duplicates', windows: DUPLICATE_CHECK_LIMITS };

/** 429 duplicate_check_limited: the caller used up DUPLICATE_CHECK_LIMITS (here and in an import's dry run). */
export function duplicateCheckLimited(retryAfterSeconds: number): ApiError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(
    429,
    'duplicate_check_limited',
    `Too many checks for existing members without a match. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { value: retryAfterSeconds, headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

export async function findDuplicates(
  deps: AppDeps,
  callerId: number,
  input: z.output<typeof duplicateQuerySchema>,
): Promise<{ candidates: DuplicateCandidate[]; mergePairs: MergePairLink[] }> {
  const caller = await loadCaller(deps, callerId);
  // The check serves creating and connecting members, which a state association (read-only) never does.
  if (!requireMemberFormOrgs(caller).some(editsMembersAt)) {
    throw forbidden('Only the federation and clubs create or connect members');
  }
  const verdict = await deps.rateLimiter.begin(DUPLICATE_CHECK_SCOPE, String(callerId));
  if (verdict.limited) throw duplicateCheckLimited(verdict.retryAfterSeconds);
  const { candidates, identified } = await lookUp(deps, callerId, input);
  // Only a check that identified nobody counts towards the limit.
  const miss = identified.length === 0;
  if (!miss) await deps.rateLimiter.forget(verdict.hitId);
  const record = duplicateCheckAuditRecord(input, { candidates: candidates.length, identified });
  await recordAudit(deps.db, { actorId: callerId, entity: 'memberLookup', entityId: callerId, action: 'lookup', after: record });
  if (miss && verdict.remaining === 0) {
    await recordAudit(deps.db, {
      actorId: callerId,
      entity: 'memberLookup',
      entityId: callerId,
      action: 'lockout',
      after: { windows: DUPLICATE_CHECK_LIMITS.map((w) => `${w.max}/${w.windowMs / 60_000} min`) },
    });
  }
  // two of them may be one person already: who may merge is shown the report's entry instead of creating a third
  const mergePairs = await mergePairLinks(
    deps,
    caller,
    candidates.map((c) => c.id),
  );
  return { candidates, mergePairs };
}

async function lookUp(
  deps: AppDeps,
  callerId: number,
  input: z.output<typeof duplicateQuerySchema>,
): Promise<{ candidates: DuplicateCandidate[]; identified: number[] }> {
  const email = input.email?.trim().toLowerCase() || null;
  const byDate = inArray(members.birthDate, candidateBirthDates(input.birthDate));
  const match = email ? or(byDate, sql`lower(${members.email}) = ${email}`) : byDate;
  const rows = await deps.db
    .select({
      id: members.id,
      uuid: members.uuid,
      regNr: members.regNr,
      firstName: members.firstName,
      middleName: members.middleName,
      surname: members.surname,
      birthDate: members.birthDate,
      gender: members.gender,
      city: members.city,
      zip: members.zip,
      email: members.email,
    })
    .from(members)
    .where(input.excludeId ? and(match, ne(members.id, input.excludeId)) : match)
    .limit(500);

  const scored = rows
    .map((row) => ({ row, match: matchDuplicate({ ...input, email }, row) }))
    .filter((c): c is { row: (typeof rows)[number]; match: NonNullable<typeof c.match> } => c.match !== null)
    .sort((a, b) => b.match.score - a.match.score || a.row.id - b.row.id)
    .slice(0, MAX_CANDIDATES);
  if (scored.length === 0) return { candidates: [], identified: [] };

  const today = todayIso(deps.clock());
  const memberships = await deps.db
    .select({ memberId: functionAssignments.memberId, orgId: organisations.id, orgName: organisations.name })
    .from(functionAssignments)
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(
      and(
        inArray(
          functionAssignments.memberId,
          scored.map((s) => s.row.id),
        ),
        eq(functionAssignments.roleId, FUNCTION_MEMBERSHIP),
        assignmentHeldOn(today),
      ),
    );

  const candidates = scored.map(async ({ row, match }) => {
    const identified = identifiesPerson(match);
    return {
      id: row.id,
      uuid: row.uuid,
      regNr: identified ? row.regNr : null,
      firstName: row.firstName,
      middleName: row.middleName,
      surname: row.surname,
      birthDate: identified ? row.birthDate : null,
      gender: row.gender,
      city: identified ? row.city : null,
      zip: identified ? row.zip : null,
      organizations: memberships.filter((m) => m.memberId === row.id).map((m) => ({ orgId: m.orgId, orgName: m.orgName })),
      score: match.score,
      reasons: match.reasons,
      proof: identified ? await issueConnectProof(deps, callerId, row.id) : null,
    };
  });
  return {
    candidates: await Promise.all(candidates),
    identified: scored.filter((s) => identifiesPerson(s.match)).map((s) => s.row.id),
  };
}
