import { z } from 'zod';
import { DOCUMENT_TYPES, TRAINING_OFFERS, isValidLatitude, isValidLongitude, parseCoordinates } from '@/lib/domain/organisation-rules';
import { dbId, isoDate as realIsoDate, optionalWebAddress, updatedAtText } from './common';

/**
 * Organisation and place input, shared by the organisation form, its server actions and the API.
 * Messages are message keys; the UI translates them.
 */

/** A day that exists in the calendar (2025-02-30 and 0000-00-00 are refused). */
const isoDate = realIsoDate('dateInvalid');

/** Free text that may be left empty: '' and whitespace become null. */
const optionalText = z
  .string()
  .trim()
  .max(500, 'tooLong')
  .nullish()
  .transform((v) => (v ? v : null));

const requiredText = z.string({ error: 'required' }).trim().min(1, 'required').max(500, 'tooLong');

/** An updatedAt as the API handed it out (PostgreSQL or ISO timestamp text). */
export const updatedAtSchema = updatedAtText('updatedAtInvalid');

/**
 * A params text: params are merged key by key over what is stored, so a key that was not sent
 * stays undefined (kept as stored), while '' or null clears it.
 */
const paramText = z
  .string()
  .trim()
  .max(500, 'tooLong')
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

export const organisationParamsSchema = z.object({
  iban: paramText,
  association: paramText,
  section: z.boolean().optional(),
  coop_partner: z.boolean().optional(),
  clubName: paramText,
  clubNameVisible: z.boolean().optional(),
  zvrNumber: paramText,
  federalState: paramText,
});

const organisationFields = {
  name: requiredText,
  nameShort: requiredText,
  street: requiredText,
  city: requiredText,
  zip: requiredText,
  email: z.string({ error: 'required' }).trim().min(1, 'required').pipe(z.email('emailInvalid')),
  address: optionalText,
  street2: optionalText,
  city2: optionalText,
  zip2: optionalText,
  homepage: optionalWebAddress(),
  phoneOffice: optionalText,
  faxOffice: optionalText,
  bso: optionalText,
  zvr: optionalText,
  dvr: optionalText,
  orgStartDate: isoDate.nullish().transform((v) => v ?? null),
  orgEndDate: isoDate.nullish().transform((v) => v ?? null),
  inoperativeSince: isoDate.nullish().transform((v) => v ?? null),
  orgMotherId: dbId()
    .nullish()
    .transform((v) => v ?? null),
  orgLevel: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'levelInvalid' }),
  params: organisationParamsSchema,
};

/** The complete organisation record as the form edits it (create: POST /admin/org). */
export const organisationSchema = z.object({ ...organisationFields, orgLevel: organisationFields.orgLevel.default(3) });
export type OrganisationInput = z.input<typeof organisationSchema>;
export type OrganisationValues = z.output<typeof organisationSchema>;

/**
 * PUT /admin/org: id and the updatedAt it was based on, plus any fields to change. The record
 * exactly as GET answered it is accepted: a field left out keeps its stored value, null clears an
 * optional one, params are merged key by key, and what only the answer carries (members, fees,
 * places, canEdit, …: read-only there) and unknown keys are ignored. The merged record is then
 * checked against organisationSchema, so the same messages apply.
 */
export const organisationUpdateSchema = z.object({
  id: dbId(),
  updatedAt: updatedAtSchema,
  ...Object.fromEntries(
    Object.entries(organisationFields).map(([k, field]) => [
      k,
      k === 'params' ? organisationParamsSchema.partial().optional() : field.optional(),
    ]),
  ),
} as { id: ReturnType<typeof dbId>; updatedAt: typeof updatedAtSchema } & {
  [K in keyof typeof organisationFields]: z.ZodOptional<(typeof organisationFields)[K]>;
});

const trainingOffer = z.enum(TRAINING_OFFERS, { error: 'trainingInvalid' });

const coordinateNumber = (check: (n: number) => boolean) =>
  z
    .number({ error: 'coordinatesInvalid' })
    .refine(check, 'coordinatesInvalid')
    .nullish()
    .transform((v) => v ?? null);

/**
 * A training place (POST /admin/org/places creates without id, updates with id + updatedAt).
 * Coordinates come as numbers lat/lon, or as the text 'lat, lon' in `coordinates` when lat/lon are absent.
 */
export const placeSchema = z
  .object({
    id: dbId().optional(),
    orgId: dbId(),
    pname: requiredText,
    address: optionalText,
    city: optionalText,
    zip: optionalText,
    lat: coordinateNumber(isValidLatitude),
    lon: coordinateNumber(isValidLongitude),
    coordinates: z.string().nullish(),
    params: z.object(
      {
        openingHours: requiredText,
        training: z.array(trainingOffer, { error: 'required' }).min(1, 'required'),
      },
      { error: 'required' },
    ),
    updatedAt: updatedAtSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === null) !== (v.lon === null)) {
      ctx.addIssue({ code: 'custom', path: [v.lat === null ? 'lat' : 'lon'], message: 'coordinatesInvalid' });
    }
    if (v.lat === null && v.lon === null && v.coordinates?.trim() && !parseCoordinates(v.coordinates)) {
      ctx.addIssue({ code: 'custom', path: ['coordinates'], message: 'coordinatesInvalid' });
    }
    if (v.id !== undefined && v.updatedAt === undefined) {
      ctx.addIssue({ code: 'custom', path: ['updatedAt'], message: 'required' });
    }
  })
  .transform(({ coordinates, ...v }) => {
    if (v.lat === null && v.lon === null && coordinates?.trim()) {
      const parsed = parseCoordinates(coordinates)!;
      return { ...v, lat: parsed.lat, lon: parsed.lon, params: { ...v.params, training: [...new Set(v.params.training)] } };
    }
    return { ...v, params: { ...v.params, training: [...new Set(v.params.training)] } };
  });
export type PlaceInput = z.input<typeof placeSchema>;

/**
 * POST /admin/org/places as the API takes it: create (no id) with the whole place, or update (id +
 * updatedAt) with the fields to change. A place exactly as the organisation's answer lists it is
 * accepted; a field left out keeps its stored value, null clears an optional one, unknown keys
 * are ignored. The merged place is then checked against placeSchema (the form's shape).
 */
export const placeWriteSchema = z.object({
  id: dbId().optional(),
  orgId: dbId(),
  updatedAt: updatedAtSchema.optional(),
  pname: z.string().optional(),
  address: z.string().nullish(),
  city: z.string().nullish(),
  zip: z.string().nullish(),
  lat: z.number().nullish(),
  lon: z.number().nullish(),
  coordinates: z.string().nullish().meta({ description: "'lat, lon' as text, used when lat and lon are not sent" }),
  params: z.object({ openingHours: z.string().nullish(), training: z.array(z.string()).optional() }).optional(),
});
export type PlaceValues = z.output<typeof placeSchema>;

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { error: 'documentTypeInvalid' });
