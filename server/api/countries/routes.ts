import { CountrySchema } from '@/lib/schemas/user';
import { createRoute, z } from '@hono/zod-openapi';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json } from '../../http/route-parts';

const Country = CountrySchema;

export const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/countries',
  operationId: 'listCountries',
  ...access.signedIn,
  tags: ['Reference data'],
  summary: 'Countries, sorted by German name',
  responses: { 200: { description: 'Countries', content: json(z.array(Country)) }, ...errorResponses(401) },
});
