import { createRoute, z } from '@hono/zod-openapi';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { binary, json, memberIdParam } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/**
 * A person's data rights: their data export (JSON, PDF, ZIP), erasure with its plan, and the trail
 * of who read their record. See server/services/privacy.
 */

const tags = ['Privacy'];
const memberParams = z.object({ memberId: memberIdParam });

const exportQuery = z.object({
  format: z
    .enum(['json', 'pdf', 'zip'])
    .default('json')
    .meta({ description: 'json (machine-readable), pdf (readable) or zip (both plus the pictures and documents)' }),
});

const exportResponses = {
  200: {
    description: 'The export file (Content-Disposition: attachment)',
    content: {
      'application/json': {
        schema: z.object({
          exportedAt: z.string(),
          person: z.record(z.string(), z.unknown()),
          places: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
        }),
      },
      'application/pdf': { schema: binary },
      'application/zip': { schema: binary },
    },
  },
};

const exportDescription =
  "Every row about the person from every place that holds a person (server/db/person-references.ts): `person` is the record (no password hash), `places` maps each place ('table.column') to the person's rows there (never another person's data nor a secret; the reads of the record are under 'person_reads.member_id'). The PDF shows the same in readable form; the ZIP holds both and the person's pictures and documents under dateien/. Each export is recorded in the audit trail (entity member, action export; no data) and as a read of the record.";

export const exportMember = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{memberId}/export',
  operationId: 'exportPersonData',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: "A person's data export (GDPR Art. 15/20): federation staff with the all-members form (52)",
  description: `${exportDescription} 404 for an unknown or erased person.`,
  request: { params: memberParams, query: exportQuery },
  responses: { ...exportResponses, ...errorResponses(401, 403, 404, 422) },
});

export const exportOwn = createRoute({
  method: 'get',
  path: '/api/v1/profile/export',
  operationId: 'exportOwnData',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: "The signed-in person's own data export ('Meine Daten herunterladen')",
  description: exportDescription,
  request: { query: exportQuery },
  responses: { ...exportResponses, ...errorResponses(401, 422) },
});

const PlanItemSchema = z
  .object({
    place: z.string().meta({ description: "'members' (the record itself) or a place 'table.column'" }),
    action: z.enum(['delete', 'anonymise', 'detach', 'keep']),
    rows: z.number().int(),
    code: z.string(),
    reason: z.string(),
    keptUntil: z.string().nullable().meta({ description: 'keep: the day the rows may go (YYYY-MM-DD)' }),
  })
  .meta({ id: 'ErasurePlanItem' });

const ErasureSchema = z
  .object({
    memberId: z.number().int(),
    dryRun: z.boolean(),
    allowed: z.boolean(),
    refusals: z.array(
      z
        .object({
          code: z.enum(['open_order', 'active_function', 'already_erased']),
          params: z.record(z.string(), z.union([z.string(), z.number()])).meta({
            description:
              'What the screen needs for its own text: open_order {orderId, category}; active_function {roleId, roleName, orgId, orgName, dateTo (YYYY-MM-DD)}; already_erased {}',
          }),
          message: z.string().meta({ description: 'The same in English, for people and logs' }),
        })
        .meta({ id: 'ErasureRefusal' }),
    ),
    plan: z.array(PlanItemSchema),
    erasedAt: z.string().nullable(),
  })
  .meta({ id: 'Erasure' });

export const erase = createRoute({
  method: 'post',
  path: '/api/v1/admin/members/{memberId}/erase',
  operationId: 'erasePerson',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: 'Erase a person (GDPR Art. 17): the plan with dryRun, then the erasure in one transaction',
  description:
    'Federation staff with the all-members form (52); not the data-protection officer, who reviews what was done. `dryRun: true` (the default) answers the plan and whether it is allowed: per place what is deleted (login, sessions, push subscriptions, pictures, documents, inbox, comments), anonymised (licence and function history and tournament roles on the anonymous record: birth year, gender, club), detached or kept and until when (invoices and order lines 7 years, with the anonymous name). `dryRun: false` erases; refused with 409 `erasure_refused` (the reasons in `value`, each with `code` and `params` as in `refusals`) while the person has an open order or an active function (membership and licence included). The audit trail records that the erasure happened (action erase), never the values; earlier entries about the person keep which fields changed, not the values. Afterwards the person is in no list, search or export (404).',
  request: { params: memberParams, body: { required: true, content: json(z.object({ dryRun: z.boolean().default(true) })) } },
  responses: {
    200: { description: 'The plan, or the erasure done', content: json(ErasureSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const ReadsSchema = z
  .object({
    items: z.array(
      z.object({
        at: z.string(),
        kind: z.string().meta({ description: 'member_card, export or person_search' }),
        readBy: z.number().int(),
        readerName: z.string().nullable(),
        actingOrgId: z.number().int().nullable(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  })
  .meta({ id: 'PersonReads' });

export const reads = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{memberId}/reads',
  operationId: 'listPersonReads',
  ...access({ own: ['federation'], foreign: ['federation'], officer: true }),
  tags,
  summary: "Who read a person's full record (the data-protection officer, 1007 in the federation)",
  description: 'Reads of the member card, exports and person-search answers with contact data: who, when, what kind; newest first, paged.',
  request: {
    params: memberParams,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(200).default(50),
    }),
  },
  responses: { 200: { description: 'The reads', content: json(ReadsSchema) }, ...errorResponses(401, 403, 404, 422) },
});

const OfficerPersonSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    surname: z.string(),
    birthYear: z.number().int(),
    regNr: z.string().nullable(),
    organisations: z.array(z.string()).meta({ description: 'Organisations where the person holds a function today' }),
  })
  .meta({ id: 'OfficerPerson' });

const officerDescription =
  "For the federation's data-protection officer (1007), who holds no member form: only what tells people apart (name, birth year, registration number, organisations of today's functions), never address, contact data or picture, so it is no read of the record. Erased persons are in no answer.";

export const officerPersons = createRoute({
  method: 'get',
  path: '/api/v1/admin/privacy/persons',
  operationId: 'listPersonsForOfficer',
  ...access({ own: ['federation'], foreign: ['federation'], officer: true }),
  tags,
  summary: 'Find a person (the data-protection officer): every person of the federation, former members too',
  description: `${officerDescription} \`q\`: every word must occur in the name or registration number (accents and case aside).`,
  request: {
    query: z.object({
      q: z.string().max(200).optional(),
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(20),
    }),
  },
  responses: {
    200: {
      description: 'One page of persons, surname first',
      content: json(
        z
          .object({ items: z.array(OfficerPersonSchema), total: z.number().int(), page: z.number().int(), size: z.number().int() })
          .meta({ id: 'OfficerPersons' }),
      ),
    },
    ...errorResponses(401, 403, 422),
  },
});

export const officerPerson = createRoute({
  method: 'get',
  path: '/api/v1/admin/privacy/persons/{memberId}',
  operationId: 'getPersonForOfficer',
  ...access({ own: ['federation'], foreign: ['federation'], officer: true }),
  tags,
  summary: 'One person as the data-protection officer sees them',
  description: `${officerDescription} 404 for an unknown or erased person.`,
  request: { params: memberParams },
  responses: { 200: { description: 'The person', content: json(OfficerPersonSchema) }, ...errorResponses(401, 403, 404, 422) },
});
