import { stream } from 'hono/streaming';
import type { AppRouteHandler } from '../../http/context';
import { exportFileName, prepareMembersExport } from '../../services/members/member-export';
import type * as routes from './routes';

export const exportCsv: AppRouteHandler<typeof routes.exportCsv> = async (c) => {
  const query = c.req.valid('query');
  const writeCsv = await prepareMembersExport(c.var.deps, c.var.callerId, c.req.valid('param').orgId, query);
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${exportFileName(query.lang)}"`);
  c.header('cache-control', 'no-store');
  return stream(
    c,
    (s) => writeCsv((chunk) => s.write(chunk).then(() => undefined)),
    async (error) => {
      // headers are sent: the client sees a cut-off file, the log says why
      console.error('[members export] aborted:', error instanceof Error ? error.message : error);
    },
  );
};
