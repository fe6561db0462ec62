import type { AppRouteHandler } from '../../http/context';
import { rejoin as rejoinPerson, searchPersons } from '../../services/persons/person-search';
import type * as routes from './routes';

export const search: AppRouteHandler<typeof routes.search> = async (c) =>
  c.json(await searchPersons(c.var.deps, c.var.callerId, c.req.valid('query')), 200);

export const rejoin: AppRouteHandler<typeof routes.rejoin> = async (c) =>
  c.json(await rejoinPerson(c.var.deps, c.var.callerId, c.req.valid('param').memberId, c.req.valid('json').orgId), 201);
