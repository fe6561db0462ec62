import { asc } from 'drizzle-orm';
import { countries } from '../../db/schema';
import type { AppDeps } from '../../http/context';

const germanOrder = new Intl.Collator('de', { sensitivity: 'base' });

/** Every country, sorted by its German name (reference data for any signed-in caller). */
export async function listCountries(deps: AppDeps) {
  const rows = await deps.db
    .select({ id: countries.id, iso2: countries.iso2, nameDe: countries.nameDe, nameEn: countries.nameEn })
    .from(countries)
    .orderBy(asc(countries.id));
  // German collation in JS: the database's collation (C in PGlite) would put "Österreich" after "Zypern".
  return rows.sort((a, b) => germanOrder.compare(a.nameDe, b.nameDe));
}
