import 'server-only';
import { apiCall, type Answer, type Api } from './client';

/**
 * Server-side calls of the member screen's 'Datenschutz' tab: the erasure (its plan with dryRun)
 * and the trail of who read a person's record; and the federation's second-factor reset. The data
 * exports are files the browser downloads through /admin/api.
 */

type MemberApi = Api['api']['v1']['admin']['members'][':memberId'];

/** The erasure's answer: the plan, whether it is allowed, the refusals, when it happened. */
export type Erasure = Answer<Awaited<ReturnType<MemberApi['erase']['$post']>>>;
/** One page of the reads of a person's record. */
export type PersonReads = Answer<Awaited<ReturnType<MemberApi['reads']['$get']>>>;

/** POST /api/v1/admin/members/{id}/erase: the plan (dryRun), or the erasure in one transaction. */
export function erasePerson(memberId: number, dryRun: boolean) {
  return apiCall((api) => api.api.v1.admin.members[':memberId'].erase.$post({ param: { memberId: String(memberId) }, json: { dryRun } }));
}

/** GET /api/v1/admin/members/{id}/reads?page=&size=: newest first. */
export function personReads(memberId: number, page: number, size: number) {
  return apiCall((api) =>
    api.api.v1.admin.members[':memberId'].reads.$get({
      param: { memberId: String(memberId) },
      query: { page: String(page), size: String(size) },
    }),
  );
}

/** DELETE /api/v1/admin/member/{id}/two_factor: passkeys, authenticator app and recovery codes go; the person is told by mail. */
export function resetSecondFactor(memberId: number) {
  return apiCall((api) => api.api.v1.admin.member[':memberId'].two_factor.$delete({ param: { memberId: String(memberId) } }));
}

type PrivacyApi = Api['api']['v1']['admin']['privacy']['persons'];

/** One page of persons as the data-protection officer finds them (no contact data). */
export type OfficerPersons = Answer<Awaited<ReturnType<PrivacyApi['$get']>>>;
/** One person as the data-protection officer sees them. */
export type OfficerPerson = OfficerPersons['items'][number];

/** GET /api/v1/admin/privacy/persons?q=&page=&size=: the officer's search over every person of the federation. */
export function findPersonsForOfficer(q: string, page: number, size: number) {
  return apiCall((api) => api.api.v1.admin.privacy.persons.$get({ query: { q, page: String(page), size: String(size) } }));
}

/** GET /api/v1/admin/privacy/persons/{id}: one person for the officer (404 for an unknown or erased one). */
export function personForOfficer(memberId: number) {
  return apiCall((api) => api.api.v1.admin.privacy.persons[':memberId'].$get({ param: { memberId: String(memberId) } }));
}
