import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const rolesRouter = createRouter()
  .openapi(routes.roleGroups, handlers.roleGroups)
  .openapi(routes.roleList, handlers.roleList)
  .openapi(routes.createRole, handlers.createRole)
  .openapi(routes.updateRole, handlers.updateRole)
  .openapi(routes.assign, handlers.assign)
  .openapi(routes.undo, handlers.undo);
