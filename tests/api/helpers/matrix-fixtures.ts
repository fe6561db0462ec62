import { PDF, png } from './sample-files';
import { call, type TestApp } from './test-app';

/**
 * What the authorisation matrix acts on: for the caller's own side the demo club (11) in its state
 * association (4), for the foreign side a club of another state (18, Vienna). Created through the
 * API as the federation, so each record is what the screens would have made.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const OWN_CLUB = 11;
export const OWN_STATE = 4;
export const FOREIGN_CLUB = 18;
export const MATRIX_ORGS = [OWN_CLUB, OWN_STATE, FOREIGN_CLUB] as const;

export type MatrixFixtures = {
  /** A plain member of the own club (membership only) and one of the foreign club. */
  ownMember: number;
  foreignMember: number;
  members: Record<number, Json>;
  /** One recorded training (ausb_mg_id) per member. */
  trainings: Record<number, number>;
  profileImages: Record<number, string>;
  orgs: Record<number, Json>;
  places: Record<number, number>;
  documents: Record<number, { uuid: string; url: string }>;
  orgImages: Record<number, string>;
};

export function imageForm(): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'bild.png');
  return data;
}

export function documentForm(): FormData {
  const data = new FormData();
  data.append('type', 'Statuten');
  data.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'statuten.pdf');
  return data;
}

export async function createMatrixFixtures(t: TestApp, federation: string): Promise<MatrixFixtures> {
  const ok = async (what: string, res: Promise<{ status: number; body: Json }>) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const as = { token: federation };
  const person = (clubId: number, firstName: string) =>
    ok(`member in ${clubId}`, call(t.app, 'POST', '/api/v1/admin/member', { ...as, json: { orgId: clubId, firstName, surname: 'Matrixprobe', birthDate: '1990-04-12', gender: 'w', email: `${firstName.toLowerCase()}.matrix@example.net`, city: 'Wien' } }));

  const ownMember = (await person(OWN_CLUB, 'Eigene')).id as number;
  const foreignMember = (await person(FOREIGN_CLUB, 'Fremde')).id as number;
  const fx: MatrixFixtures = { ownMember, foreignMember, members: {}, trainings: {}, profileImages: {}, orgs: {}, places: {}, documents: {}, orgImages: {} };

  for (const id of [ownMember, foreignMember]) {
    const training = await ok('training', call(t.app, 'POST', `/api/v1/admin/training/${id}`, { ...as, json: { orgId: 1, trainingId: 8, dateFrom: '2025-03-02', dateTo: '2027-03-02' } }));
    fx.trainings[id] = training.ausb_mg_id;
    fx.profileImages[id] = (await ok('profile image', call(t.app, 'POST', `/api/v1/profile/image/${id}`, { ...as, body: imageForm() }))).uuid;
    fx.members[id] = await ok('member', call(t.app, 'GET', `/api/v1/admin/member/1/${id}`, as));
  }
  for (const orgId of MATRIX_ORGS) {
    const place = await ok('place', call(t.app, 'POST', '/api/v1/admin/org/places?actingOrgId=1', { ...as, json: { orgId, pname: `Platz ${orgId}`, city: 'Wien', zip: '1100', address: 'Laaer-Berg-Straße 1', params: { openingHours: 'Mo 17:00–20:00', training: ['Outdoor'] } } }));
    fx.places[orgId] = place.id;
    const doc = await ok('document', call(t.app, 'POST', `/api/v1/admin/org/${orgId}/documents?actingOrgId=1`, { ...as, body: documentForm() }));
    fx.documents[orgId] = { uuid: doc.uuid, url: doc.url };
    fx.orgImages[orgId] = (await ok('org image', call(t.app, 'POST', `/api/v1/org/image/${orgId}?actingOrgId=1`, { ...as, body: imageForm() }))).uuid;
    fx.orgs[orgId] = await ok('org', call(t.app, 'GET', `/api/v1/admin/org/${orgId}?actingOrgId=1`, as));
  }
  return fx;
}
