import { z } from 'zod';
import { memberInputSchema, withBirthDateRule } from '@/lib/schemas/members';

/**
 * The personal-data form: the shared member schema without the organisation (the page
 * adds it), with the "birth date at least 2 years back" rule for `today`. Messages are keys of
 * members.validation ('required' → 'Bitte füllen Sie das erforderliche Feld aus!').
 */
const memberFieldsSchema = memberInputSchema.omit({ orgId: true });

export function memberFormSchema(today: string) {
  return withBirthDateRule(memberFieldsSchema, today);
}

export type MemberFormValues = z.input<typeof memberFieldsSchema>;
export type MemberFormData = z.output<typeof memberFieldsSchema>;
