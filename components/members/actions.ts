'use server';

import { getTranslations } from 'next-intl/server';
import { fail, fieldErrorsOf, ok, type ActionResult } from '@/lib/api/action-result';
import { ApiError } from '@/lib/api/errors';
import * as api from '@/lib/api/members';
import type { DuplicateCandidate, RoleGroup } from '@/lib/api/member-types';
import { formatDisplayDate, todayIso } from '@/lib/domain/dates';
import { isMembershipEndDateAllowed } from '@/lib/domain/members';
import { duplicateQuerySchema, functionInputSchema, trainingInputSchema, type FunctionInput, type TrainingInput } from '@/lib/schemas/members';
import { memberFailure } from './action-errors';
import { memberFormSchema, type MemberFormValues } from './member-form-schema';

/**
 * Server actions of the member screen (forms 51 and 52). Each validates with the shared schema,
 * calls the members API and answers an ActionResult whose message is the toast text.
 */

const positiveId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

async function invalidForm(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const t = await getTranslations('members');
  const translate = (key: string) => (t.has(`validation.${key}`) ? t(`validation.${key}`) : t('validation.required'));
  const fieldErrors = fieldErrorsOf(issues, translate);
  return fail(Object.values(fieldErrors)[0] ?? t('validation.required'), { fieldErrors, code: 'validation' });
}

function fullName(m: { firstName: string; surname: string }) {
  return `${m.firstName} ${m.surname}`.trim();
}

/** Creates a member in the acting organisation (a club gives it a membership there). */
export async function createMemberAction(orgId: number, values: MemberFormValues): Promise<ActionResult<{ id: number; name: string; message: string }>> {
  const parsed = memberFormSchema(todayIso()).safeParse(values);
  if (!parsed.success || !positiveId(orgId)) return invalidForm(parsed.error?.issues ?? []);
  try {
    const member = await api.createMember({ ...parsed.data, orgId });
    const t = await getTranslations('members');
    const name = fullName(member);
    return ok({ id: member.id, name, message: t('created', { name }) });
  } catch (error) {
    return memberFailure(error);
  }
}

/** Saves a member's personal data on top of the version the edit started from (409 stale otherwise). */
export async function updateMemberAction(
  orgId: number,
  id: number,
  updatedAt: string,
  values: MemberFormValues,
): Promise<ActionResult<{ message: string }>> {
  const parsed = memberFormSchema(todayIso()).safeParse(values);
  if (!parsed.success || !positiveId(orgId) || !positiveId(id)) return invalidForm(parsed.error?.issues ?? []);
  try {
    await api.updateMember({ ...parsed.data, orgId, id, updatedAt });
    const t = await getTranslations('members');
    return ok({ message: t('saved') });
  } catch (error) {
    return memberFailure(error);
  }
}

/** The duplicate check that runs before a member is created. */
export async function checkDuplicatesAction(values: MemberFormValues, excludeId?: number): Promise<ActionResult<DuplicateCandidate[]>> {
  const parsed = duplicateQuerySchema.safeParse({
    firstName: values.firstName,
    surname: values.surname,
    birthDate: values.birthDate,
    gender: values.gender || null,
    email: values.email || null,
    excludeId: excludeId ?? null,
  });
  if (!parsed.success) return invalidForm(parsed.error.issues);
  try {
    const { candidates } = await api.findDuplicates(parsed.data);
    return ok(candidates);
  } catch (error) {
    return memberFailure(error);
  }
}

/**
 * Connects an existing master record to the club: membership (32) from today, no end. `proof` is
 * the duplicate check's proof for this candidate; without it only a member the caller may already
 * edit can be connected.
 */
export async function connectMemberAction(orgId: number, memberId: number, proof?: string | null): Promise<ActionResult<{ message: string }>> {
  if (!positiveId(orgId) || !positiveId(memberId) || (proof != null && typeof proof !== 'string')) return memberFailure(new ApiError(400), 'failed');
  try {
    await api.addMembership(orgId, memberId, proof);
    const t = await getTranslations('members');
    return ok({ message: t('duplicates.connected') });
  } catch (error) {
    return memberFailure(error, 'failed');
  }
}

/** Deletes a member (federation only; the API refuses everyone else). */
export async function deleteMemberAction(memberId: number): Promise<ActionResult<{ message: string }>> {
  if (!positiveId(memberId)) return memberFailure(new ApiError(400));
  try {
    const result = await api.deleteMember(memberId);
    const t = await getTranslations('members');
    return ok({ message: t('deleted', { name: result.name }) });
  } catch (error) {
    return memberFailure(error);
  }
}

/** Ends the member's membership in a club on `date` (today … today + 364 days). */
export async function endMembershipAction(clubId: number, memberId: number, date: string): Promise<ActionResult<{ message: string }>> {
  const t = await getTranslations('members');
  if (!positiveId(clubId) || !positiveId(memberId) || !isMembershipEndDateAllowed(date, todayIso())) {
    return fail(t('failed'), { code: 'validation' });
  }
  try {
    const result = await api.endMembership(clubId, memberId, date);
    return ok({ message: t('functions.membershipEnded', { date: formatDisplayDate(result.dateTo ?? date) }) });
  } catch (error) {
    return memberFailure(error, 'failed');
  }
}

/** Records a training of the member, in the acting organisation. */
export async function addTrainingAction(memberId: number, input: TrainingInput): Promise<ActionResult<{ message: string }>> {
  const parsed = trainingInputSchema.safeParse(input);
  if (!parsed.success || !positiveId(memberId)) return invalidForm(parsed.error?.issues ?? []);
  try {
    await api.addTraining(memberId, parsed.data);
    const t = await getTranslations('members');
    return ok({ message: t('trainings.added') });
  } catch (error) {
    return memberFailure(error);
  }
}

/** Removes a training entry (toast 'enfernt'). */
export async function removeTrainingAction(memberId: number, ausbMgId: number, orgId: number): Promise<ActionResult<{ message: string }>> {
  if (!positiveId(memberId) || !positiveId(ausbMgId) || !positiveId(orgId)) {
    return memberFailure(new ApiError(400));
  }
  try {
    await api.removeTraining(memberId, ausbMgId, orgId);
    const t = await getTranslations('members');
    return ok({ message: t('trainings.removed') });
  } catch (error) {
    return memberFailure(error);
  }
}

/** Creates (no id) or updates (id + updatedAt) a function assignment of the member. */
export async function saveFunctionAction(memberId: number, input: FunctionInput): Promise<ActionResult<{ message: string }>> {
  const parsed = functionInputSchema.safeParse({ ...input, memberId });
  if (!parsed.success || !positiveId(memberId)) return invalidForm(parsed.error?.issues ?? []);
  try {
    await api.saveFunction(memberId, parsed.data);
    const t = await getTranslations('members');
    return ok({ message: t('functions.saved') });
  } catch (error) {
    return memberFailure(error);
  }
}

/** The functions the caller may assign in `orgId` (the federation choosing another organisation than its own). */
export async function functionGroupsAction(orgId: number): Promise<ActionResult<RoleGroup[]>> {
  if (!positiveId(orgId)) return memberFailure(new ApiError(400));
  try {
    return ok(await api.getFunctionGroups(orgId));
  } catch (error) {
    return memberFailure(error);
  }
}
