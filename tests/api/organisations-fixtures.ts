import { answerOf, client, type AnswerBody, type TestApp } from './helpers/test-app';

/** Shared helpers of the organisation API tests (tests/api/organisations*.test.ts), typed calls all. */

const orgApi = (t: Pick<TestApp, 'app'>, token: string) => client(t, token).api.v1.admin.org;

/** GET org/{id} as `token`, acting in `acting` (read its answer with answerOf). */
export function getOrg(t: Pick<TestApp, 'app'>, token: string, id: number, acting: number) {
  return orgApi(t, token)[':orgId'].$get({ param: { orgId: String(id) }, query: { actingOrgId: String(acting) } });
}

/** An organisation as GET org/{id} answers it. */
export type OrgAnswer = AnswerBody<Awaited<ReturnType<typeof getOrg>>, 200>;
/** What PUT org takes. */
export type OrgUpdate = Parameters<ReturnType<typeof orgApi>['$put']>[0]['json'];
/** Fields to change in a save; params are merged key by key over the record's. */
export type OrgChanges = Partial<Omit<OrgUpdate, 'params'>> & { params?: OrgUpdate['params'] };

/** PUT org as `token`, acting in `acting`. */
export function putOrg(t: Pick<TestApp, 'app'>, token: string, acting: number, json: OrgUpdate) {
  return orgApi(t, token).$put({ query: { actingOrgId: String(acting) }, json });
}

/** What the form sends back on save: every field of the record, unchanged unless overridden. */
export function formOf(org: OrgAnswer, changes: OrgChanges = {}): OrgUpdate {
  const { files: _files, ...params } = org.params;
  void _files;
  const body: OrgUpdate = {
    id: org.id,
    updatedAt: org.updatedAt,
    name: org.name,
    nameShort: org.nameShort,
    street: required(org.street, 'street'),
    city: required(org.city, 'city'),
    zip: required(org.zip, 'zip'),
    email: required(org.email, 'email'),
    address: org.address,
    street2: org.street2,
    city2: org.city2,
    zip2: org.zip2,
    homepage: org.homepage,
    phoneOffice: org.phoneOffice,
    faxOffice: org.faxOffice,
    bso: org.bso,
    zvr: org.zvr,
    dvr: org.dvr,
    orgStartDate: org.orgStartDate,
    orgEndDate: org.orgEndDate,
    inoperativeSince: org.inoperativeSince,
    orgMotherId: org.orgMotherId,
    orgLevel: orgLevelOf(org.orgLevel),
    params,
  };
  return { ...body, ...changes, params: { ...body.params, ...changes.params } };
}

/** A field the form requires, as answered; a record without it is no record the form could send back. */
function required(value: string | null, field: string): string {
  if (value === null) throw new Error(`the organisation has no ${field}: the form could not send it back`);
  return value;
}

/** The answer's level (a number) as the body's (1, 2 or 3); another is a broken answer. */
function orgLevelOf(level: number): 1 | 2 | 3 {
  if (level === 1 || level === 2 || level === 3) return level;
  throw new Error(`organisation level ${level} is not 1, 2 or 3`);
}

/** Load, change, save — as the screen does. */
export async function saveOrg(t: Pick<TestApp, 'app'>, token: string, id: number, acting: number, changes: OrgChanges) {
  const current = await answerOf(getOrg(t, token, id, acting), 200);
  return putOrg(t, token, acting, formOf(current, changes));
}

export function form(bytes: Buffer, filename: string, fields: Record<string, string> = {}, mime = 'application/octet-stream'): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), filename);
  return data;
}
