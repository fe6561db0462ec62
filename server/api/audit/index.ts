import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const auditRouter = createRouter().openapi(routes.list, handlers.list);
