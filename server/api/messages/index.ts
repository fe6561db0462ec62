import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

// Fixed paths (…/audience, …/status, /notification/push-key, /notification/subscription) before the ones with {id}.
const router = createRouter()
  .openapi(routes.audience, handlers.audience)
  .openapi(routes.status, handlers.status)
  .openapi(routes.resend, handlers.resend)
  .openapi(routes.deleteImage, handlers.deleteImage)
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.pushKey, handlers.pushKey)
  .openapi(routes.subscribe, handlers.subscribe)
  .openapi(routes.unsubscribe, handlers.unsubscribe)
  .openapi(routes.notificationList, handlers.notificationList)
  .openapi(routes.notificationOne, handlers.notificationOne)
  .openapi(routes.notificationUpdate, handlers.notificationUpdate)
  .openapi(routes.notificationCreate, handlers.notificationCreate);
router.openAPIRegistry.registerPath(routes.uploadDoc);

// under /api/v1/admin/*: createApp has checked the token
export const messagesRouter = router.post('/api/v1/admin/messages/upload/:id', handlers.upload); // routes.uploadDoc
