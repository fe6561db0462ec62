import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

// /news/menu/{org} before /news/{org}.
export const newsRouter = createRouter()
  .openapi(routes.menu, handlers.menu)
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.categories, handlers.categories)
  .openapi(routes.createCategory, handlers.createCategory)
  .openapi(routes.deleteCategory, handlers.deleteCategory)
  .openapi(routes.publicNews, handlers.publicNews)
  .openapi(routes.inventoryList, handlers.inventoryList)
  .openapi(routes.inventoryCreate, handlers.inventoryCreate)
  .openapi(routes.inventoryUpdate, handlers.inventoryUpdate);
