import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

const router = createRouter().openapi(routes.undo, handlers.undo);
router.openAPIRegistry.registerPath(routes.importDoc);

// under /api/v1/admin/*: createApp has checked the token
export const memberImportRouter = router.post('/api/v1/admin/members/:orgId/import', handlers.importFile); // routes.importDoc
