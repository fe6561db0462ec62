import { Secret, TOTP } from 'otpauth';
import type { CallerKind } from '@/server/http/access-rule';
import { formOf } from '../organisations-fixtures';
import { PDF } from './sample-files';
import {
  documentForm,
  importForm,
  FOREIGN_CLUB,
  imageForm,
  MATRIX_LICENCE,
  MATRIX_OPEN_FEE,
  OWN_CLUB,
  OWN_STATE,
  type MatrixFixtures,
} from './matrix-fixtures';
import { softAuthenticator } from './soft-authenticator';
import { DEMO_PASSWORD, type CallResult } from './test-app';

/**
 * One sample request per API operation for the authorisation matrix, keyed "METHOD /path" as in
 * the OpenAPI document. Each is built for a caller kind and a side (own / foreign); a request a
 * caller is allowed to make must be valid, so an allowed cell answers 2xx and a refused one 403.
 */

export type Side = 'own' | 'foreign';

export type MatrixCell = {
  kind: CallerKind | 'anonymous';
  side: Side;
  /** The organisation the caller acts in (the O{org} of their screen). */
  home: number;
  /** The organisation the request is about: own club (own state for a state association) or a foreign club. */
  org: number;
  /** The club of the member below. */
  club: number;
  /** A plain member of `club`. */
  member: number;
  /** For routes whose only organisation is the acting one: home, or a foreign organisation named as acting. */
  acting: number;
  today: string;
  fx: MatrixFixtures;
  /** A preparatory request as the same caller (e.g. the duplicate check whose proof a connect needs). */
  as: (method: string, url: string, json?: unknown) => Promise<CallResult>;
  /** The API's clock (for what depends on the time, e.g. an authenticator code). */
  now: Date;
};

export type MatrixRequest = { method: string; url: string; json?: unknown; form?: () => FormData };

export const HOME_ORG: Record<CallerKind | 'anonymous', number> = {
  anonymous: OWN_CLUB,
  none: OWN_CLUB,
  trainer: OWN_CLUB,
  club: OWN_CLUB,
  state: OWN_STATE,
  federation: 1,
};

export function matrixCell(
  kind: CallerKind | 'anonymous',
  side: Side,
  fx: MatrixFixtures,
  today: string,
  as: MatrixCell['as'],
  now: Date = new Date(),
): MatrixCell {
  const home = HOME_ORG[kind];
  const own = side === 'own';
  return {
    kind,
    side,
    home,
    org: own ? (kind === 'state' ? OWN_STATE : OWN_CLUB) : FOREIGN_CLUB,
    club: own ? OWN_CLUB : FOREIGN_CLUB,
    member: own ? fx.ownMember : fx.foreignMember,
    acting: own ? home : FOREIGN_CLUB,
    today,
    fx,
    as,
    now,
  };
}

/** The demo account's member id of each kind of caller (for what only the caller themselves may read). */
const MEMBER_OF_KIND: Record<CallerKind | 'anonymous', number> = { anonymous: 5, none: 5, trainer: 4, club: 2, state: 3, federation: 1 };
/** A message of the acting organisation (the own club's for a caller whose home has none). */
const messageOf = (c: MatrixCell) => c.fx.messages[c.acting] ?? c.fx.messages[OWN_CLUB];

const get = (url: string): MatrixRequest => ({ method: 'GET', url });
/** A WebAuthn answer of the right shape that verifies nothing. */
const NO_PASSKEY = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} };
const del = (url: string): MatrixRequest => ({ method: 'DELETE', url });

