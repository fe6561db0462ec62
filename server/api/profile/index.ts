import { createRouter } from '../../http/context';
import { requireAuth } from '../require-auth';
import * as handlers from './handlers';
import * as routes from './routes';

const router = createRouter().openapi(routes.getImage, handlers.getImage);
// documented by routes.uploadImageDoc (same path)
router.openAPIRegistry.registerPath(routes.uploadImageDoc);
export const profileRouter = router.post('/api/v1/profile/image/:id', requireAuth, handlers.uploadImage);
