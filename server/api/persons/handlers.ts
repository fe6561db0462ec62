import type { AppRouteHandler } from '../../http/context';
import { rejoin as rejoinPerson, searchPersons } from '../../services/persons/person-search';
import { recordPersonReads } from '../../services/privacy/person-reads';
import type * as routes from './routes';

export const search: AppRouteHandler<typeof routes.search> = async (c) => {
  const query = c.req.valid('query');
  const page = await searchPersons(c.var.deps, c.var.callerId, query);
  // an answer that shows a person's contact data counts as a read of their record
  await recordPersonReads(c.var.deps.db, {
    readBy: c.var.callerId,
    memberIds: page.items.filter((p) => p.email !== null || p.phoneMobile !== null).map((p) => p.id),
    kind: 'person_search',
    actingOrgId: query.org,
    at: c.var.deps.clock(),
  });
  return c.json(page, 200);
};

export const rejoin: AppRouteHandler<typeof routes.rejoin> = async (c) =>
  c.json(await rejoinPerson(c.var.deps, c.var.callerId, c.req.valid('param').memberId, c.req.valid('json').orgId), 201);
