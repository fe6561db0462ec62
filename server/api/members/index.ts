import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

/** Order matters where a literal segment could be read as an id: search before {orgId}, role/… before {orgId}/{memberId}. */
export const membersRouter = createRouter()
  .openapi(routes.listAll, handlers.listAll)
  .openapi(routes.search, handlers.search)
  .openapi(routes.listRoleHolders, handlers.listRoleHolders)
  .openapi(routes.listOfOrg, handlers.listOfOrg)
  .openapi(routes.summary, handlers.summary)
  .openapi(routes.targetOrgs, handlers.targetOrgs)
  .openapi(routes.roles, handlers.roles)
  .openapi(routes.getOne, handlers.getOne)
  .openapi(routes.duplicates, handlers.duplicates)
  .openapi(routes.addMembership, handlers.addMembership)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update)
  .openapi(routes.endMembership, handlers.endMembership)
  .openapi(routes.remove, handlers.remove);
