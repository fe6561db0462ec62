import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const organisationsRouter = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.getOne, handlers.getOne)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update)
  .openapi(routes.savePlace, handlers.savePlace)
  .openapi(routes.deletePlace, handlers.deletePlace);
