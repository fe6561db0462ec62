import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { functionAssignments, messages, notifications, passkeys, tournaments, uploadedFiles } from '@/server/db/schema';
import { PDF, png } from './sample-files';
import { uploadDocumentDoc, uploadImageDoc as orgImageDoc } from '@/server/api/organisation-files/routes';
import { uploadImageDoc as profileImageDoc } from '@/server/api/profile/routes';
import { uploadDoc as newsUploadDoc } from '@/server/api/news/routes';
import { uploadFileDoc as tournamentFileDoc } from '@/server/api/tournaments/routes';
import { importDoc } from '@/server/api/member-import/routes';
import { call, client, successOf, uploadAnswer, type SuccessBody, type TestApp } from './test-app';

/**
 * What the authorisation matrix acts on: for the caller's own side the demo club (11) in its state
 * association (4), for the foreign side a club of another state (18, Vienna). Created through the
 * API as the federation, so each record is what the screens would have made.
 */

type Api = ReturnType<typeof client>['api'];
/** What a typed call answers on success. */
type Answer<F extends (...args: never[]) => unknown> = SuccessBody<Awaited<ReturnType<F>>>;
export type MatrixMember = Answer<Api['v1']['admin']['member'][':orgId'][':memberId']['$get']>;
export type MatrixOrg = Answer<Api['v1']['admin']['org'][':orgId']['$get']>;
export type MatrixOrder = Answer<Api['v1']['order'][':orgId']['$post']>;
export type MatrixCategory = Answer<Api['v2']['admin'][':orgId']['category']['$post']>;
export type MatrixRole = Answer<Api['v1']['admin']['role']['$post']>;
export type MatrixTournament = Answer<Api['v1']['tournament']['tuple'][':id']['$get']>['current'];
export type MatrixNews = Answer<Api['v1']['admin']['news'][':orgId']['$get']>['items'][number];

export const OWN_CLUB = 11;
export const OWN_STATE = 4;
export const FOREIGN_CLUB = 18;
export const MATRIX_ORGS = [OWN_CLUB, OWN_STATE, FOREIGN_CLUB] as const;

export type MatrixFixtures = {
  /** A plain member of the own club (membership only) and one of the foreign club. */
  ownMember: number;
  foreignMember: number;
  members: Record<number, MatrixMember>;
  /** One recorded training (ausb_mg_id) per member. */
  trainings: Record<number, number>;
  profileImages: Record<number, string>;
  orgs: Record<number, MatrixOrg>;
  places: Record<number, number>;
  documents: Record<number, { uuid: string; url: string }>;
  orgImages: Record<number, string>;
  /** Per club (own and foreign): a created licence order of MATRIX_LICENCE with two persons (`person` is the one taken out), and another person who can be added. */
  orders: Record<
    number,
    { order: MatrixOrder; person: number; another: number; releasedFee: number; releasedLicence: number; cancelledLicence: number }
  >;
  /** The category MATRIX_OPEN_FEE as the API answered it. */
  openFeeCategory: MatrixCategory;
  /** Per club: a role batch (the club's plain member made youth warden) to undo. */
  roleBatches: Record<number, string>;
  /** Per club: a member import (one person created) to undo. */
  memberImports: Record<number, string>;
  /** Per club: a former member (membership ended yesterday) to take back. */
  formerMembers: Record<number, number>;
  /** A role of the catalogue as the API answered it (POST /admin/role), to change with PUT. */
  catalogueRole?: MatrixRole;
  /** Per club: a tournament as the API answers it (created, not approved), to change, approve, cancel. */
  tournaments: Record<number, MatrixTournament>;
  /** Per club: a news article as the API answers it, and an unused news category to delete. */
  news: Record<number, MatrixNews>;
  newsCategories: Record<number, number>;
  /** Per organisation (federation, own club, foreign club): a sent message (id) with one attached file (fileId). */
  messages: Record<number, { id: number; fileId: string }>;
  /** Per demo member (1 … 5): a notification of their own. */
  notifications: Record<number, number>;
  /** Per demo member (1 … 5): a passkey of their own (to rename and remove; its key is never checked). */
  passkeys: Record<number, string>;
  /** Per club: a merge of two of its members, made by the federation, to undo. */
  merges: Record<number, { mergeId: string }>;
};

/** Categories of the matrix's orders: the club fee (released for both clubs), licences, and a fee nobody ordered yet. */
export const MATRIX_LICENCE = 'JAHRESLIZENZ_2031';
export const MATRIX_FEE = 'VEREINSBEITRAG_2031';
export const MATRIX_OPEN_FEE = 'VEREINSBEITRAG_2032';

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

