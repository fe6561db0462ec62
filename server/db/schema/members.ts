import { sql, type Column, type SQL } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgEnum, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { countries } from './reference';
// Relative import: drizzle-kit loads this file without the '@/' path alias.
import { FOLD_FROM, FOLD_TO } from '../../../lib/domain/search-fold';

export const genderEnum = pgEnum('gender', ['m', 'w', 'd']);

/*
 * Search and sort keys, stored as generated columns: lower case plus accents folded by
 * translate() (ä → a, ß → s, É → e ...), so "muller" finds "Müller" and sorting puts "Öz" among
 * the O's. Stored, because folding while scanning costs ~20 µs a row (too slow for 100,000
 * members); the database keeps them in step with the names on every write. Upper-case accented
 * letters are listed too: lower() only folds ASCII under the C locale. lib/domain/search-fold.ts
 * folds the search words the same way in JavaScript.
 */
const FOLD_FROM_SQL = sql.raw(`'${FOLD_FROM}'`);
const FOLD_TO_SQL = sql.raw(`'${FOLD_TO}'`);

export function foldSql(expr: SQL | Column): SQL {
  return sql`translate(lower(${expr}), ${FOLD_FROM_SQL}, ${FOLD_TO_SQL})`;
}

// Generation expressions name the row's own columns unqualified.
const col = (name: string): SQL => sql`${sql.identifier(name)}`;

export type MemberParams = { profileVisible?: boolean; phoneMobileVisible?: boolean; emailVisible?: boolean };

/**
 * The person master record. One person, many organisations: memberships,
 * licences and roles are function assignments. `email` is both the contact address and the
 * sign-in address; it is unique (case-insensitive). Only persons with a password hash can sign in.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    /** Key of the profile image (uploaded_files.uuid); null = no picture. */
    uuid: uuid('uuid'),
    /**
     * Licence (registration) number, shown as jr_id / regNr. Given by the system with the first
     * licence (licence_number_counter); only the federation sets one by hand (old numbers). Unique.
     */
    regNr: text('reg_nr'),
    extId: text('ext_id'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    surname: text('surname').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: genderEnum('gender').notNull(),
    nationality: integer('nationality').references(() => countries.id),
    country: integer('country').references(() => countries.id),
    street: text('street'),
    houseNumber: text('house_number'),
    doorNumber: text('door_number'),
    zip: text('zip'),
    city: text('city'),
    phoneMobile: text('phone_mobile'),
    phoneFixed: text('phone_fixed'),
    email: text('email'),
    /** scrypt hash (see server/services/auth.ts for the format); null = cannot sign in. */
    passwordHash: text('password_hash'),
    params: jsonb('params').$type<MemberParams>().notNull().default({}),
    /** What the member search looks in: names, registration number and e-mail, folded (see foldSql). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        foldSql(
          sql`${col('surname')} || ' ' || ${col('first_name')} || ' ' || coalesce(${col('middle_name')}, '') || ' ' || coalesce(${col('reg_nr')}, '') || ' ' || coalesce(${col('email')}, '')`,
        ),
      ),
    /** Sort keys of member lists: folded surname and first name. */
    sortSurname: text('sort_surname')
      .notNull()
      .generatedAlwaysAs(foldSql(col('surname'))),
    sortFirstName: text('sort_first_name')
      .notNull()
      .generatedAlwaysAs(foldSql(col('first_name'))),
    /**
     * Duplicate keys (lib/domain/member-duplicates.ts duplicateKeys): the birth date or its
     * day/month-swapped form, whichever is earlier, and the first word of the folded first name and
     * surname. Computed by the one function every write of a name or birth date goes through
     * (server/services/members/duplicate-keys.ts); null only for rows written before they existed,
     * which the start-up fills in.
     */
    dupBirthKey: date('dup_birth_key', { mode: 'string' }),
    dupFirstKey: text('dup_first_key'),
    dupSurnameKey: text('dup_surname_key'),
    /**
     * Whether the duplicate rules pair this record with another one: set for both records when a
     * write makes them a pair, recomputed for all at start-up. A pair that no longer matches may
     * keep it until then, which only makes the report look at one more record.
     */
    dupMatch: boolean('dup_match').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('members_email_unique').on(sql`lower(${t.email})`),
    // "Es gibt bereits eine Person (Name & Geschlecht) mit diesem Geburtsdatum": one person per
    // name, gender and birth date; the index also makes the conflict race-free.
    uniqueIndex('members_identity_unique').on(sql`lower(${t.firstName})`, sql`lower(${t.surname})`, t.gender, t.birthDate),
    index('members_surname_idx').on(sql`lower(${t.surname})`),
    // A licence number names one person: it is printed on signed licence cards.
    uniqueIndex('members_reg_nr_unique').on(t.regNr),
    index('members_birth_date_idx').on(t.birthDate),
    // Substring search over 100,000 members (pg_trgm, created by migration 0001).
    index('members_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Default order of every member list: surname, first name, id; lets a page be read off the index.
    index('members_sort_name_idx').on(t.sortSurname, t.sortFirstName, t.id),
    // The duplicates report pairs records sharing the birth key and a name key.
    index('members_duplicate_keys_idx').on(t.dupBirthKey, t.dupSurnameKey, t.dupFirstKey, t.id),
    // ... and looks only at the records the rules pair with another one.
    index('members_duplicate_match_idx')
      .on(t.dupBirthKey, t.dupSurnameKey, t.dupFirstKey, t.id)
      .where(sql`${t.dupMatch}`),
  ],
);

/**
 * The last licence number the system gave (one row, id 1). Taken with a row lock inside the
 * transaction that grants the licence, so parallel grants get consecutive, distinct numbers; a
 * number the federation sets by hand above it moves it up, so the system never hands that one out.
 */
export const licenceNumberCounter = pgTable('licence_number_counter', {
  id: integer('id').primaryKey().default(1),
  last: integer('last').notNull(),
});
