import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const publicFeedRouter = createRouter().openapi(routes.feed, handlers.feed);
