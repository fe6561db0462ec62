import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const personsRouter = createRouter().openapi(routes.search, handlers.search).openapi(routes.rejoin, handlers.rejoin);
