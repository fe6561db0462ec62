import { createRouter } from '../../http/context';
import { requireAuth } from '../../http/require-auth';
import * as handlers from './handlers';
import * as routes from './routes';

const router = createRouter().openapi(routes.getImage, handlers.getImage);
router.openAPIRegistry.registerPath(routes.uploadImageDoc);
export const profileRouter = router.post(routes.UPLOAD_PATH.replace('{id}', ':id'), requireAuth, handlers.uploadImage);
