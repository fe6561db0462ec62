import 'server-only';
import { apiCall, NO_VERSION, pathParam, queryOf, type Api, type RequestBody } from './client';

/** Server-only calls of the tournament screens (forms 1000 and 1001). */

// The answers' shapes are the API's own (typed from its route definitions).
export type TournamentType = Awaited<ReturnType<typeof getTournamentTypes>>[number];
/** The current copy and the version it is compared with (see the API's TournamentTuple). */
export type TournamentTuple = Awaited<ReturnType<typeof getTournamentTuple>>;
export type RefereeCandidate = Awaited<ReturnType<typeof getRefereeCandidates>>[number];
export type TournamentInput = RequestBody<Api['api']['v1']['tournament'][':orgId']['$post']>;

export function getTournamentTypes() {
  return apiCall((api) => api.api.v1.tournament.types.$get());
}

export function getRefereeCandidates() {
  return apiCall((api) => api.api.v1.tournament.referees.$get());
}

export function getTournaments(orgId: number, params: { q?: string; filter?: string; page: number; size: number }) {
  return apiCall((api) => api.api.v1.tournament[':orgId'].$get({ param: { orgId: String(orgId) }, query: queryOf(params) }));
}

export function getTournamentTuple(id: number) {
  return apiCall((api) => api.api.v1.tournament.tuple[':id'].$get({ param: { id: String(id) } }));
}

export function saveTournament(orgId: number, body: TournamentInput, id?: number, updatedAt?: string) {
  const param = { orgId: String(orgId) };
  return id === undefined
    ? apiCall((api) => api.api.v1.tournament[':orgId'].$post({ param, json: body }))
    : apiCall((api) => api.api.v1.tournament[':orgId'].$put({ param, json: { ...body, id, updatedAt: updatedAt ?? NO_VERSION } }));
}

export function tournamentAction(orgId: number, action: 'approve' | 'cancel', id: number) {
  const param = { orgId: String(orgId) };
  return action === 'approve'
    ? apiCall((api) => api.api.v1.tournament[':orgId'].approve.$put({ param, json: { id } }))
    : apiCall((api) => api.api.v1.tournament[':orgId'].cancel.$put({ param, json: { id } }));
}

export function setTournamentPayment(
  orgId: number,
  id: number,
  status: RequestBody<Api['api']['v1']['tournament'][':orgId']['payed']['$put']>['status'],
) {
  return apiCall((api) => api.api.v1.tournament[':orgId'].payed.$put({ param: { orgId: String(orgId) }, json: { id, status } }));
}

export function commentTournament(orgId: number, id: number, comment: string) {
  return apiCall((api) =>
    api.api.v1.tournament[':orgId'].comment[':id'].$post({ param: { orgId: String(orgId), id: String(id) }, json: { comment } }),
  );
}

/** DELETE /api/v1/tournament/{orgId}/files/{id}/{uuid}: removes an attachment at once; answers the tournament. */
export function deleteTournamentFile(orgId: number, id: number, uuid: string) {
  return apiCall((api) =>
    api.api.v1.tournament[':orgId'].files[':id'][':uuid'].$delete({
      param: { orgId: String(orgId), id: String(id), uuid: pathParam(uuid) },
    }),
  );
}
