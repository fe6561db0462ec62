import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const inventoryRouter = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update);
