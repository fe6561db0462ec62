import { z } from 'zod';
import { ASSIGNMENT_REFUSALS } from '@/lib/domain/role-assignment';
import { dbId, isoDate, updatedAtText } from './common';

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

/*
 * The federation's role catalogue: POST (new) and PUT (id and updatedAt) /admin/role. The answer
 * of either can be sent back as it is (PUT): keys the schema does not know are ignored.
 */

/** Organisation ids (they must exist: the service answers 422 naming the list otherwise). */
const orgIdList = z.array(dbId()).max(500, 'tooMany');

export const roleParamsSchema = z.object({
  /** Offered only in these organisations (empty or left out: everywhere). */
  orgWhitelist: orgIdList.optional(),
  /** Never offered in these organisations. */
  orgBlacklist: orgIdList.optional(),
  /** Only callers acting in these organisations may assign it (empty or left out: anyone who may assign). */
  editWhitelist: orgIdList.optional(),
});

const roleFields = {
  name: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(80, 'tooLong')
    .refine((v) => !/\p{Cc}/u.test(v), 'invalidCharacters'),
  groupId: dbId(),
  /** Left out: none on create, unchanged on update. Given: replaces all three lists. */
  params: roleParamsSchema.optional(),
};

function roleRules(v: { params?: z.output<typeof roleParamsSchema> }, ctx: z.RefinementCtx) {
  if (v.params?.orgWhitelist?.length && v.params.orgBlacklist?.length) {
    ctx.addIssue({ code: 'custom', message: 'whitelistAndBlacklist', path: ['params', 'orgBlacklist'] });
  }
}

export const roleCreateSchema = z.object(roleFields).superRefine(roleRules);
export const roleUpdateSchema = z
  .object({
    id: dbId(),
    /** The updatedAt the API answered; 409 `stale` when the role changed since. */
    updatedAt: updatedAtText(),
    ...roleFields,
  })
  .superRefine(roleRules);
export type RoleCreateInput = z.output<typeof roleCreateSchema>;
export type RoleUpdateInput = z.output<typeof roleUpdateSchema>;

export const RoleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    groupId: z.number().int(),
    params: z.object({
      orgWhitelist: z.array(z.number().int()).optional(),
      orgBlacklist: z.array(z.number().int()).optional(),
      editWhitelist: z.array(z.number().int()).optional(),
    }),
    updatedAt: z.string().meta({ format: 'date-time', description: 'Send it back with PUT' }),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof RoleSchema>;