export async function createMatrixFixtures(t: TestApp, federation: string, db: Db): Promise<MatrixFixtures> {
  const api = client(t, federation).api;
  /** A streamed upload (not in the typed client), answered as its documentation says. */
  const upload = async <D extends Parameters<typeof uploadAnswer>[1], S extends keyof D['responses'] & number = 200>(
    what: string,
    url: string,
    doc: D,
    body: FormData,
    status = 200 as S,
  ) => {
    const res = await call(t.app, 'POST', url, { token: federation, body });
    if (res.status !== status) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return uploadAnswer(res, doc, status);
  };
  // shown profiles: their pictures are for every signed-in caller (hidden ones: tests/api/profile-visibility.test.ts)
  const person = (clubId: number, firstName: string) =>
    successOf(
      api.v1.admin.member.$post({
        json: {
          orgId: clubId,
          firstName,
          surname: 'Matrixprobe',
          birthDate: '1990-04-12',
          gender: 'w',
          email: `${firstName.toLowerCase()}.matrix@example.net`,
          city: 'Wien',
          params: { profileVisible: true },
        },
      }),
      `fixture member in ${clubId}`,
    );

  const ownMember = (await person(OWN_CLUB, 'Eigene')).id;
  const foreignMember = (await person(FOREIGN_CLUB, 'Fremde')).id;
  const fx: Omit<MatrixFixtures, 'openFeeCategory'> & { openFeeCategory?: MatrixCategory } = {
    ownMember,
    foreignMember,
    members: {},
    trainings: {},
    profileImages: {},
    orgs: {},
    places: {},
    documents: {},
    orgImages: {},
    orders: {},
    roleBatches: {},
    memberImports: {},
    formerMembers: {},
    tournaments: {},
    news: {},
    newsCategories: {},
    messages: {},
    notifications: {},
    passkeys: {},
    merges: {},
  };

  for (const id of [ownMember, foreignMember]) {
    const training = await successOf(
      api.v1.admin.training[':id'].$post({
        param: { id: String(id) },
        json: { orgId: 1, trainingId: 8, dateFrom: '2025-03-02', dateTo: '2027-03-02' },
      }),
      'fixture training',
    );
    fx.trainings[id] = training.ausb_mg_id;
    fx.profileImages[id] = (await upload('profile image', `/api/v1/profile/image/${id}`, profileImageDoc, imageForm())).uuid;
    fx.members[id] = await successOf(
      api.v1.admin.member[':orgId'][':memberId'].$get({ param: { orgId: '1', memberId: String(id) } }),
      'fixture member',
    );
  }
  for (const orgId of MATRIX_ORGS) {
    const place = await successOf(
      api.v1.admin.org.places.$post({
        query: { actingOrgId: '1' },
        json: {
          orgId,
          pname: `Platz ${orgId}`,
          city: 'Wien',
          zip: '1100',
          address: 'Laaer-Berg-Straße 1',
          params: { openingHours: 'Mo 17:00–20:00', training: ['Outdoor'] },
        },
      }),
      'fixture place',
    );
    fx.places[orgId] = place.id;
    const doc = await upload('document', `/api/v1/admin/org/${orgId}/documents?actingOrgId=1`, uploadDocumentDoc, documentForm(), 201);
    fx.documents[orgId] = { uuid: doc.uuid, url: doc.url };
    fx.orgImages[orgId] = (await upload('org image', `/api/v1/org/image/${orgId}?actingOrgId=1`, orgImageDoc, imageForm())).uuid;
    fx.orgs[orgId] = await successOf(
      api.v1.admin.org[':orgId'].$get({ param: { orgId: String(orgId) }, query: { actingOrgId: '1' } }),
      'fixture org',
    );
  }

  // Orders: categories, each club's fee released, two persons who can be ordered (Safety First and a picture), a created licence order,
  // a released one for a third person (licence cards exist only for released orders), and a released and refunded one.
  type CategoryParams = Parameters<Api['v2']['admin'][':orgId']['category']['$post']>[0]['json']['params'];
  const category = (cat: string, params: Partial<CategoryParams>) =>
    successOf(
      api.v2.admin[':orgId'].category.$post({
        param: { orgId: '1' },
        json: { cat, params: { group: 'JAHRESLIZENZ', year: 2031, ...params } },
      }),
      `fixture category ${cat}`,
    );
  await category(MATRIX_LICENCE, { category: [{ age: [0, 150], license: 30, print: 5 }] });
  await category(MATRIX_FEE, { price: 100 });
  fx.openFeeCategory = await category(MATRIX_OPEN_FEE, { year: 2032, price: 100 });
  const orderable = async (clubId: number, firstName: string) => {
    const memberId = (await person(clubId, firstName)).id;
    await successOf(
      api.v1.admin.training[':id'].$post({ param: { id: String(memberId) }, json: { orgId: 1, trainingId: 1, dateFrom: '2025-03-02' } }),
      'fixture safety first',
    );
    await upload('profile image', `/api/v1/profile/image/${memberId}`, profileImageDoc, imageForm());
    return memberId;
  };
  for (const [clubId, first, other] of [
    [OWN_CLUB, 'Bestellte', 'Zweite'],
    [FOREIGN_CLUB, 'Bestellter', 'Andere'],
  ] as const) {
    const orders = api.v1.order[':orgId'];
    const param = { orgId: String(clubId) };
    const fee = await successOf(orders.$post({ param, json: { ordercat: MATRIX_FEE } }), 'fixture fee order');
    const released = await successOf(
      orders.$put({ param, json: { id: fee.id, status: 'Freigegeben', updatedAt: fee.updatedAt } }),
      'fixture fee release',
    );
    const personId = await orderable(clubId, first);
    const another = await orderable(clubId, other);
    // a second person stays in the order when the matrix takes the first one out (a licence order is never emptied)
    const stays = await orderable(clubId, `${first}Bleibt`);
    const order = await successOf(
      orders.$post({ param, json: { ordercat: MATRIX_LICENCE, members: [{ id: personId }, { id: stays }] } }),
      'fixture licence order',
    );
    const licensed = await orderable(clubId, `${first}Lizenz`);
    const held = await successOf(
      orders.$post({ param, json: { ordercat: MATRIX_LICENCE, members: [{ id: licensed, params: { print: true } }] } }),
      'fixture licence order to release',
    );
    await successOf(
      orders.$put({ param, json: { id: held.id, status: 'Freigegeben', updatedAt: held.updatedAt } }),
      'fixture licence release',
    );
    // released and refunded: its invoice is cancelled by a cancellation invoice
    const refundedPerson = await orderable(clubId, `${first}Storno`);
    const toRefund = await successOf(
      orders.$post({ param, json: { ordercat: MATRIX_LICENCE, members: [{ id: refundedPerson }] } }),
      'fixture licence order to refund',
    );
    const releasedToRefund = await successOf(
      orders.$put({ param, json: { id: toRefund.id, status: 'Freigegeben', updatedAt: toRefund.updatedAt } }),
      'fixture release to refund',
    );
    await successOf(
      orders.$put({ param, json: { id: toRefund.id, status: 'canceled', updatedAt: releasedToRefund.updatedAt } }),
      'fixture refund',
    );
    fx.orders[clubId] = {
      order,
      person: personId,
      another,
      releasedFee: released.id,
      releasedLicence: held.id,
      cancelledLicence: toRefund.id,
    };
  }
  for (const [clubId, memberId] of [
    [OWN_CLUB, ownMember],
    [FOREIGN_CLUB, foreignMember],
  ] as const) {
    const batch = await successOf(
      api.v1.admin.role.assign.$post({ json: { orgId: clubId, memberIds: [memberId], roleIds: [16] } }),
      'fixture role batch',
    );
    if (!batch.batchId) throw new Error('fixture role batch: nothing saved');
    fx.roleBatches[clubId] = batch.batchId;
    // A former member: their membership ended yesterday (the API ends memberships today at the earliest).
    const former = (await person(clubId, clubId === OWN_CLUB ? 'Ehemalige' : 'Ehemaliger')).id;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await db
      .update(functionAssignments)
      .set({ dateTo: yesterday })
      .where(and(eq(functionAssignments.memberId, former), eq(functionAssignments.orgId, clubId)));
    fx.formerMembers[clubId] = former;
  }
  // Tournaments as their clubs announced them (inserted: the federation announces only its own).
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  for (const clubId of [OWN_CLUB, FOREIGN_CLUB]) {
    const copy = {
      name: `Matrixturnier ${clubId}`,
      typeId: 4,
      start: inDays(60),
      end: inDays(61),
      openFrom: inDays(1),
      openTo: inDays(60),
      params: {
        location: 'Halle',
        email: 'turnier@example.org',
        contactPerson: 'Kontakt',
        discipline: 1,
        rule: 'Vereinsturnier',
        divisions: [],
        gradeCodes: [],
      },
    };
    const [row] = await db
      .insert(tournaments)
      .values({ orgId: clubId, ...copy, original: copy })
      .returning({ id: tournaments.id });
    await upload('tournament file', `/api/v1/tournament/1/files/${row.id}`, tournamentFileDoc, documentForm());
    fx.tournaments[clubId] = (
      await successOf(api.v1.tournament.tuple[':id'].$get({ param: { id: String(row.id) } }), 'fixture tournament')
    ).current;
  }
  for (const clubId of [OWN_CLUB, FOREIGN_CLUB]) {
    await successOf(api.v1.admin.category.$post({ json: { orgId: clubId, name: 'Matrixnews' } }), 'fixture news category');
    fx.newsCategories[clubId] = (
      await successOf(api.v1.admin.category.$post({ json: { orgId: clubId, name: 'Matrixleer' } }), 'fixture spare category')
    ).id;
    const article = await successOf(
      api.v1.admin.news.$post({
        json: { orgId: clubId, title: 'Matrixartikel', content: '<p>x</p>', lang: 'de', newscategory: ['Matrixnews'], visible: true },
      }),
      'fixture news',
    );
    const gallery = new FormData();
    gallery.append('files', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'bild.png');
    await upload('news picture', `/api/v1/admin/news/upload/${article.id}`, newsUploadDoc, gallery);
    fx.news[clubId] = (
      await successOf(
        api.v1.admin.news[':orgId'].$get({ param: { orgId: String(clubId) }, query: { q: 'Matrixartikel' } }),
        'fixture news again',
      )
    ).items[0];
  }
  // Messages as each club sent them (inserted: the federation's message centre sends only its own).
  for (const clubId of [1, OWN_CLUB, FOREIGN_CLUB]) {
    const [message] = await db
      .insert(messages)
      .values({ orgId: clubId, title: `Matrixnachricht ${clubId}`, media: ['email'], roles: [32] })
      .returning({ id: messages.id });
    const [file] = await db
      .insert(uploadedFiles)
      .values({
        ownerType: 'message_file',
        ownerId: message.id,
        originalName: 'beilage.pdf',
        storedPath: `matrix/${message.id}.pdf`,
        mime: 'application/pdf',
        size: 1,
      })
      .returning({ uuid: uploadedFiles.uuid });
    fx.messages[clubId] = { id: message.id, fileId: file.uuid };
  }
  for (const memberId of [1, 2, 3, 4, 5]) {
    const [n] = await db
      .insert(notifications)
      .values({ memberId, orgId: OWN_CLUB, title: 'Matrixhinweis' })
      .returning({ id: notifications.id });
    fx.notifications[memberId] = n.id;
    const [key] = await db
      .insert(passkeys)
      .values({ id: `matrix-passkey-${memberId}`, memberId, publicKey: 'AA', name: 'Matrix' })
      .returning({ id: passkeys.id });
    fx.passkeys[memberId] = key.id;
  }
  for (const [clubId, name] of [
    [OWN_CLUB, 'Eigen'],
    [FOREIGN_CLUB, 'Fremd'],
  ] as const) {
    const survivor = (await person(clubId, `Dopplera${name}`)).id;
    const merged = (await person(clubId, `Dopplerb${name}`)).id;
    const plan = await successOf(
      api.v1.admin.members.merge.$post({ json: { survivorId: survivor, mergedId: merged } }),
      'fixture merge plan',
    );
    const merge = await successOf(
      api.v1.admin.members.merge.$post({
        json: {
          survivorId: survivor,
          mergedId: merged,
          dryRun: false,
          survivorUpdatedAt: plan.survivorUpdatedAt,
          mergedUpdatedAt: plan.mergedUpdatedAt,
        },
      }),
      'fixture merge',
    );
    fx.merges[clubId] = { mergeId: merge.mergeId! };
  }
  const catalogueRole = await successOf(
    api.v1.admin.role.$post({ json: { name: 'Matrixrolle', groupId: 9, params: { orgWhitelist: [OWN_CLUB, FOREIGN_CLUB] } } }),
    'fixture catalogue role',
  );
  for (const clubId of [OWN_CLUB, FOREIGN_CLUB]) {
    const url = `/api/v1/admin/members/${clubId}/import`;
    const dry = await upload('import dry run', `${url}?dryRun=true`, importDoc, importForm(`Importprobe${clubId}`));
    fx.memberImports[clubId] = (
      await upload('import', `${url}?planId=${dry.planId}`, importDoc, importForm(`Importprobe${clubId}`), 201)
    ).importId;
  }
  const { openFeeCategory } = fx;
  if (!openFeeCategory) throw new Error('fixture: no open fee category');
  return { ...fx, openFeeCategory, catalogueRole };
}

/** A member list of one person, as a CSV upload for the member import. */
export function importForm(surname = 'Importprobe'): FormData {
  const data = new FormData();
  const csv = `Vorname;Nachname;Geburtsdatum;Geschlecht\r\nIda;${surname};03.04.1991;w\r\n`;
  data.append('file', new Blob([csv], { type: 'text/csv' }), 'mitglieder.csv');
  return data;
}
