import type { Member } from '@/lib/api/member-types';
import type { MemberFormData, MemberFormValues } from './member-form-schema';

/*
 * The personal-data form's values and message keys, without zod: the member screen opens in read
 * mode with these, and loads the schema (member-form-schema.ts) with the first validation.
 */

/** Form values of a saved member; nothing becomes '' so the inputs stay controlled. */
export function memberFormValues(member: Member | null): MemberFormValues {
  return {
    firstName: member?.firstName ?? '',
    middleName: member?.middleName ?? '',
    surname: member?.surname ?? '',
    birthDate: member?.birthDate ?? '',
    // no gender chosen yet: the select shows its placeholder and the schema answers 'required'
    gender: member?.gender ?? ('' as MemberFormValues['gender']),
    nationality: member?.nationality ?? null,
    country: member?.country ?? null,
    street: member?.street ?? '',
    houseNumber: member?.houseNumber ?? '',
    doorNumber: member?.doorNumber ?? '',
    zip: member?.zip ?? '',
    city: member?.city ?? '',
    phoneMobile: member?.phoneMobile ?? '',
    email: member?.email ?? '',
    regNr: member?.regNr ?? '',
    params: {
      profileVisible: Boolean(member?.params?.profileVisible),
      phoneMobileVisible: Boolean(member?.params?.phoneMobileVisible),
      emailVisible: Boolean(member?.params?.emailVisible),
    },
  };
}

/** The duplicate check's question for the entered person. */
export function duplicateQueryOf(values: MemberFormValues | MemberFormData, excludeId?: number) {
  return {
    firstName: values.firstName,
    surname: values.surname,
    birthDate: values.birthDate,
    gender: values.gender || null,
    email: values.email || null,
    excludeId: excludeId ?? null,
  };
}

/** The validation message keys the schemas use, as members.validation.* keys. */
export const VALIDATION_KEYS = ['required', 'birthDateTooRecent', 'invalidEmail', 'invalidDate', 'tooLong', 'endBeforeStart'] as const;

export function validationKey(message: string | undefined): (typeof VALIDATION_KEYS)[number] | null {
  if (!message) return null;
  if (message === 'birth_date_too_recent') return 'birthDateTooRecent';
  return (VALIDATION_KEYS as readonly string[]).includes(message) ? (message as (typeof VALIDATION_KEYS)[number]) : null;
}
