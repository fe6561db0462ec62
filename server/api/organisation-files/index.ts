import { createRouter } from '../../http/context';
import { requireAuth } from '../require-auth';
import * as handlers from './handlers';
import * as routes from './routes';

const router = createRouter()
  .openapi(routes.getImage, handlers.getImage)
  .openapi(routes.download, handlers.download)
  .openapi(routes.deleteDocument, handlers.deleteDocument);
router.openAPIRegistry.registerPath(routes.uploadImageDoc);
router.openAPIRegistry.registerPath(routes.uploadDocumentDoc);

export const organisationFilesRouter = router
  .post('/api/v1/org/image/:id', requireAuth, handlers.uploadImage) // routes.uploadImageDoc
  // under /api/v1/admin/*: createApp has checked the token
  .post('/api/v1/admin/org/:orgId/documents', handlers.uploadDocument); // routes.uploadDocumentDoc
