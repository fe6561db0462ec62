import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const memberFunctionsRouter = createRouter().openapi(routes.catalogue, handlers.catalogue).openapi(routes.save, handlers.save);
