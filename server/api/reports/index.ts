import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const reportsRouter = createRouter()
  .openapi(routes.invoice, handlers.invoice)
  .openapi(routes.cancellation, handlers.cancellation)
  .openapi(routes.paymentRequest, handlers.paymentRequest)
  .openapi(routes.licenceCards, handlers.licenceCards)
  .openapi(routes.coverLetter, handlers.coverLetter)
  .openapi(routes.licencesExport, handlers.licencesExport)
  .openapi(routes.licenceKey, handlers.licenceKey)
  .openapi(routes.licenceStatus, handlers.licenceStatus);
