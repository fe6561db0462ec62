import { and, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { candidateBirthDates, matchDuplicate, type DuplicateReason } from '@/lib/domain/member-duplicates';
import { editsMembersAt } from '@/lib/domain/member-permissions';
import type { z } from 'zod';
import type { DuplicateCandidate } from '@/lib/schemas/member-responses';
import type { duplicateQuerySchema } from '@/lib/schemas/members';
import { functionAssignments, members, organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden } from '../../http/errors';
import { loadCaller } from '../access';
import { requireMemberFormOrgs } from '../member-access';
import { issueConnectProof } from './connect-proof';

/**
 * PUT /admin/member/duplicates: persons that may already be the one being entered. The database
 * returns the few rows sharing the birth date or its day/month-swapped form
 * (members_birth_date_idx) or the e-mail (members_email_unique); lib/domain/member-duplicates.ts
 * decides which of them match and why.
 *
 * Candidates show only what identifies a person (no e-mail, no phone): a club sees master
 * records of other clubs here, to connect instead of creating a second record. Connecting needs
 * the candidate's `proof`, given only when the name AND birth date the caller entered matched.
 * A match by e-mail alone identifies nobody: it shows the name and clubs (a family may share an
 * address) but not the birth date, registration number or town, and carries no proof; otherwise
 * an e-mail address would yield what it takes to connect its owner.
 */

const MAX_CANDIDATES = 10;

/** Did the names and the birth date match (not only the e-mail)? */
function identifiesPerson(reasons: readonly DuplicateReason[]): boolean {
  return reasons.includes('same_birth_date') || reasons.includes('swapped_day_month');
}

export async function findDuplicates(
  deps: AppDeps,
  callerId: number,
  input: z.output<typeof duplicateQuerySchema>,
): Promise<{ candidates: DuplicateCandidate[] }> {
  // The check serves creating and connecting members, which a state association (read-only) never does.
  if (!requireMemberFormOrgs(await loadCaller(deps, callerId)).some(editsMembersAt)) {
    throw forbidden('Only the federation and clubs create or connect members');
  }
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
  if (scored.length === 0) return { candidates: [] };

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
        lte(functionAssignments.dateFrom, today),
        gte(functionAssignments.dateTo, today),
      ),
    );

  const candidates = scored.map(async ({ row, match }) => {
    const identified = identifiesPerson(match.reasons);
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
  return { candidates: await Promise.all(candidates) };
}
