import 'server-only';
import { apiCall } from './client';

/*
 * Shapes of the answers (notes/organisations-contract.md). Client components import these with
 * `import type`, which is erased, so the server-only guard above never reaches the browser.
 */

export type OrgLevel = 1 | 2 | 3;
export type TrainingOffer = 'Indoor' | 'Outdoor' | '3D' | 'Feld';
export type DocumentType = 'Statuten' | 'ZVR-Auszug' | 'Vereinsgründung';

export interface OrgDocument {
  uuid: string;
  /** /api/v1/uploads?file=<stored key>; the browser prefixes /admin. */
  url: string;
  name: string;
  type: DocumentType;
  mime?: string;
  size?: number;
  uploadedAt?: string;
}

export interface OrgParams {
  iban?: string | null;
  association?: string | null;
  section?: boolean;
  coop_partner?: boolean;
  clubName?: string | null;
  clubNameVisible?: boolean;
  zvrNumber?: string | null;
  federalState?: string | null;
  files?: OrgDocument[];
}

export interface Fee {
  orderId: number;
  ordercat: string;
  processing: { status: string | null };
  completed: string | null;
}

export interface Place {
  id: number;
  orgId: number;
  pname: string;
  address: string | null;
  city: string | null;
  zip: string | null;
  lat: number | null;
  lon: number | null;
  params: { openingHours?: string | null; training?: TrainingOffer[] };
  updatedAt: string;
}

export interface FieldRights {
  dates: boolean;
  bso: boolean;
  coopPartner: boolean;
  parent: boolean;
}

/** The scalar fields shared by list items and the full record. */
export interface OrganisationBase {
  id: number;
  uuid: string | null;
  imageLink?: string | null;
  name: string;
  nameShort: string;
  street: string | null;
  city: string | null;
  zip: string | null;
  address: string | null;
  street2: string | null;
  city2: string | null;
  zip2: string | null;
  email: string | null;
  homepage: string | null;
  phoneOffice: string | null;
  faxOffice: string | null;
  bso: string | null;
  zvr: string | null;
  dvr: string | null;
  orgStartDate: string | null;
  orgEndDate: string | null;
  inoperativeSince: string | null;
  orgMotherId: number | null;
  orgLevel: OrgLevel;
  members?: number;
  licenses?: number;
  params: OrgParams;
  updatedAt: string;
}

export interface OrganisationListItem extends OrganisationBase {
  /** Orders without completion date (table filter 'Offene Beiträge >=2'). */
  openFees: number;
}

export interface Organisation extends OrganisationBase {
  fees: Fee[];
  places: Place[];
  canEdit: boolean;
  fieldRights: FieldRights;
}

/**
 * Server-only calls of the organisations screen (core §7 "Organisations", notes/organisations-contract).
 * Every call names the acting organisation (the O{org} of the route): the API checks the caller's
 * function 50/58 there and decides visibility and edit rights from it.
 */

const acting = (actingOrgId: number) => ({ actingOrgId });

/** GET /api/v1/admin/orgs/{acting}: what the acting organisation may see, sorted by short name. */
export function getOrganisations(actingOrgId: number) {
  return apiCall<OrganisationListItem[]>(`api/v1/admin/orgs/${actingOrgId}`);
}

/** GET /api/v1/admin/org/{id}: one organisation with fees, places, documents and counts. */
export function getOrganisation(id: number, actingOrgId: number) {
  return apiCall<Organisation>(`api/v1/admin/org/${id}`, { searchParams: acting(actingOrgId) });
}

/** POST /api/v1/admin/org: create (acting level 1 only). */
export function createOrganisation(input: Record<string, unknown>, actingOrgId: number) {
  return apiCall<Organisation>('api/v1/admin/org', { method: 'post', json: input, searchParams: acting(actingOrgId) });
}

/** PUT /api/v1/admin/org: update; carries the `updatedAt` it was based on (409 `stale` otherwise). */
export function updateOrganisation(input: Record<string, unknown>, actingOrgId: number) {
  return apiCall<Organisation>('api/v1/admin/org', { method: 'put', json: input, searchParams: acting(actingOrgId) });
}

/** POST /api/v1/admin/org/places: create (no id) or update (id + updatedAt) a training place. */
export function savePlace(input: Record<string, unknown>, actingOrgId: number) {
  return apiCall<Place>('api/v1/admin/org/places', { method: 'post', json: input, searchParams: acting(actingOrgId) });
}

/** DELETE /api/v1/admin/org/places/{orgId}/{placeId}. */
export function deletePlace(orgId: number, placeId: number, actingOrgId: number) {
  return apiCall<{ ok: true }>(`api/v1/admin/org/places/${orgId}/${placeId}`, {
    method: 'delete',
    searchParams: acting(actingOrgId),
  });
}

/** DELETE /api/v1/admin/org/{id}/documents/{uuid}. */
export function deleteDocument(orgId: number, uuid: string, actingOrgId: number) {
  return apiCall<{ ok: true }>(`api/v1/admin/org/${orgId}/documents/${encodeURIComponent(uuid)}`, {
    method: 'delete',
    searchParams: acting(actingOrgId),
  });
}
