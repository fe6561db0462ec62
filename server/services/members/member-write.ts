import { and, eq, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FEDERATION_ORG_ID, FUNCTION_MEMBERSHIP, ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { maySetLicenceNumber } from '@/lib/domain/licence-numbers';
import { isBirthDateAllowed, OPEN_END_DATE, PERSON_FIELDS } from '@/lib/domain/members';
import type { Member } from '@/lib/schemas/member-responses';
import type { MemberData, MemberUpdateData } from '@/lib/schemas/members';
import { isBadTimestamp, sqlState, uniqueViolation } from '../../db/db-errors';
import { functionAssignments, members, organisations } from '../../db/schema';
import { deleteFile, findFile } from '../../files/stored-files';
import { emailChangedMail } from '../../mail/email-changed-mail';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller } from '../access';
import { assertEditable, assertMayDelete, memberFormOrgs, requireMemberFormOrgs } from '../member-access';
import { recordAudit } from '../audit';
import { reserveHandSetNumber } from '../licence-numbers';
import { refreshDuplicateKeys } from './duplicate-keys';
import { loadMemberDto, memberColumns } from './member-shape';
import { rfc3339 } from '../timestamps';

/**
 * Creating, updating and deleting members. Each write is one transaction; the unique
 * indexes decide conflicts (race-free), and their violations become the 409s the screen shows:
 * members_email_unique → unique_email (value: the address), members_identity_unique →
 * identity_conflict (value: the birth date), members_reg_nr_unique → unique_reg_nr (value: the
 * number). The licence number (regNr) is the system's: what a club or trainer sends is ignored;
 * the federation may set one (lib/domain/licence-numbers.ts).
 */

type MemberFields = Omit<MemberData, 'orgId'>;

/** The member's columns an audit entry compares: the record as a person edits it (its picture is recorded by the upload). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the left-out columns are named only to leave them out
const { id: _id, uuid: _uuid, updatedAt: _updatedAt, ...auditedColumns } = memberColumns;

function columnsOf(data: MemberFields) {
  return {
    firstName: data.firstName,
    middleName: data.middleName,
    surname: data.surname,
    birthDate: data.birthDate,
    gender: data.gender,
    nationality: data.nationality,
    country: data.country,
    street: data.street,
    houseNumber: data.houseNumber,
    doorNumber: data.doorNumber,
    zip: data.zip,
    city: data.city,
    phoneMobile: data.phoneMobile,
    email: data.email,
    regNr: data.regNr,
    ...(data.params ? { params: data.params } : {}),
  };
}

function assertBirthDate(birthDate: string, today: string): void {
  if (!isBirthDateAllowed(birthDate, today)) {
    throw new ApiError(422, 'validation', 'birthDateTooRecent', { field: 'birthDate' });
  }
}

/** Maps what the database refused to the API's conflicts; anything else is rethrown. */
function mapWriteError(err: unknown, data: MemberFields): never {
  const index = uniqueViolation(err);
  if (index === 'members_email_unique') {
    throw new ApiError(409, 'unique_email', `Die Email ${data.email} ist bereits in Verwendung!`, { field: 'email', value: data.email });
  }
  if (index === 'members_reg_nr_unique') {
    throw new ApiError(409, 'unique_reg_nr', `The licence number ${data.regNr} is already given to another person.`, {
      field: 'regNr',
      value: data.regNr,
    });
  }
  if (index === 'members_identity_unique') {
    throw new ApiError(409, 'identity_conflict', `A person with this name, gender and birth date (${data.birthDate}) already exists.`, {
      field: 'birthDate',
      value: data.birthDate,
    });
  }
  // A country id that does not exist (foreign key).
  if (sqlState(err) === '23503') throw new ApiError(422, 'validation', 'unknownReference', { field: 'nationality' });
  throw err;
}

/** POST /admin/member: the new member; a club creating one gets a membership (32) from today in the same transaction. */
export async function createMember(deps: AppDeps, callerId: number, data: MemberData): Promise<Member> {
  const caller = await loadCaller(deps, callerId);
  const formOrgs = requireMemberFormOrgs(caller);
  const [org] = await deps.db
    .select({ id: organisations.id, level: organisations.orgLevel })
    .from(organisations)
    .where(eq(organisations.id, data.orgId));
  if (!org) throw new ApiError(422, 'validation', 'unknownOrganisation', { field: 'orgId' });
  const allowed =
    formOrgs.some((o) => o.level === ORG_LEVEL_FEDERATION) || formOrgs.some((o) => o.id === org.id && o.level === ORG_LEVEL_CLUB);
  if (!allowed) throw forbidden('You may not create members for this organisation');

  const today = todayIso(deps.clock());
  assertBirthDate(data.birthDate, today);
  const fields: MemberFields = maySetLicenceNumber(formOrgs.map((o) => o.level)) ? data : { ...data, regNr: null };
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      await reserveHandSetNumber(tx, fields.regNr);
      const [row] = await tx
        .insert(members)
        .values(columnsOf(fields))
        .returning({ id: members.id, ...auditedColumns });
      const { id: newId, ...after } = row;
      await refreshDuplicateKeys(tx, [newId]);
      await recordAudit(tx, { actorId: callerId, actingOrgId: org.id, entity: 'member', entityId: newId, action: 'create', after });
      if (org.level === ORG_LEVEL_CLUB) {
        const [membership] = await tx
          .insert(functionAssignments)
          .values({ memberId: newId, orgId: org.id, roleId: FUNCTION_MEMBERSHIP, dateFrom: today, dateTo: OPEN_END_DATE })
          .returning();
        await recordAudit(tx, {
          actorId: callerId,
          actingOrgId: org.id,
          entity: 'function',
          entityId: membership.id,
          action: 'assign',
          after: membership,
        });
      }
      return newId;
    });
  } catch (err) {
    mapWriteError(err, fields);
  }
  return (await loadMemberDto(deps.db, id, today))!;
}

