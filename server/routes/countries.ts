import { createRoute, z } from '@hono/zod-openapi';
import { asc } from 'drizzle-orm';
import { CountrySchema } from '@/lib/schemas/user';
import { countries } from '../db/schema';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { access } from '../http/access-rule';
import { errorResponses } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';

const Country = CountrySchema;

const countriesRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/countries',
  ...access.signedIn,
  tags: ['Reference data'],
  summary: 'Countries, sorted by German name',
  security: bearerSecurity,
  responses: {
    200: { description: 'Countries', content: { 'application/json': { schema: z.array(Country) } } },
    ...errorResponses(401),
  },
});

const germanOrder = new Intl.Collator('de', { sensitivity: 'base' });

export function countryRoutes(deps: AppDeps) {
  const router = createRouter();
  guardRoute(router, countriesRoute, requireAuth(deps));
  router.openapi(countriesRoute, async (c) => {
    const rows = await deps.db
      .select({ id: countries.id, iso2: countries.iso2, nameDe: countries.nameDe, nameEn: countries.nameEn })
      .from(countries)
      .orderBy(asc(countries.id));
    // German collation in JS: the database's collation (C in PGlite) would put "Österreich" after "Zypern".
    rows.sort((a, b) => germanOrder.compare(a.nameDe, b.nameDe));
    return c.json(rows, 200);
  });
  return router;
}
