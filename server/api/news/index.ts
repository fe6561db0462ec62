import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

// /news/menu/{orgId} and /news/gallery/{id} before /news/{orgId}.
const router = createRouter()
  .openapi(routes.menu, handlers.menu)
  .openapi(routes.gallery, handlers.gallery)
  .openapi(routes.featured, handlers.featured)
  .openapi(routes.deleteImage, handlers.deleteImage)
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove);
router.openAPIRegistry.registerPath(routes.uploadDoc);

// under /api/v1/admin/*: createApp has checked the token
export const newsRouter = router.post('/api/v1/admin/news/upload/:id', handlers.upload); // routes.uploadDoc
