import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const privacyRouter = createRouter()
  .openapi(routes.exportMember, handlers.exportMember)
  .openapi(routes.exportOwn, handlers.exportOwn)
  .openapi(routes.erase, handlers.erase)
  .openapi(routes.reads, handlers.reads)
  .openapi(routes.officerPersons, handlers.officerPersons)
  .openapi(routes.officerPerson, handlers.officerPerson);
