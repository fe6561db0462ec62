'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import { rejoinPerson, searchPersons } from '@/lib/api/roles';
import { recordId } from '@/lib/schemas/ids';
import { PERSON_PAGE_SIZE } from './person-view';

/** The person search's calls (form 46): a page of persons, and a former member back into the club. */

function personRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'already_member':
      return { message: t('alreadyMember') };
    case 'not_a_former_member':
      return { message: t('notFormer') };
    default:
      return undefined;
  }
}

export const loadPersons = defineAction({
  namespace: 'persons',
  input: z.object({
    org: recordId,
    q: z.string().max(100).optional(),
    groups: z.array(recordId).max(50),
    former: z.boolean(),
    page: z.number().int().min(1).max(100_000),
  }),
  failure: 'loadFailed',
  refusal: personRefusal,
  run: async ({ groups, ...rest }) => searchPersons({ ...rest, groups: groups.join(','), size: PERSON_PAGE_SIZE }),
});

export const rejoin = defineAction({
  namespace: 'persons',
  input: z.object({ memberId: recordId, orgId: recordId }),
  failure: 'rejoinFailed',
  refusal: personRefusal,
  run: async ({ memberId, orgId }) => rejoinPerson(memberId, orgId),
});
