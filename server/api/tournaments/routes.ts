import { createRoute, z } from '@hono/zod-openapi';
import {
  tournamentCommentBody,
  tournamentIdBody,
  tournamentInputSchema,
  tournamentListQuery,
  tournamentOrgParams,
  TournamentPageSchema,
  tournamentPaymentBody,
  TournamentSchema,
  TournamentTupleSchema,
  TournamentTypeSchema,
  tournamentUpdateSchema,
} from '@/lib/schemas/tournaments';
import { idText } from '@/lib/schemas/common';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { binary, json, publicCall } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/** Tournaments (forms 1000 and 1001) and the public calendar feed. */

const tags = ['Tournaments'];
const idParams = z.object({ id: idText.meta({ description: 'Tournament id' }) });
const orgAndId = tournamentOrgParams.extend({ id: idText.meta({ description: 'Tournament id' }) });
const one = { description: 'The tournament', content: json(TournamentSchema) };

export const types = createRoute({
  method: 'get',
  path: '/api/v1/tournament/types',
  operationId: 'listTournamentTypes',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'Every tournament type with its rules, divisions, grade codes, disciplines, fee category and organisation whitelist',
  responses: { 200: { description: 'Tournament types', content: json(z.array(TournamentTypeSchema)) }, ...errorResponses(401) },
});

export const referees = createRoute({
  method: 'get',
  path: '/api/v1/tournament/referees',
  operationId: 'listRefereeCandidates',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: "Who can be picked as main referee (level A) or referee (A or B): holders of an active 'Schiedsrichter A/B' function",
  responses: {
    200: {
      description: 'Referees by name',
      content: json(z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), level: z.enum(['A', 'B']) }))),
    },
    ...errorResponses(401),
  },
});

