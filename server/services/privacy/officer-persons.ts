import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { READ_TRAIL_FUNCTIONS } from '@/lib/domain/privacy/rights';
import { functionAssignments, members, organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import { searchCondition } from '../members/member-list';
import { notErased } from './erased';
import { federationActor } from './privacy-access';
import { assignmentHeldOn } from '../assignment-days';

/**
 * The data-protection officer's way to a person: every person of the federation (former members
 * too, erased ones never), searched by name or registration number, with only what tells people
 * apart (name, birth year, registration number, the organisations of their active functions); no
 * address, no contact data, no picture. So these answers are no read of the person's record.
 */

type OfficerPerson = {
  id: number;
  firstName: string;
  surname: string;
  birthYear: number;
  regNr: string | null;
  /** Names of the organisations where the person holds a function today. */
  organisations: string[];
};

const personColumns = {
  id: members.id,
  firstName: members.firstName,
  surname: members.surname,
  birthDate: members.birthDate,
  regNr: members.regNr,
};

type Found = { id: number; firstName: string; surname: string; birthDate: string; regNr: string | null };

async function withOrganisations(deps: AppDeps, found: Found[]): Promise<OfficerPerson[]> {
  if (found.length === 0) return [];
  const today = todayIso(deps.clock());
  const active = await deps.db
    .selectDistinct({ memberId: functionAssignments.memberId, name: organisations.name })
    .from(functionAssignments)
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(
      and(
        inArray(
          functionAssignments.memberId,
          found.map((f) => f.id),
        ),
        assignmentHeldOn(today),
      ),
    )
    .orderBy(asc(organisations.name));
  return found.map((f) => ({
    id: f.id,
    firstName: f.firstName,
    surname: f.surname,
    birthYear: Number(f.birthDate.slice(0, 4)),
    regNr: f.regNr,
    organisations: active.filter((a) => a.memberId === f.id).map((a) => a.name),
  }));
}

/** GET /admin/privacy/persons: one page of persons, by name (every word), surname first. */
export async function findPersonsForOfficer(
  deps: AppDeps,
  callerId: number,
  query: { q?: string; page: number; size: number },
): Promise<{ items: OfficerPerson[]; total: number; page: number; size: number }> {
  await federationActor(deps, callerId, READ_TRAIL_FUNCTIONS);
  const where = and(notErased(members.id), searchCondition(query.q));
  const [{ total }] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(members)
    .where(where);
  const found = await deps.db
    .select(personColumns)
    .from(members)
    .where(where)
    .orderBy(asc(members.sortSurname), asc(members.sortFirstName), asc(members.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { items: await withOrganisations(deps, found), total: Number(total), page: query.page, size: query.size };
}

/** GET /admin/privacy/persons/{id}: the same for one person; 404 for an unknown or erased one. */
export async function personForOfficer(deps: AppDeps, callerId: number, memberId: number): Promise<OfficerPerson> {
  await federationActor(deps, callerId, READ_TRAIL_FUNCTIONS);
  const found = await deps.db
    .select(personColumns)
    .from(members)
    .where(and(eq(members.id, memberId), notErased(members.id)));
  if (found.length === 0) throw notFound('No such member');
  const [person] = await withOrganisations(deps, found);
  return person;
}
