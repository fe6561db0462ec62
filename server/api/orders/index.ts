import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

// Fixed words (categories, report, persons, offers, items) before the id patterns they would match.
export const ordersRouter = createRouter()
  .openapi(routes.listCategories, handlers.listCategories)
  .openapi(routes.report, handlers.report)
  .openapi(routes.reportCsv, handlers.reportCsv)
  .openapi(routes.persons, handlers.persons)
  .openapi(routes.offers, handlers.offers)
  .openapi(routes.getItems, handlers.getItems)
  .openapi(routes.listOrgOrders, handlers.listOrgOrders)
  .openapi(routes.getOrder, handlers.getOrder)
  .openapi(routes.create, handlers.create)
  .openapi(routes.decide, handlers.decide)
  .openapi(routes.comment, handlers.comment)
  .openapi(routes.addMembers, handlers.addMembers)
  .openapi(routes.removeMembers, handlers.removeMembers)
  .openapi(routes.listOverseen, handlers.listOverseen);
