import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const memberMergeRouter = createRouter()
  .openapi(routes.merge, handlers.merge)
  .openapi(routes.undo, handlers.undo)
  .openapi(routes.report, handlers.report)
  .openapi(routes.dismiss, handlers.dismiss);
