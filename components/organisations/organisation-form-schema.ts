import { z } from 'zod';
import { federalStateRequired } from '@/lib/domain/organisation-rules';
import { organisationSchema } from '@/lib/schemas/organisation';

/** The shared schema plus the one rule that depends on the record: federal state, except organisation 1. */
export function organisationFormSchema(orgId: number | null) {
  return organisationSchema.superRefine((values, ctx) => {
    if (federalStateRequired(orgId) && !values.params.federalState) {
      ctx.addIssue({ code: 'custom', path: ['params', 'federalState'], message: 'required' });
    }
  });
}

export type OrganisationFormOutput = z.output<ReturnType<typeof organisationFormSchema>>;