/** The fields a PUT may change; each left out of the body stays as stored. */
const WRITABLE = PERSON_FIELDS;

type MemberRow = typeof members.$inferSelect;

/** The body merged over the stored record: left out = unchanged, null = cleared, params merged flag by flag. */
function mergedFields(stored: MemberRow, data: MemberUpdateData): MemberFields {
  const merged = Object.fromEntries(WRITABLE.map((k) => [k, data[k] === undefined ? stored[k] : data[k]])) as Omit<MemberFields, 'params'>;
  return { ...merged, params: data.params ? { ...stored.params, ...data.params } : undefined };
}

/**
 * PUT /admin/member: only when the record is still the version the caller read (updatedAt), else
 * 409 stale; never for a person who holds functions above the caller (403 outranked). Fields left
 * out keep their stored value; null clears an optional one.
 */
export async function updateMember(deps: AppDeps, callerId: number, body: MemberUpdateData): Promise<Member> {
  const caller = await loadCaller(deps, callerId);
  const data: MemberUpdateData = maySetLicenceNumber(memberFormOrgs(caller).map((o) => o.level)) ? body : { ...body, regNr: undefined };
  const [editingOrg] = await assertEditable(deps, caller, data.id);
  const today = todayIso(deps.clock());
  if (data.birthDate !== undefined) assertBirthDate(data.birthDate, today);
  const now = deps.clock().toISOString();
  let before: MemberRow | undefined;
  let fields: MemberFields | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      [before] = await tx.select().from(members).where(eq(members.id, data.id)).for('update');
      if (!before) throw notFound('No such member');
      fields = mergedFields(before, data);
      if (fields.regNr !== before.regNr) await reserveHandSetNumber(tx, fields.regNr);
      const updated = await tx
        .update(members)
        // Always moves forward, even when the clock did not (tests, clock skew): the next stale check must see the change.
        .set({ ...columnsOf(fields), updatedAt: sql`greatest(${now}::timestamptz, ${members.updatedAt} + interval '1 millisecond')` })
        .where(and(eq(members.id, data.id), sql`${members.updatedAt} = ${data.updatedAt}::timestamptz`))
        .returning(auditedColumns);
      if (updated.length === 0) {
        throw new ApiError(409, 'stale', 'The member was changed in the meantime; reload it', { value: rfc3339(before.updatedAt) });
      }
      await refreshDuplicateKeys(tx, [data.id]);
      const previous = Object.fromEntries(Object.keys(auditedColumns).map((k) => [k, before![k as keyof typeof before]]));
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: editingOrg?.id,
        entity: 'member',
        entityId: data.id,
        action: 'update',
        before: previous,
        after: updated[0],
      });
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (isBadTimestamp(err)) throw new ApiError(422, 'validation', 'invalidUpdatedAt', { field: 'updatedAt' });
    mapWriteError(err, fields ?? ({ ...data, params: undefined } as MemberFields));
  }
  if (before?.email && before.email.toLowerCase() !== (fields?.email ?? '').toLowerCase()) {
    await noticeEmailChange(deps, callerId, { ...before, email: before.email }, fields?.email ?? null);
  }
  return (await loadMemberDto(deps.db, data.id, today))!;
}

/**
 * A changed login e-mail: a notice goes to the old address (who holds the address holds the
 * password reset). Sent after the change is committed; a mail failure is logged, not undone.
 */
async function noticeEmailChange(
  deps: AppDeps,
  callerId: number,
  person: { email: string; firstName: string; surname: string },
  newEmail: string | null,
) {
  const [actor] = await deps.db
    .select({ firstName: members.firstName, surname: members.surname })
    .from(members)
    .where(eq(members.id, callerId));
  const mail = emailChangedMail({
    oldEmail: person.email,
    newEmail,
    name: `${person.firstName} ${person.surname}`,
    actor: actor ? `${actor.firstName} ${actor.surname}` : '',
    replyTo: deps.env.mailReplyTo[0]?.value,
  });
  void deps.mailer.send(mail).catch((err: Error) => {
    console.error(`[mail] e-mail-change notice to ${person.email} failed: ${err.message}`);
  });
}

/** DELETE /admin/member/{id}: federation only; functions and trainings go with the member, the picture file too. */
export async function deleteMember(deps: AppDeps, callerId: number, memberId: number): Promise<{ ok: true; id: number; name: string }> {
  assertMayDelete(await loadCaller(deps, callerId));
  if (memberId === callerId) throw new ApiError(422, 'self', 'You cannot delete your own record');
  const [member] = await deps.db
    .select({ id: members.id, firstName: members.firstName, surname: members.surname, uuid: members.uuid })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw notFound('No such member');
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(members).where(eq(members.id, memberId)).returning(auditedColumns);
    if (removed)
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: FEDERATION_ORG_ID,
        entity: 'member',
        entityId: memberId,
        action: 'delete',
        before: removed,
      });
  });
  if (member.uuid) {
    const file = await findFile(deps.db, member.uuid);
    if (file) await deleteFile(deps.db, deps.env.uploadDir, file).catch(() => undefined);
  }
  return { ok: true, id: memberId, name: `${member.firstName} ${member.surname}` };
}
