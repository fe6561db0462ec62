import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { functionAssignments, messages, notifications, passkeys, tournaments, uploadedFiles } from '@/server/db/schema';
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
  /** Per club (own and foreign): a created licence order of MATRIX_LICENCE with two persons (`person` is the one taken out), and another person who can be added. */
  orders: Record<
    number,
    { order: Json; person: number; another: number; releasedFee: number; releasedLicence: number; cancelledLicence: number }
  >;
  /** The category MATRIX_OPEN_FEE as the API answered it. */
  openFeeCategory: Json;
  /** Per club: a role batch (the club's plain member made youth warden) to undo. */
  roleBatches: Record<number, string>;
  /** Per club: a member import (one person created) to undo. */
  memberImports: Record<number, string>;
  /** Per club: a former member (membership ended yesterday) to take back. */
  formerMembers: Record<number, number>;
  /** A role of the catalogue as the API answered it (POST /admin/role), to change with PUT. */
  catalogueRole?: Json;
  /** Per club: a tournament as the API answers it (created, not approved), to change, approve, cancel. */
  tournaments: Record<number, Json>;
  /** Per club: a news article as the API answers it, and an unused news category to delete. */
  news: Record<number, Json>;
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
  const ok = async (what: string, res: Promise<{ status: number; body: Json }>) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const as = { token: federation };
  // shown profiles: their pictures are for every signed-in caller (hidden ones: tests/api/profile-visibility.test.ts)
  const person = (clubId: number, firstName: string) =>
    ok(
      `member in ${clubId}`,
      call(t.app, 'POST', '/api/v1/admin/member', {
        ...as,
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
    );

  const ownMember = (await person(OWN_CLUB, 'Eigene')).id as number;
  const foreignMember = (await person(FOREIGN_CLUB, 'Fremde')).id as number;
  const fx: MatrixFixtures = {
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
    openFeeCategory: null,
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
    const training = await ok(
      'training',
      call(t.app, 'POST', `/api/v1/admin/training/${id}`, {
        ...as,
        json: { orgId: 1, trainingId: 8, dateFrom: '2025-03-02', dateTo: '2027-03-02' },
      }),
    );
    fx.trainings[id] = training.ausb_mg_id;
    fx.profileImages[id] = (
      await ok('profile image', call(t.app, 'POST', `/api/v1/profile/image/${id}`, { ...as, body: imageForm() }))
    ).uuid;
    fx.members[id] = await ok('member', call(t.app, 'GET', `/api/v1/admin/member/1/${id}`, as));
  }
  for (const orgId of MATRIX_ORGS) {
    const place = await ok(
      'place',
      call(t.app, 'POST', '/api/v1/admin/org/places?actingOrgId=1', {
        ...as,
        json: {
          orgId,
          pname: `Platz ${orgId}`,
          city: 'Wien',
          zip: '1100',
          address: 'Laaer-Berg-Straße 1',
          params: { openingHours: 'Mo 17:00–20:00', training: ['Outdoor'] },
        },
      }),
    );
    fx.places[orgId] = place.id;
    const doc = await ok(
      'document',
      call(t.app, 'POST', `/api/v1/admin/org/${orgId}/documents?actingOrgId=1`, { ...as, body: documentForm() }),
    );
    fx.documents[orgId] = { uuid: doc.uuid, url: doc.url };
    fx.orgImages[orgId] = (
      await ok('org image', call(t.app, 'POST', `/api/v1/org/image/${orgId}?actingOrgId=1`, { ...as, body: imageForm() }))
    ).uuid;
    fx.orgs[orgId] = await ok('org', call(t.app, 'GET', `/api/v1/admin/org/${orgId}?actingOrgId=1`, as));
  }

  // Orders: categories, each club's fee released, two persons who can be ordered (Safety First and a picture), a created licence order,
  // a released one for a third person (licence cards exist only for released orders), and a released and refunded one.
  const category = (cat: string, params: Json) =>
    ok(
      `category ${cat}`,
      call(t.app, 'POST', '/api/v2/admin/1/category', { ...as, json: { cat, params: { group: 'JAHRESLIZENZ', year: 2031, ...params } } }),
    );
  await category(MATRIX_LICENCE, { category: [{ age: [0, 150], license: 30, print: 5 }] });
  await category(MATRIX_FEE, { price: 100 });
  fx.openFeeCategory = await category(MATRIX_OPEN_FEE, { year: 2032, price: 100 });
  const orderable = async (clubId: number, firstName: string) => {
    const memberId = (await person(clubId, firstName)).id as number;
    await ok(
      'safety first',
      call(t.app, 'POST', `/api/v1/admin/training/${memberId}`, { ...as, json: { orgId: 1, trainingId: 1, dateFrom: '2025-03-02' } }),
    );
    await ok('profile image', call(t.app, 'POST', `/api/v1/profile/image/${memberId}`, { ...as, body: imageForm() }));
    return memberId;
  };
  for (const [clubId, first, other] of [
    [OWN_CLUB, 'Bestellte', 'Zweite'],
    [FOREIGN_CLUB, 'Bestellter', 'Andere'],
  ] as const) {
    const fee = await ok('fee order', call(t.app, 'POST', `/api/v1/order/${clubId}`, { ...as, json: { ordercat: MATRIX_FEE } }));
    const released = await ok(
      'fee release',
      call(t.app, 'PUT', `/api/v1/order/${clubId}`, { ...as, json: { id: fee.id, status: 'Freigegeben', updatedAt: fee.updatedAt } }),
    );
    const personId = await orderable(clubId, first);
    const another = await orderable(clubId, other);
    // a second person stays in the order when the matrix takes the first one out (a licence order is never emptied)
    const stays = await orderable(clubId, `${first}Bleibt`);
    const order = await ok(
      'licence order',
      call(t.app, 'POST', `/api/v1/order/${clubId}`, {
        ...as,
        json: { ordercat: MATRIX_LICENCE, members: [{ id: personId }, { id: stays }] },
      }),
    );
    const licensed = await orderable(clubId, `${first}Lizenz`);
    const held = await ok(
      'licence order to release',
      call(t.app, 'POST', `/api/v1/order/${clubId}`, {
        ...as,
        json: { ordercat: MATRIX_LICENCE, members: [{ id: licensed, params: { print: true } }] },
      }),
    );
    await ok(
      'licence release',
      call(t.app, 'PUT', `/api/v1/order/${clubId}`, { ...as, json: { id: held.id, status: 'Freigegeben', updatedAt: held.updatedAt } }),
    );
    // released and refunded: its invoice is cancelled by a cancellation invoice
    const refundedPerson = await orderable(clubId, `${first}Storno`);
    const toRefund = await ok(
      'licence order to refund',
      call(t.app, 'POST', `/api/v1/order/${clubId}`, { ...as, json: { ordercat: MATRIX_LICENCE, members: [{ id: refundedPerson }] } }),
    );
    const releasedToRefund = await ok(
      'release to refund',
      call(t.app, 'PUT', `/api/v1/order/${clubId}`, {
        ...as,
        json: { id: toRefund.id, status: 'Freigegeben', updatedAt: toRefund.updatedAt },
      }),
    );
    await ok(
      'refund',
      call(t.app, 'PUT', `/api/v1/order/${clubId}`, {
        ...as,
        json: { id: toRefund.id, status: 'canceled', updatedAt: releasedToRefund.updatedAt },
      }),
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
    const batch = await ok(
      'role batch',
      call(t.app, 'POST', '/api/v1/admin/role/assign', { ...as, json: { orgId: clubId, memberIds: [memberId], roleIds: [16] } }),
    );
    fx.roleBatches[clubId] = batch.batchId;
    // A former member: their membership ended yesterday (the API ends memberships today at the earliest).
    const former = (await person(clubId, clubId === OWN_CLUB ? 'Ehemalige' : 'Ehemaliger')).id as number;
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
    await ok('tournament file', call(t.app, 'POST', `/api/v1/tournament/1/files/${row.id}`, { ...as, body: documentForm() }));
    fx.tournaments[clubId] = (await ok('tournament', call(t.app, 'GET', `/api/v1/tournament/tuple/${row.id}`, as))).current;
  }
  for (const clubId of [OWN_CLUB, FOREIGN_CLUB]) {
    await ok('news category', call(t.app, 'POST', '/api/v1/admin/category', { ...as, json: { orgId: clubId, name: 'Matrixnews' } }));
    fx.newsCategories[clubId] = (
      await ok('spare category', call(t.app, 'POST', '/api/v1/admin/category', { ...as, json: { orgId: clubId, name: 'Matrixleer' } }))
    ).id;
    const article = await ok(
      'news',
      call(t.app, 'POST', '/api/v1/admin/news', {
        ...as,
        json: { orgId: clubId, title: 'Matrixartikel', content: '<p>x</p>', lang: 'de', newscategory: ['Matrixnews'], visible: true },
      }),
    );
    const gallery = new FormData();
    gallery.append('files', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'bild.png');
    await ok('news picture', call(t.app, 'POST', `/api/v1/admin/news/upload/${article.id}`, { ...as, body: gallery }));
    fx.news[clubId] = (await ok('news again', call(t.app, 'GET', `/api/v1/admin/news/${clubId}?q=Matrixartikel`, as))).items[0];
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
    const survivor = (await person(clubId, `Dopplera${name}`)).id as number;
    const merged = (await person(clubId, `Dopplerb${name}`)).id as number;
    const plan = await ok(
      'merge plan',
      call(t.app, 'POST', '/api/v1/admin/members/merge', { ...as, json: { survivorId: survivor, mergedId: merged } }),
    );
    const merge = await ok(
      'merge',
      call(t.app, 'POST', '/api/v1/admin/members/merge', {
        ...as,
        json: {
          survivorId: survivor,
          mergedId: merged,
          dryRun: false,
          survivorUpdatedAt: plan.survivorUpdatedAt,
          mergedUpdatedAt: plan.mergedUpdatedAt,
        },
      }),
    );
    fx.merges[clubId] = { mergeId: merge.mergeId };
  }
  fx.catalogueRole = await ok(
    'catalogue role',
    call(t.app, 'POST', '/api/v1/admin/role', {
      ...as,
      json: { name: 'Matrixrolle', groupId: 9, params: { orgWhitelist: [OWN_CLUB, FOREIGN_CLUB] } },
    }),
  );
  for (const clubId of [OWN_CLUB, FOREIGN_CLUB]) {
    const url = `/api/v1/admin/members/${clubId}/import`;
    const dry = await ok('import dry run', call(t.app, 'POST', `${url}?dryRun=true`, { ...as, body: importForm(`Importprobe${clubId}`) }));
    fx.memberImports[clubId] = (
      await ok('import', call(t.app, 'POST', `${url}?planId=${dry.planId}`, { ...as, body: importForm(`Importprobe${clubId}`) }))
    ).importId;
  }
  return fx;
}

/** A member list of one person, as a CSV upload for the member import. */
export function importForm(surname = 'Importprobe'): FormData {
  const data = new FormData();
  const csv = `Vorname;Nachname;Geburtsdatum;Geschlecht\r\nIda;${surname};03.04.1991;w\r\n`;
  data.append('file', new Blob([csv], { type: 'text/csv' }), 'mitglieder.csv');
  return data;
}
