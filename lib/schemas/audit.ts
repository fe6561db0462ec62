import { z } from 'zod';

/** The audit trail's query and answer, shared by the API route and the admin app's history view. */

export const AUDIT_ENTITIES = [
  'member',
  'organisation',
  'place',
  'function',
  'training',
  'file',
  'login',
  'order',
  'orderCategory',
  'role',
  'tournament',
  'news',
  'newsCategory',
  'message',
  'notification',
  'memberLookup',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'upload',
  'assign',
  'lockout',
  'password',
  'resend',
  'lookup',
  'secondFactor',
  'secondFactorReset',
  'export',
  'erase',
  'merge',
  'unmerge',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  id: z
    .string()
    .regex(/^[0-9]{1,10}$/, 'id must be digits')
    .optional()
    .meta({ description: 'Id of the record (with `entity`)' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string().meta({ format: 'date-time' }),
    actorId: z.number().int().nullable(),
    actorName: z.string().nullable().meta({ description: 'First name and surname of the actor, when still on record' }),
    actingOrgId: z.number().int().nullable(),
    entity: z.string(),
    entityId: z.string(),
    action: z.string(),
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
    mergeId: z
      .string()
      .nullable()
      .meta({ description: 'The merge of two persons this entry belongs to (undo: POST /admin/members/merge/{mergeId}/undo)' }),
    canUndo: z.boolean().meta({
      description:
        "A merge's entry on the record asked for: true when this caller may undo that merge now (it stands, it was made today, the caller undoes merges of its surviving record). The undo still refuses what changed since.",
    }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z
  .object({ entries: z.array(AuditEntrySchema), total: z.number().int(), page: z.number().int(), size: z.number().int() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;
