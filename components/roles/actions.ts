'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import { assignRoles, getRoleMembers, undoRoleBatch } from '@/lib/api/roles';
import { recordId } from '@/lib/schemas/ids';
import { isoDate } from '@/lib/schemas/common';
import { ROLE_MEMBERS_PAGE_SIZE } from './role-view';

/** The role administration's calls (form 66): members to pick, the assignment (or its dry run), undo. */

function roleRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'batch_changed':
      return { message: t('undoChanged') };
    case 'already_undone':
      return { message: t('undoDone') };
    case 'forbidden':
      return { message: t('forbidden') };
    default:
      return undefined;
  }
}

export const loadRoleMembers = defineAction({
  namespace: 'roles',
  input: z.object({
    orgId: recordId,
    q: z.string().max(100).optional(),
    group: recordId.optional(),
    candidates: z.boolean().optional(),
    page: z.number().int().min(1).max(100_000),
  }),
  failure: 'loadFailed',
  refusal: roleRefusal,
  run: async (input) => getRoleMembers(input.orgId, { ...input, pageSize: ROLE_MEMBERS_PAGE_SIZE }),
});

export const assign = defineAction({
  namespace: 'roles',
  input: z.object({
    orgId: recordId,
    memberIds: z.array(recordId).min(1).max(500),
    roleIds: z.array(recordId).min(1).max(50),
    start: isoDate().nullable(),
    end: isoDate().nullable(),
    dryRun: z.boolean(),
  }),
  failure: 'assignFailed',
  refusal: roleRefusal,
  run: async (input) => assignRoles(input),
});

export const undo = defineAction({
  namespace: 'roles',
  input: z.object({ batchId: z.uuid() }),
  failure: 'undoFailed',
  refusal: roleRefusal,
  run: async ({ batchId }) => undoRoleBatch(batchId),
});
