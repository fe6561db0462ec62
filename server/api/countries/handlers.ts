import { asc } from 'drizzle-orm';
import { countries } from '../../db/schema';
import type { AppRouteHandler } from '../../http/context';
import type * as routes from './routes';

const germanOrder = new Intl.Collator('de', { sensitivity: 'base' });

export const list: AppRouteHandler<typeof routes.list> = async (c) => {
  const rows = await c.var.deps.db
    .select({ id: countries.id, iso2: countries.iso2, nameDe: countries.nameDe, nameEn: countries.nameEn })
    .from(countries)
    .orderBy(asc(countries.id));
  // German collation in JS: the database's collation (C in PGlite) would put "Österreich" after "Zypern".
  rows.sort((a, b) => germanOrder.compare(a.nameDe, b.nameDe));
  return c.json(rows, 200);
};
