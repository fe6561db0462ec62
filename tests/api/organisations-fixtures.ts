import { call, type TestApp } from './helpers/test-app';

/** Shared helpers of the organisation API tests (tests/api/organisations*.test.ts). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** GET org/{id} as `token`, acting in `acting`. */
export async function getOrg(t: TestApp, token: string, id: number, acting: number) {
  return call(t.app, 'GET', `/api/v1/admin/org/${id}?actingOrgId=${acting}`, { token });
}

/** What the form sends back on save: every field of the record, unchanged unless overridden. */
export function formOf(org: Json, changes: Record<string, unknown> = {}): Json {
  const { files: _files, ...params } = org.params;
  void _files;
  const body: Json = {
    id: org.id,
    updatedAt: org.updatedAt,
    name: org.name,
    nameShort: org.nameShort,
    street: org.street,
    city: org.city,
    zip: org.zip,
    email: org.email,
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
    orgLevel: org.orgLevel,
    params,
  };
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'params') body.params = { ...body.params, ...(value as object) };
    else body[key] = value;
  }
  return body;
}

/** Load, change, save — as the screen does. */
export async function saveOrg(t: TestApp, token: string, id: number, acting: number, changes: Record<string, unknown>) {
  const current = await getOrg(t, token, id, acting);
  if (current.status !== 200) throw new Error(`GET org ${id} as ${acting}: ${current.status}`);
  return call(t.app, 'PUT', `/api/v1/admin/org?actingOrgId=${acting}`, { token, json: formOf(current.body, changes) });
}

export function form(bytes: Buffer, filename: string, fields: Record<string, string> = {}, mime = 'application/octet-stream'): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), filename);
  return data;
}
