import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const memberExportRouter = createRouter().openapi(routes.exportCsv, handlers.exportCsv);
