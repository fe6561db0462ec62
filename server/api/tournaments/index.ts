import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

// The fixed paths (types, referees, tuple) before /tournament/{orgId}.
export const tournamentsRouter = createRouter()
  .openapi(routes.types, handlers.types)
  .openapi(routes.referees, handlers.referees)
  .openapi(routes.tuple, handlers.tuple)
  .openapi(routes.list, handlers.list)
  .openapi(routes.exportCsv, handlers.exportCsv)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update)
  .openapi(routes.approve, handlers.approve)
  .openapi(routes.cancel, handlers.cancel)
  .openapi(routes.payed, handlers.payed)
  .openapi(routes.comment, handlers.comment)
  .openapi(routes.calendar, handlers.calendar);
