import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const memberTrainingsRouter = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.validity, handlers.validity)
  .openapi(routes.add, handlers.add)
  .openapi(routes.remove, handlers.remove);