export const MATRIX_REQUESTS: Record<string, (c: MatrixCell) => MatrixRequest | Promise<MatrixRequest>> = {
  'POST /api/v1/auth/login': () => ({
    method: 'POST',
    url: '/api/v1/auth/login',
    json: { email: 'mitglied@example.org', password: DEMO_PASSWORD },
  }),
  'GET /api/v1/getUser': () => get('/api/v1/getUser'),
  'GET /api/v1/admin/systemroles': () => get('/api/v1/admin/systemroles'),
  'PUT /api/v1/auth/request_password/{email}': () => ({ method: 'PUT', url: '/api/v1/auth/request_password/mitglied%40example.org' }),
  'PUT /api/v1/auth/reset_password/{token}': () => ({
    method: 'PUT',
    url: '/api/v1/auth/reset_password/no-such-token',
    json: { email: 'mitglied@example.org', password: 'Matrix2026!neu' },
  }),
  'PUT /api/v1/auth/update_password': () => ({
    method: 'PUT',
    url: '/api/v1/auth/update_password',
    json: { oldPassword: DEMO_PASSWORD, newPassword: 'Matrix2026!neu' },
  }),
  // two-factor sign-in: the second step takes only a half-signed-in token (401 for every caller here)
  'POST /api/v1/auth/two_factor/totp': () => ({ method: 'POST', url: '/api/v1/auth/two_factor/totp', json: { code: '123456' } }),
  'POST /api/v1/auth/two_factor/recovery': () => ({
    method: 'POST',
    url: '/api/v1/auth/two_factor/recovery',
    json: { code: 'ABCDE-FGHJK' },
  }),
  'POST /api/v1/auth/two_factor/passkey/options': () => ({ method: 'POST', url: '/api/v1/auth/two_factor/passkey/options' }),
  'POST /api/v1/auth/two_factor/passkey': () => ({
    method: 'POST',
    url: '/api/v1/auth/two_factor/passkey',
    json: { challengeId: 'matrix', response: NO_PASSKEY },
  }),
  'POST /api/v1/auth/passkey/options': () => ({ method: 'POST', url: '/api/v1/auth/passkey/options' }),
  'POST /api/v1/auth/passkey': () => ({
    method: 'POST',
    url: '/api/v1/auth/passkey',
    json: { challengeId: 'matrix', response: NO_PASSKEY },
  }),
  'GET /api/v1/auth/two_factor': () => get('/api/v1/auth/two_factor'),
  'POST /api/v1/auth/two_factor/totp/enrol': () => ({ method: 'POST', url: '/api/v1/auth/two_factor/totp/enrol' }),
  'POST /api/v1/auth/two_factor/totp/confirm': async (c) => {
    const enrol = await c.as('POST', '/api/v1/auth/two_factor/totp/enrol');
    const secret = enrol.body?.secret as string | undefined;
    const code = secret ? new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: c.now.getTime() }) : '000000';
    return { method: 'POST', url: '/api/v1/auth/two_factor/totp/confirm', json: { code } };
  },
  'POST /api/v1/auth/two_factor/passkeys/options': () => ({ method: 'POST', url: '/api/v1/auth/two_factor/passkeys/options' }),
  'POST /api/v1/auth/two_factor/passkeys': async (c) => {
    const options = await c.as('POST', '/api/v1/auth/two_factor/passkeys/options');
    const response = options.status === 200 ? softAuthenticator().register(options.body.options) : NO_PASSKEY;
    return {
      method: 'POST',
      url: '/api/v1/auth/two_factor/passkeys',
      json: { challengeId: options.body?.challengeId ?? 'matrix', name: 'Matrix', response },
    };
  },
  'DELETE /api/v1/auth/two_factor/totp': () => del('/api/v1/auth/two_factor/totp'),
  'PATCH /api/v1/auth/two_factor/passkeys/{id}': (c) => ({
    method: 'PATCH',
    url: `/api/v1/auth/two_factor/passkeys/${c.fx.passkeys[MEMBER_OF_KIND[c.kind]]}`,
    json: { name: 'Umbenannt' },
  }),
  'DELETE /api/v1/auth/two_factor/passkeys/{id}': (c) => del(`/api/v1/auth/two_factor/passkeys/${c.fx.passkeys[MEMBER_OF_KIND[c.kind]]}`),
  'POST /api/v1/auth/two_factor/recovery_codes': () => ({ method: 'POST', url: '/api/v1/auth/two_factor/recovery_codes' }),
  'DELETE /api/v1/admin/member/{memberId}/two_factor': (c) => del(`/api/v1/admin/member/${c.member}/two_factor`),
  'GET /api/v1/profile/image/{id}': (c) => get(`/api/v1/profile/image/${c.fx.profileImages[c.member]}`),
  'POST /api/v1/profile/image/{id}': (c) => ({ method: 'POST', url: `/api/v1/profile/image/${c.member}`, form: imageForm }),
  'GET /api/v1/admin/countries': () => get('/api/v1/admin/countries'),

  'GET /api/v1/admin/orgs/{orgId}': (c) => get(`/api/v1/admin/orgs/${c.acting}`),
  'GET /api/v1/admin/org/{orgId}': (c) => get(`/api/v1/admin/org/${c.org}?actingOrgId=${c.home}`),
  'POST /api/v1/admin/org': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/org?actingOrgId=${c.home}`,
    json: {
      name: `Matrix-Bogenclub ${c.kind} ${c.side}`,
      nameShort: `MBC ${c.kind} ${c.side}`,
      street: 'Hauptplatz 1',
      city: 'Wien',
      zip: '1010',
      email: 'office@matrix.example.org',
      orgLevel: 3,
      params: { federalState: c.side === 'own' ? 'Niederösterreich' : 'Wien' },
    },
  }),
  'PUT /api/v1/admin/org': (c) => ({
    method: 'PUT',
    url: `/api/v1/admin/org?actingOrgId=${c.home}`,
    json: formOf(c.fx.orgs[c.org], { phoneOffice: '+43 1 1234567' }),
  }),
  'POST /api/v1/admin/org/places': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/org/places?actingOrgId=${c.home}`,
    json: {
      orgId: c.org,
      pname: 'Matrixplatz',
      city: 'Wien',
      zip: '1100',
      address: 'Hauptplatz 2',
      params: { openingHours: 'Di 18:00–21:00', training: ['Indoor'] },
    },
  }),
  'DELETE /api/v1/admin/org/places/{orgId}/{placeId}': (c) =>
    del(`/api/v1/admin/org/places/${c.org}/${c.fx.places[c.org]}?actingOrgId=${c.home}`),
  'GET /api/v1/org/image/{id}': (c) => get(`/api/v1/org/image/${c.fx.orgImages[c.org]}`),
  'GET /api/v1/uploads': (c) => get(`${c.fx.documents[c.org].url}&actingOrgId=${c.home}`),
  'DELETE /api/v1/admin/org/{orgId}/documents/{documentId}': (c) =>
    del(`/api/v1/admin/org/${c.org}/documents/${c.fx.documents[c.org].uuid}?actingOrgId=${c.home}`),
  'POST /api/v1/org/image/{id}': (c) => ({ method: 'POST', url: `/api/v1/org/image/${c.org}?actingOrgId=${c.home}`, form: imageForm }),
  'POST /api/v1/admin/org/{orgId}/documents': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/org/${c.org}/documents?actingOrgId=${c.home}`,
    form: documentForm,
  }),

  'GET /api/v1/admin/members': () => get('/api/v1/admin/members'),
  'GET /api/v1/admin/members/search': (c) => get(`/api/v1/admin/members/search?org=${c.acting}&name=Matrixprobe`),
  'GET /api/v1/admin/members/roles/{orgId}': (c) => get(`/api/v1/admin/members/roles/${c.acting}`),
  'GET /api/v1/admin/members/{orgId}': (c) => get(`/api/v1/admin/members/${c.acting}`),
  'GET /api/v1/admin/members/{orgId}/export.csv': (c) => get(`/api/v1/admin/members/${c.acting}/export.csv`),
  'GET /api/v1/admin/members/{memberId}/export': (c) => get(`/api/v1/admin/members/${c.member}/export`),
  // the plan only: the matrix's members must stay
  'POST /api/v1/admin/members/{memberId}/erase': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/members/${c.member}/erase`,
    json: { dryRun: true },
  }),
  'GET /api/v1/admin/members/{memberId}/reads': (c) => get(`/api/v1/admin/members/${c.member}/reads`),
  'GET /api/v1/admin/privacy/persons': () => get('/api/v1/admin/privacy/persons?q=Matrixprobe'),
  'GET /api/v1/admin/privacy/persons/{memberId}': (c) => get(`/api/v1/admin/privacy/persons/${c.member}`),
  'GET /api/v1/profile/export': () => get('/api/v1/profile/export?format=json'),
  'GET /api/v1/admin/members/{orgId}/summary': (c) => get(`/api/v1/admin/members/${c.acting}/summary`),
  'GET /api/v1/admin/members/{orgId}/organisations': (c) => get(`/api/v1/admin/members/${c.acting}/organisations`),
  'GET /api/v1/admin/member/role/{orgId}/{memberId}': (c) => get(`/api/v1/admin/member/role/${c.home}/${c.member}`),
  'GET /api/v1/admin/member/{orgId}/{memberId}': (c) => get(`/api/v1/admin/member/${c.home}/${c.member}`),
  'PUT /api/v1/admin/member/duplicates': (c) => {
    const m = c.fx.members[c.member];
    return {
      method: 'PUT',
      url: '/api/v1/admin/member/duplicates',
      json: { firstName: m.firstName, surname: m.surname, birthDate: m.birthDate },
    };
  },
  // Connects the other side's member to this side's club, with the proof the caller's own duplicate
  // check handed out for that person (callers the check refuses send none).
  'POST /api/v1/admin/member/membership': async (c) => {
    const memberId = c.side === 'own' ? c.fx.foreignMember : c.fx.ownMember;
    const m = c.fx.members[memberId];
    const check = await c.as('PUT', '/api/v1/admin/member/duplicates', {
      firstName: m.firstName,
      surname: m.surname,
      birthDate: m.birthDate,
    });
    const proof = (check.body?.candidates as Array<{ id: number; proof?: string }> | undefined)?.find((x) => x.id === memberId)?.proof;
    return { method: 'POST', url: '/api/v1/admin/member/membership', json: { orgId: c.club, memberId, proof } };
  },
  'POST /api/v1/auth/logout': () => ({ method: 'POST', url: '/api/v1/auth/logout' }),
  'POST /api/v1/auth/logout_everywhere': () => ({ method: 'POST', url: '/api/v1/auth/logout_everywhere' }),
  'GET /api/v1/admin/audit': (c) => get(`/api/v1/admin/audit?entity=organisation&id=${c.org}`),
  'POST /api/v1/admin/member': (c) => ({
    method: 'POST',
    url: '/api/v1/admin/member',
    json: { orgId: c.org, firstName: 'Neu', surname: `Matrix ${c.kind} ${c.side}`, birthDate: '1993-02-02', gender: 'm' },
  }),
  'PUT /api/v1/admin/member': (c) => {
    const m = c.fx.members[c.member];
    return {
      method: 'PUT',
      url: '/api/v1/admin/member',
      json: {
        id: m.id,
        updatedAt: m.updatedAt,
        orgId: c.home,
        firstName: m.firstName,
        surname: m.surname,
        birthDate: m.birthDate,
        gender: m.gender,
        email: m.email,
        city: 'Baden',
      },
    };
  },
  'POST /api/v1/admin/members/{orgId}/import': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/members/${c.club}/import?dryRun=true`,
    form: () => importForm(),
  }),
  'POST /api/v1/admin/members/imports/{importId}/undo': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/members/imports/${c.fx.memberImports[c.club]}/undo`,
  }),
  'DELETE /api/v1/admin/member/cancel/{orgId}/{memberId}': (c) => del(`/api/v1/admin/member/cancel/${c.club}/${c.member}?date=${c.today}`),
  'DELETE /api/v1/admin/member/{memberId}': (c) => del(`/api/v1/admin/member/${c.member}`),
  'POST /api/v1/admin/members/merge': (c) => ({
    method: 'POST',
    url: '/api/v1/admin/members/merge',
    json: { survivorId: c.member, mergedId: c.fx.orders[c.club].another, dryRun: true },
  }),
  'POST /api/v1/admin/members/merge/{mergeId}/undo': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/members/merge/${c.fx.merges[c.club].mergeId}/undo`,
  }),
  'GET /api/v1/admin/duplicates': (c) => get(`/api/v1/admin/duplicates?org=${c.org}`),
  'POST /api/v1/admin/duplicates/dismiss': (c) => ({
    method: 'POST',
    url: '/api/v1/admin/duplicates/dismiss',
    json: { aId: c.member, bId: c.fx.orders[c.club].another },
  }),
  'GET /api/v1/admin/trainings': (c) => get(`/api/v1/admin/trainings?org=${c.acting}`),
  'GET /api/v1/admin/training/{id}': () => get('/api/v1/admin/training/8?date=2025-03-02'),
  'POST /api/v1/admin/training/{id}': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/training/${c.member}`,
    json: { orgId: c.home, trainingId: 8, dateFrom: '2025-05-02', dateTo: '2027-05-02', controller: 'Rotes Kreuz' },
  }),
  'DELETE /api/v1/admin/training/{memberId}/{ausbMgId}': (c) =>
    del(`/api/v1/admin/training/${c.member}/${c.fx.trainings[c.member]}?org=${c.home}`),
  'GET /api/v1/admin/functions/{id}': (c) => get(`/api/v1/admin/functions/${c.org}`),
  'POST /api/v1/admin/functions/{id}': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/functions/${c.member}`,
    json: { orgId: c.club, memberId: c.member, roleId: 27, from: c.today },
  }),
  // Orders: `club` is the own club (also for a state association, whose club it is) or the foreign one.
  'GET /api/v1/order/categories': (c) => get(c.side === 'own' ? '/api/v1/order/categories' : `/api/v1/order/categories?orgId=${c.club}`),
  'GET /api/v1/order/{orgId}': (c) => get(`/api/v1/order/${c.club}`),
  'GET /api/v1/order/{orgId}/report': (c) => get(`/api/v1/order/${c.acting}/report`),
  'GET /api/v1/order/{orgId}/report.csv': (c) => get(`/api/v1/order/${c.acting}/report.csv`),
  'GET /api/v1/order/{orgId}/persons': (c) => get(`/api/v1/order/${c.club}/persons?ordercat=${MATRIX_LICENCE}`),
  'GET /api/v1/order/{orgId}/offers': (c) => get(`/api/v1/order/${c.club}/offers`),
  'GET /api/v1/order/{orgId}/{orderId}': (c) => get(`/api/v1/order/${c.club}/${c.fx.orders[c.club].order.id}`),
  'GET /api/v1/order/{orgId}/items/{orderId}': (c) => get(`/api/v1/order/${c.club}/items/${c.fx.orders[c.club].order.id}`),
  'POST /api/v1/order/{orgId}': (c) => ({ method: 'POST', url: `/api/v1/order/${c.club}`, json: { ordercat: MATRIX_OPEN_FEE } }),
  'PUT /api/v1/order/{orgId}': (c) => {
    const { order } = c.fx.orders[c.club];
    return { method: 'PUT', url: `/api/v1/order/${c.club}`, json: { id: order.id, status: 'Freigegeben', updatedAt: order.updatedAt } };
  },
  'POST /api/v1/order/{orgId}/comment/{orderId}': (c) => ({
    method: 'POST',
    url: `/api/v1/order/${c.club}/comment/${c.fx.orders[c.club].order.id}`,
    json: { comment: 'Matrixprobe' },
  }),
  'POST /api/v1/order/{orgId}/member/add': (c) => {
    const { order, another } = c.fx.orders[c.club];
    return {
      method: 'POST',
      url: `/api/v1/order/${c.club}/member/add`,
      json: { id: order.id, ordercat: MATRIX_LICENCE, members: [{ id: another, params: { print: true } }] },
    };
  },
  'POST /api/v1/order/{orgId}/member/remove': (c) => {
    const { order, person } = c.fx.orders[c.club];
    return { method: 'POST', url: `/api/v1/order/${c.club}/member/remove`, json: { id: order.id, members: [person] } };
  },
  'GET /api/v2/admin/{orgId}/orders': (c) => get(`/api/v2/admin/${c.acting}/orders`),
  'POST /api/v2/admin/{orgId}/category': (c) => ({
    method: 'POST',
    url: `/api/v2/admin/${c.acting}/category`,
    json: { cat: 'ABZEICHEN_MATRIX', params: { group: 'ABZEICHEN', price: '9.50' } },
  }),
  'PUT /api/v2/admin/{orgId}/category': (c) => {
    const current = c.fx.openFeeCategory;
    return { method: 'PUT', url: `/api/v2/admin/${c.acting}/category`, json: { ...current, params: { ...current.params, price: 101 } } };
  },

  'GET /api/v1/reports/invoice': (c) => get(`/api/v1/reports/invoice?order=${c.fx.orders[c.club].releasedFee}`),
  'GET /api/v1/reports/cancellation': (c) => get(`/api/v1/reports/cancellation?order=${c.fx.orders[c.club].cancelledLicence}`),
  'GET /api/v1/reports/payment-request': (c) => get(`/api/v1/reports/payment-request?order=${c.fx.orders[c.club].order.id}`),
  'GET /api/v1/reports/licenses': (c) => get(`/api/v1/reports/licenses?order=${c.fx.orders[c.club].releasedLicence}&all=true`),
  'GET /api/v1/reports/attachment': (c) => get(`/api/v1/reports/attachment?order=${c.fx.orders[c.club].releasedLicence}`),
  'GET /api/v1/reports/licences.csv': () => get('/api/v1/reports/licences.csv?year=2031'),
  'GET /api/v1/licence-key': () => get('/api/v1/licence-key'),
  'POST /api/v1/public/licence-status': () => ({ method: 'POST', url: '/api/v1/public/licence-status', json: { card: 'kein-ausweis' } }),
  'GET /api/v1/admin/rolegroups': () => get('/api/v1/admin/rolegroups'),
  'GET /api/v1/admin/roles': () => get('/api/v1/admin/roles'),
  'POST /api/v1/admin/role/assign': (c) => ({
    method: 'POST',
    url: '/api/v1/admin/role/assign',
    json: { orgId: c.club, memberIds: [c.member], roleIds: [12], dryRun: true },
  }),
  'POST /api/v1/admin/role/assign/{batchId}/undo': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/role/assign/${c.fx.roleBatches[c.club]}/undo`,
  }),
  'POST /api/v1/admin/role': () => ({
    method: 'POST',
    url: '/api/v1/admin/role',
    json: { name: 'Matrix-Neurolle', groupId: 9, params: { orgBlacklist: [1] } },
  }),
  'PUT /api/v1/admin/role': (c) => ({
    method: 'PUT',
    url: '/api/v1/admin/role',
    json: { ...c.fx.catalogueRole, name: 'Matrixrolle umbenannt' },
  }),
  'GET /api/v1/admin/role/organisations/{orgId}': (c) => get(`/api/v1/admin/role/organisations/${c.acting}`),
  'GET /api/v1/admin/role/members/{orgId}': (c) => get(`/api/v1/admin/role/members/${c.club}?group=3`),
  'GET /api/v1/tournament/types': () => get('/api/v1/tournament/types'),
  'GET /api/v1/tournament/referees': () => get('/api/v1/tournament/referees'),
  'GET /api/v1/tournament/tuple/{id}': (c) => get(`/api/v1/tournament/tuple/${c.fx.tournaments[c.club].id}`),
  'GET /api/v1/tournament/{orgId}': (c) => get(`/api/v1/tournament/${c.acting}?filter=erstellt`),
  'GET /api/v1/tournament/{orgId}/export.csv': (c) => get(`/api/v1/tournament/${c.acting}/export.csv?q=Matrix`),
  'POST /api/v1/tournament/{orgId}': (c) => ({
    method: 'POST',
    url: `/api/v1/tournament/${c.acting}`,
    json: { ...c.fx.tournaments[c.club], name: 'Neues Matrixturnier' },
  }),
  'PUT /api/v1/tournament/{orgId}': (c) => ({
    method: 'PUT',
    url: `/api/v1/tournament/${c.home}`,
    json: { ...c.fx.tournaments[c.club], name: 'Geändertes Matrixturnier' },
  }),
  'PUT /api/v1/tournament/{orgId}/approve': (c) => ({
    method: 'PUT',
    url: `/api/v1/tournament/${c.home}/approve`,
    json: { id: c.fx.tournaments[c.club].id },
  }),
  'PUT /api/v1/tournament/{orgId}/cancel': (c) => ({
    method: 'PUT',
    url: `/api/v1/tournament/${c.home}/cancel`,
    json: { id: c.fx.tournaments[c.club].id },
  }),
  'PUT /api/v1/tournament/{orgId}/payed': (c) => ({
    method: 'PUT',
    url: `/api/v1/tournament/${c.home}/payed`,
    json: { id: c.fx.tournaments[c.club].id, status: 'bezahlt' },
  }),
  'POST /api/v1/tournament/{orgId}/comment/{id}': (c) => ({
    method: 'POST',
    url: `/api/v1/tournament/${c.home}/comment/${c.fx.tournaments[c.club].id}`,
    json: { comment: 'Bitte Zeitplan ergänzen.' },
  }),
  'POST /api/v1/tournament/{orgId}/files/{id}': (c) => ({
    method: 'POST',
    url: `/api/v1/tournament/${c.home}/files/${c.fx.tournaments[c.club].id}`,
    form: documentForm,
  }),
  'DELETE /api/v1/tournament/{orgId}/files/{id}/{uuid}': (c) =>
    del(
      `/api/v1/tournament/${c.home}/files/${c.fx.tournaments[c.club].id}/${/[0-9a-f-]{36}/.exec(c.fx.tournaments[c.club].params.files[0].url)![0]}`,
    ),
  'GET /api/v1/public/tournaments.ics': () => get('/api/v1/public/tournaments.ics?discipline=1'),
  'GET /api/v1/admin/news/{orgId}': (c) => get(`/api/v1/admin/news/${c.club}?q=Matrix`),
  'GET /api/v1/admin/news/menu/{orgId}': (c) => get(`/api/v1/admin/news/menu/${c.club}`),
  'POST /api/v1/admin/news': (c) => ({
    method: 'POST',
    url: '/api/v1/admin/news',
    json: { ...c.fx.news[c.club], title: 'Neuer Matrixartikel' },
  }),
  'PUT /api/v1/admin/news': (c) => ({
    method: 'PUT',
    url: '/api/v1/admin/news',
    json: { ...c.fx.news[c.club], title: 'Geänderter Matrixartikel' },
  }),
  'DELETE /api/v1/admin/news': (c) => del(`/api/v1/admin/news?ids=${c.fx.news[c.club].id}`),
  'POST /api/v1/admin/news/upload/{id}': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/news/upload/${c.fx.news[c.club].id}`,
    form: () => {
      const data = new FormData();
      data.append('files', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'ergebnisse.pdf');
      return data;
    },
  }),
  'PUT /api/v1/admin/news/image/{id}': (c) => ({
    method: 'PUT',
    url: `/api/v1/admin/news/image/${c.fx.news[c.club].id}`,
    json: { fileId: c.fx.news[c.club].attachedFiles[0].fileId },
  }),
  'DELETE /api/v1/admin/news/image/{id}/{imageId}': (c) =>
    del(`/api/v1/admin/news/image/${c.fx.news[c.club].id}/${c.fx.news[c.club].attachedFiles[0].fileId}`),
  'GET /api/v1/admin/news/gallery/{id}': (c) => get(`/api/v1/admin/news/gallery/${c.club}`),
  'GET /api/v1/admin/categories/{orgId}': (c) => get(`/api/v1/admin/categories/${c.club}`),
  'POST /api/v1/admin/category': (c) => ({
    method: 'POST',
    url: '/api/v1/admin/category',
    json: { orgId: c.club, name: 'Neue Matrixkategorie' },
  }),
  'PUT /api/v1/admin/category': (c) => ({
    method: 'PUT',
    url: '/api/v1/admin/category',
    json: { id: c.fx.newsCategories[c.club], name: 'Umbenannt' },
  }),
  'DELETE /api/v1/admin/category': (c) => del(`/api/v1/admin/category?id=${c.fx.newsCategories[c.club]}`),
  'GET /api/v1/public/news/{orgId}': (c) => get(`/api/v1/public/news/${c.club}`),
  'GET /api/v1/admin/messages/{id}': (c) => get(`/api/v1/admin/messages/${c.acting}?q=Matrix`),
  'GET /api/v1/admin/messages/{orgId}/audience': (c) => get(`/api/v1/admin/messages/${c.acting}/audience`),
  'POST /api/v1/admin/messages': (c) => ({
    method: 'POST',
    url: '/api/v1/admin/messages',
    json: { orgId: c.acting, title: 'Matrixversand', lang: 'de', media: ['email', 'push'], roles: [32] },
  }),
  'DELETE /api/v1/admin/messages/{id}': (c) => del(`/api/v1/admin/messages/${messageOf(c).id}`),
  'GET /api/v1/admin/messages/{id}/status': (c) => get(`/api/v1/admin/messages/${messageOf(c).id}/status`),
  'POST /api/v1/admin/messages/{id}/resend': (c) => ({ method: 'POST', url: `/api/v1/admin/messages/${messageOf(c).id}/resend?to=unread` }),
  'DELETE /api/v1/admin/messages/image/{id}/{imageId}': (c) =>
    del(`/api/v1/admin/messages/image/${messageOf(c).id}/${messageOf(c).fileId}`),
  'POST /api/v1/admin/messages/upload/{id}': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/messages/upload/${messageOf(c).id}`,
    form: () => {
      const data = new FormData();
      data.append('files', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'beilage.pdf');
      return data;
    },
  }),
  'GET /api/v1/notification': () => get('/api/v1/notification'),
  'GET /api/v1/notification/push-key': () => get('/api/v1/notification/push-key'),
  'GET /api/v1/notification/{id}': (c) => get(`/api/v1/notification/${c.fx.notifications[MEMBER_OF_KIND[c.kind]]}`),
  'PUT /api/v1/notification': (c) => ({
    method: 'PUT',
    url: '/api/v1/notification',
    json: { id: c.fx.notifications[MEMBER_OF_KIND[c.kind]], read: true },
  }),
  'POST /api/v1/notification': (c) => ({
    method: 'POST',
    url: '/api/v1/notification',
    json: { orgId: c.acting, memberId: c.member, title: 'Matrixhinweis' },
  }),
  'POST /api/v1/notification/subscription': (c) => ({
    method: 'POST',
    url: '/api/v1/notification/subscription',
    json: {
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${c.kind}-${c.side}`,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    },
  }),
  'DELETE /api/v1/notification/subscription': (c) => ({
    method: 'DELETE',
    url: '/api/v1/notification/subscription',
    json: { endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${c.kind}` },
  }),
  'GET /api/v2/admin/{orgId}/inventory': (c) => get(`/api/v2/admin/${c.acting}/inventory`),
  'POST /api/v2/admin/{orgId}/inventory': (c) => ({
    method: 'POST',
    url: `/api/v2/admin/${c.acting}/inventory`,
    json: { newsId: 4, ordercatId: 6, items: 1, active: 1, inventoryParams: { gender: 'm', size: 'XS' } },
  }),
  'PUT /api/v2/admin/{orgId}/inventory': async (c) => {
    // a valid body for every caller (validation comes before the refusal); the federation's own line when it can read it
    const fallback = {
      id: 1,
      updatedAt: '2026-01-01T00:00:00Z',
      newsId: 4,
      ordercatId: 6,
      active: 1,
      inventoryParams: { gender: 'm', size: 'M' },
    };
    const line = (await c.as('GET', `/api/v2/admin/${c.acting}/inventory`)).body?.items?.[0] ?? {};
    return { method: 'PUT', url: `/api/v2/admin/${c.acting}/inventory`, json: { ...fallback, ...line, items: 7 } };
  },
  'GET /api/v1/admin/persons/search': (c) => get(`/api/v1/admin/persons/search?org=${c.acting}&q=Matrixprobe`),
  'POST /api/v1/admin/persons/{memberId}/rejoin': (c) => ({
    method: 'POST',
    url: `/api/v1/admin/persons/${c.fx.formerMembers[c.club]}/rejoin`,
    json: { orgId: c.club },
  }),
};
