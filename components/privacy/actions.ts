'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { findPersonsForOfficer } from '@/lib/api/privacy';
import { PRIVACY_OFFICER_PAGE_SIZE } from '@/lib/domain/page-sizes';

/** The data-protection officer's search (form 1007): a page of persons, no contact data. */
export const findPersonsAction = defineAction({
  namespace: 'privacyOfficer',
  input: z.object({ q: z.string().max(200), page: z.number().int().min(1).max(100_000) }),
  run: async ({ q, page }) => findPersonsForOfficer(q.trim(), page, PRIVACY_OFFICER_PAGE_SIZE),
});
