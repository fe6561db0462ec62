import type { AppRouteHandler } from '../../http/context';
import { listCountries } from '../../services/countries/countries';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) => c.json(await listCountries(c.var.deps), 200);
