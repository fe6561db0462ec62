import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const orderCategoriesRouter = createRouter().openapi(routes.create, handlers.create).openapi(routes.update, handlers.update);
