import { createRoute, z } from '@hono/zod-openapi';
import { PersonPageSchema, personSearchQuerySchema, rejoinSchema } from '@/lib/schemas/persons';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json, memberIdParam } from '../../http/route-parts';

/** Person search (form 46) and taking a former member back into a club. */

const tags = ['Persons'];

export const search = createRoute({
  method: 'get',
  path: '/api/v1/admin/persons/search',
  operationId: 'searchPersons',
  ...access({ own: ['club', 'federation'], foreign: [] }),
  tags,
  summary: "Persons by name and function in the acting organisation's reach, paged in the database",
  description:
    "org: the acting organisation (form 46 there): the federation searches everyone, a state association itself and its clubs, a club itself. Runs only when q is longer than 2 characters, or fewer than 3 functions are given, or former=true; otherwise the answer is empty. former=true: persons whose membership there ended and who hold none now. Only the search table's columns leave the API.",
  request: { query: personSearchQuerySchema },
  responses: { 200: { description: 'A page of persons', content: json(PersonPageSchema) }, ...errorResponses(401, 403, 422) },
});

export const rejoin = createRoute({
  method: 'post',
  path: '/api/v1/admin/persons/{memberId}/rejoin',
  operationId: 'rejoinOrganisation',
  // as for connecting an existing person: the member form (trainers too) or the person search of the club, or the federation
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Take a former member back into the club (membership, function 32, from today)',
  description:
    'The club itself (member form or person search) or the federation. 409 `already_member`; 422 `not_a_former_member` for someone who never was a member there.',
  request: { params: z.object({ memberId: memberIdParam }), body: { required: true, content: json(rejoinSchema) } },
  responses: {
    201: {
      description: 'A member again',
      content: json(
        z.object({ memberId: z.number().int(), orgId: z.number().int(), assignmentId: z.number().int(), dateFrom: z.string() }),
      ),
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});
