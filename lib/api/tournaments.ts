import 'server-only';
import type { PublicTournamentField } from '@/lib/domain/tournaments/approval';
import type { Tournament, TournamentPage } from '@/lib/schemas/tournaments';
import { apiCall } from './client';

/** Server-only calls of the tournament screens (forms 1000 and 1001). */
export type { Tournament, TournamentPage } from '@/lib/schemas/tournaments';

export type TournamentType = {
  id: number;
  name: string;
  param: { filter: string; disciplines: number[]; rules: Array<{ name: string; divisions: string[] }>; gradeCodes: string[]; ordercat: string | null; orgWhitelist?: number[] };
};
export type TournamentOriginal = { name: string; type: number; start: string; end: string; openFrom: string; openTo: string; params: Record<string, unknown> };
/** The current copy and the version it is compared with (see the API's TournamentTuple). */
export type TournamentTuple = { current: Tournament; original: TournamentOriginal; originalIs: 'approved' | 'submitted'; awaitingApproval: PublicTournamentField[] };
export type RefereeCandidate = { id: number; firstName: string; lastName: string; level: 'A' | 'B' };

export function getTournamentTypes() {
  return apiCall<TournamentType[]>('api/v1/tournament/types');
}

export function getRefereeCandidates() {
  return apiCall<RefereeCandidate[]>('api/v1/tournament/referees');
}

export function getTournaments(orgId: number, params: { q?: string; filter?: string; page: number; size: number }) {
  const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return apiCall<TournamentPage>(`api/v1/tournament/${orgId}`, { searchParams });
}

export function getTournamentTuple(id: number) {
  return apiCall<TournamentTuple>(`api/v1/tournament/tuple/${id}`);
}

export function saveTournament(orgId: number, body: Record<string, unknown>, id?: number, updatedAt?: string) {
  return id === undefined
    ? apiCall<Tournament>(`api/v1/tournament/${orgId}`, { method: 'post', json: body })
    : apiCall<Tournament>(`api/v1/tournament/${orgId}`, { method: 'put', json: { ...body, id, updatedAt } });
}

export function tournamentAction(orgId: number, action: 'approve' | 'cancel', id: number) {
  return apiCall<Tournament>(`api/v1/tournament/${orgId}/${action}`, { method: 'put', json: { id } });
}

export function setTournamentPayment(orgId: number, id: number, status: string) {
  return apiCall<Tournament>(`api/v1/tournament/${orgId}/payed`, { method: 'put', json: { id, status } });
}

export function commentTournament(orgId: number, id: number, comment: string) {
  return apiCall<Tournament>(`api/v1/tournament/${orgId}/comment/${id}`, { method: 'post', json: { comment } });
}
