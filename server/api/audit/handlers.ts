import type { AppRouteHandler } from '../../http/context';
import { listAudit } from '../../services/audit';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json(await listAudit(c.var.deps, c.var.callerId, c.req.valid('query')), 200);
