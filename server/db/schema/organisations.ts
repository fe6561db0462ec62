import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export type OrgDocument = { url: string; name: string; type: 'Statuten' | 'ZVR-Auszug' | 'Vereinsgründung'; fileId?: string };

/** Free-form organisation settings. */
export type OrgParams = {
  iban?: string;
  association?: string;
  section?: boolean;
  coop_partner?: boolean;
  files?: OrgDocument[];
  clubName?: string;
  clubNameVisible?: boolean;
  zvrNumber?: string;
  federalState?: string;
};

/** Federation (level 1), state associations (level 2) and clubs (level 3). */
export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    /** Key of the organisation's image file (uploaded_files.uuid). */
    uuid: uuid('uuid'),
    name: text('name').notNull(),
    nameShort: text('name_short').notNull(),
    street: text('street'),
    city: text('city'),
    zip: text('zip'),
    /** c/o postal address */
    address: text('address'),
    street2: text('street2'),
    city2: text('city2'),
    zip2: text('zip2'),
    email: text('email'),
    homepage: text('homepage'),
    phoneOffice: text('phone_office'),
    faxOffice: text('fax_office'),
    bso: text('bso'),
    zvr: text('zvr'),
    dvr: text('dvr'),
    orgStartDate: date('org_start_date', { mode: 'string' }),
    /** Set = dissolved (inactive). */
    orgEndDate: date('org_end_date', { mode: 'string' }),
    inoperativeSince: date('inoperative_since', { mode: 'string' }),
    /** Parent organisation: the state association of a club, the federation for a state association. */
    orgMotherId: integer('org_mother_id'),
    orgLevel: integer('org_level').notNull(),
    params: jsonb('params').$type<OrgParams>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('organisations_mother_idx').on(t.orgMotherId),
    index('organisations_level_idx').on(t.orgLevel),
    index('organisations_name_short_idx').on(sql`lower(${t.nameShort})`),
  ],
);

/** Training places of an organisation. */
export type PlaceParams = { openingHours?: string; training?: Array<'Indoor' | 'Outdoor' | '3D' | 'Feld'> };

export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    pname: text('pname').notNull(),
    address: text('address'),
    city: text('city'),
    zip: text('zip'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    params: jsonb('params').$type<PlaceParams>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('places_org_idx').on(t.orgId)],
);