export const tuple = createRoute({
  method: 'get',
  path: '/api/v1/tournament/tuple/{id}',
  operationId: 'getTournamentTuple',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'The current copy of a tournament and the version to compare it with (original)',
  description:
    'For the announcing organisation (form 1000) and the federation. `original` is the version last approved (`originalIs: approved`, what the public calendar shows) or, never approved, the first submission (`submitted`); `awaitingApproval` names the public fields changed since the approval.',
  request: { params: idParams },
  responses: { 200: { description: 'Current and original', content: json(TournamentTupleSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const list = createRoute({
  method: 'get',
  path: '/api/v1/tournament/{orgId}',
  operationId: 'listTournaments',
  ...access({ own: ['club', 'federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: "The organisation's tournaments (the federation: all), newest first, searched and filtered in the database",
  description:
    '`filter`: type filters (Leistungssport, Leistungssport 3D, Leistungssport ÖSTM/ÖM, Breitensport) and/or `erstellt` (awaiting approval: never approved or changed since, not cancelled), any of them. 7 per page by default.',
  request: { params: tournamentOrgParams, query: tournamentListQuery },
  responses: { 200: { description: 'A page of tournaments', content: json(TournamentPageSchema) }, ...errorResponses(401, 403, 422) },
});

export const exportCsv = createRoute({
  method: 'get',
  path: '/api/v1/tournament/{orgId}/export.csv',
  operationId: 'exportTournamentsCsv',
  ...access({ own: ['club', 'federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'The list (with its search and filters) as CSV, every page',
  description: "';', UTF-8 with byte-order mark, CRLF; the table's German headers.",
  request: { params: tournamentOrgParams, query: tournamentListQuery.pick({ q: true, filter: true }) },
  responses: { 200: { description: 'The tournaments', content: { 'text/csv': { schema: binary } } }, ...errorResponses(401, 403, 422) },
});

export const create = createRoute({
  method: 'post',
  path: '/api/v1/tournament/{orgId}',
  operationId: 'createTournament',
  ...access({ own: ['club', 'federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'Announce a tournament (form 1000 in {orgId}); this first submission is kept as the original',
  description:
    'Refused with 422 naming the field and rule: start/end beforeToday or tooFarAhead (24 months), endBeforeStart; openFrom/openTo beforeToday or afterEvent (later than the day after the end); type notOffered (orgWhitelist); discipline, rule, divisions, gradeCodes required or notOffered; referees tooMany (3), pickedTwice, notAReferee; mainReferee notARefereeA; numberAnimals only3D.',
  request: { params: tournamentOrgParams, body: { required: true, content: json(tournamentInputSchema) } },
  responses: { 201: one, ...errorResponses(400, 401, 403, 422) },
});

export const update = createRoute({
  method: 'put',
  path: '/api/v1/tournament/{orgId}',
  operationId: 'updateTournament',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Change the current copy (the original stays as first submitted)',
  description:
    "The tournament as the API answered it, changed; read-only fields are ignored. A change of what the public sees (name, dates, registration window, location, registration link, contact, discipline, rule, divisions) of an approved tournament makes it `changed` (approved false), awaiting approval: the public calendar keeps the approved version. The federation's approvers publish their change at once. 409 `stale` for an old updatedAt, 409 `tournament_canceled` after a cancel, 422 `typeFixed` for another type; the rules as for the create.",
  request: { params: tournamentOrgParams, body: { required: true, content: json(tournamentUpdateSchema) } },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const approve = createRoute({
  method: 'put',
  path: '/api/v1/tournament/{orgId}/approve',
  operationId: 'approveTournament',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Approve a tournament or its change (the federation, form 1001)',
  description:
    'The current copy becomes the version the public calendar shows (its SEQUENCE goes up when that changes). 409 `already_approved` (approved and unchanged since); 409 `tournament_canceled`.',
  request: { params: tournamentOrgParams, body: { required: true, content: json(tournamentIdBody) } },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const cancel = createRoute({
  method: 'put',
  path: '/api/v1/tournament/{orgId}/cancel',
  operationId: 'cancelTournament',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Cancel a tournament (the announcing organisation or the federation); nothing changes afterwards',
  description: '409 `tournament_canceled` when it is cancelled already.',
  request: { params: tournamentOrgParams, body: { required: true, content: json(tournamentIdBody) } },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const payed = createRoute({
  method: 'put',
  path: '/api/v1/tournament/{orgId}/payed',
  operationId: 'setTournamentPayment',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: "Set the tournament fee's payment status (the federation, form 1001 or 1002)",
  description: 'status: offen, Rechnung gestellt, bezahlt or storniert.',
  request: { params: tournamentOrgParams, body: { required: true, content: json(tournamentPaymentBody) } },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 422) },
});

export const comment = createRoute({
  method: 'post',
  path: '/api/v1/tournament/{orgId}/comment/{id}',
  operationId: 'commentTournament',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Add a comment to the conversation between the club and the federation',
  request: { params: orgAndId, body: { required: true, content: json(tournamentCommentBody) } },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 422) },
});

/** Documentation only: the upload is streamed by a plain handler (handlers.ts uploadFile). */
export const uploadFileDoc = {
  method: 'post' as const,
  path: '/api/v1/tournament/{orgId}/files/{id}',
  operationId: 'uploadTournamentFile',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Attach a document or picture (PDF, DOCX, XLSX, PNG, JPEG by content, up to 50 MB)',
  description:
    'multipart/form-data with one field `file`. Whoever may change the tournament; not after a cancel (409). At most 20 attachments (409 `too_many_files`).',
  request: { params: orgAndId, body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: binary }) } } } },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
};

export const deleteFile = createRoute({
  method: 'delete',
  path: '/api/v1/tournament/{orgId}/files/{id}/{uuid}',
  operationId: 'deleteTournamentFile',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Remove an attachment',
  request: { params: orgAndId.extend({ uuid: z.uuid().meta({ description: 'The attachment (from its url)' }) }) },
  responses: { 200: one, ...errorResponses(401, 403, 404, 409, 422) },
});

export const calendar = createRoute({
  method: 'get',
  path: '/api/v1/public/tournaments.ics',
  operationId: 'tournamentCalendar',
  ...access.public,
  ...publicCall,
  tags,
  summary: 'Approved tournaments as an iCalendar feed to subscribe to',
  description:
    'Each as last approved (a change awaiting approval is not shown). All, or one state association with its clubs (`state`), or one discipline (1 Indoor, 2 Outdoor, 3 Feld, 4 3D). Cancelled ones stay as STATUS:CANCELLED; UIDs are stable per tournament, SEQUENCE goes up with each published change.',
  request: {
    query: z.object({
      state: idText.optional().meta({ description: 'A state association' }),
      discipline: z
        .enum(['1', '2', '3', '4'])
        .optional()
        .transform((v) => (v === undefined ? undefined : Number(v))),
    }),
  },
  responses: { 200: { description: 'The calendar', content: { 'text/calendar': { schema: binary } } }, ...errorResponses(422) },
});
