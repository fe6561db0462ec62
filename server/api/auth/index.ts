import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const authRouter = createRouter()
  .openapi(routes.login, handlers.login)
  .openapi(routes.getUser, handlers.getUser)
  .openapi(routes.systemRoles, handlers.systemRoles)
  .openapi(routes.requestPassword, handlers.requestPassword)
  .openapi(routes.resetPassword, handlers.resetPassword)
  .openapi(routes.updatePassword, handlers.updatePassword)
  .openapi(routes.logout, handlers.logout)
  .openapi(routes.logoutEverywhere, handlers.logoutEverywhere);
