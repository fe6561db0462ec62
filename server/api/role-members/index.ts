import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const roleMembersRouter = createRouter()
  .openapi(routes.organisations, handlers.organisations)
  .openapi(routes.members, handlers.members);
