import { z } from 'zod';
import { ASSIGNMENT_REFUSALS } from '@/lib/domain/role-assignment';
import { dbId, isoDate } from './common';

/** Bulk role assignment (form 66): request and per-pair answer. Zod only. */

export const roleAssignSchema = z.object({
  orgId: dbId(),
  memberIds: z.array(dbId()).min(1, 'required').max(500, 'tooMany'),
  roleIds: z.array(dbId()).min(1, 'required').max(50, 'tooMany'),
  /** YYYY-MM-DD; null or left out: today. */
  start: isoDate().nullable().optional(),
  /** YYYY-MM-DD; null or left out: open-ended. */
  end: isoDate().nullable().optional(),
  /** Work out every verdict, save nothing. */
  dryRun: z.boolean().optional(),
});
export type RoleAssignInput = z.output<typeof roleAssignSchema>;

const pair = {
  memberId: z.number().int(),
  name: z.string().meta({ description: "The person's name, '' when unknown" }),
  roleId: z.number().int(),
  role: z.string().meta({ description: "The role's name, '' when unknown" }),
};

export const RoleAssignResultSchema = z
  .object({
    batchId: z.string().nullable().meta({ description: 'What undoes this assignment (null for a dry run or when nothing was saved)' }),
    dryRun: z.boolean(),
    start: z.string(),
    end: z.string(),
    success: z.array(z.object({ ...pair, assignmentId: z.number().int().nullable().meta({ description: 'null in a dry run' }) })),
    errors: z.array(z.object({ ...pair, reason: z.enum(ASSIGNMENT_REFUSALS), message: z.string() })),
  })
  .meta({ id: 'RoleAssignResult' });
export type RoleAssignResult = z.infer<typeof RoleAssignResultSchema>;

export const RoleUndoResultSchema = z.object({ batchId: z.string(), removed: z.number().int() }).meta({ id: 'RoleUndoResult' });
