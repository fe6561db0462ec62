import { z } from 'zod';
import { DOCUMENT_TYPES, TRAINING_OFFERS } from '@/lib/domain/organisation-rules';

/**
 * The answers of the organisation calls, written once: the route
 * definitions publish them in the OpenAPI document, the services build values of their inferred
 * types, and the screen reads them through lib/api/organisations.ts. Zod only (no server imports).
 */

const text = z.string().nullable();

/** Answer fields a write ignores (computed, or changed through their own calls): marked readOnly in the document. */
const readOnly = <T extends z.ZodType>(schema: T) => schema.meta({ readOnly: true });
/** RFC 3339 time of the record's last change; send it back unchanged with a write (409 stale otherwise). */
const version = z
  .string()
  .meta({ format: 'date-time', example: '2026-11-23T18:30:24.052Z', description: 'Version: send it back unchanged with a write' });
const isoDate = z.string().nullable().meta({ example: '2026-05-01' });

export const OrgDocumentSchema = z
  .object({
    uuid: z.string(),
    url: z.string().meta({ example: '/api/v1/uploads?file=org_document%2F2026%2F05%2F….pdf' }),
    name: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    mime: z.string(),
    size: z.number().int(),
    uploadedAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'OrgDocument' });

export const PlaceSchema = z
  .object({
    id: z.number().int(),
    orgId: z.number().int(),
    pname: z.string(),
    address: text,
    city: text,
    zip: text,
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    params: z.object({ openingHours: text, training: z.array(z.enum(TRAINING_OFFERS)) }),
    updatedAt: version,
  })
  .meta({ id: 'Place' });

export const FeeSchema = z
  .object({
    orderId: z.number().int(),
    ordercat: z.string().meta({ example: 'VEREINSBEITRAG_2026' }),
    processing: z.object({ status: z.string().meta({ example: 'Freigegeben' }) }),
    completed: isoDate,
  })
  .meta({ id: 'Fee' });

const orgBase = {
  id: z.number().int(),
  uuid: z.string().nullable().meta({ readOnly: true, description: 'Image key (changed by the image upload)' }),
  imageLink: readOnly(z.string().nullable()),
  name: z.string(),
  nameShort: z.string(),
  street: text,
  city: text,
  zip: text,
  address: text,
  street2: text,
  city2: text,
  zip2: text,
  email: text,
  homepage: text,
  phoneOffice: text,
  faxOffice: text,
  bso: text,
  zvr: text,
  dvr: text,
  orgStartDate: isoDate,
  orgEndDate: isoDate,
  inoperativeSince: isoDate,
  orgMotherId: z.number().int().nullable(),
  orgLevel: z.number().int(),
  members: z.number().int().meta({ readOnly: true, description: 'Active memberships (function 32)' }),
  licenses: z.number().int().meta({ readOnly: true, description: 'Active licences (function 29)' }),
  params: z.object({
    iban: text,
    association: text,
    section: z.boolean(),
    coop_partner: z.boolean(),
    clubName: text,
    clubNameVisible: z.boolean(),
    zvrNumber: text,
    federalState: text,
    files: readOnly(z.array(OrgDocumentSchema)),
  }),
  updatedAt: version,
};

const orgMotherName = z
  .string()
  .nullable()
  .meta({ readOnly: true, description: 'Short name of the parent organisation, also when the caller cannot list it' });

export const OrgListItemSchema = z
  .object({ ...orgBase, orgMotherName, openFees: z.number().int().meta({ readOnly: true, description: 'Orders without completion date' }) })
  .meta({ id: 'OrganisationListItem' });

export const OrgDetailSchema = z
  .object({
    ...orgBase,
    orgMotherName,
    fees: readOnly(z.array(FeeSchema)),
    places: readOnly(z.array(PlaceSchema)),
    canEdit: readOnly(z.boolean()),
    fieldRights: readOnly(z.object({ dates: z.boolean(), bso: z.boolean(), coopPartner: z.boolean(), parent: z.boolean() })),
  })
  .meta({ id: 'Organisation' });

export type OrgDocument = z.infer<typeof OrgDocumentSchema>;
export type Place = z.infer<typeof PlaceSchema>;
export type Fee = z.infer<typeof FeeSchema>;
/** An organisation in the list (form 50/58), with its number of open fees. */
export type OrganisationListItem = z.infer<typeof OrgListItemSchema>;
/** One organisation with fees, places and what the caller may change. */
export type Organisation = z.infer<typeof OrgDetailSchema>;
export type OrgParams = Organisation['params'];
