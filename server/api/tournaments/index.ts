import { createRouter } from '../../http/context';
import { requireAuth } from '../require-auth';
import * as handlers from './handlers';
import * as routes from './routes';

// The fixed paths (types, referees, tuple) before /tournament/{orgId}.
const router = createRouter()
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
  .openapi(routes.deleteFile, handlers.deleteFile)
  .openapi(routes.calendar, handlers.calendar);
router.openAPIRegistry.registerPath(routes.uploadFileDoc);

export const tournamentsRouter = router.post('/api/v1/tournament/:orgId/files/:id', requireAuth, handlers.uploadFile); // routes.uploadFileDoc
