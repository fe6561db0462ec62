import type { Context } from 'hono';
import { memberImportQuerySchema } from '@/lib/schemas/member-import';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { checked, checkedQuery, orgIdParam } from '../../http/route-parts';
import { importMembers } from '../../services/member-import/member-import';
import { undoImport } from '../../services/member-import/undo-import';
import type * as routes from './routes';

/** Streamed upload (see routes.ts importDoc). */
export async function importFile(c: Context<AppEnv>) {
  const orgId = checked(orgIdParam, 'orgId', c.req.param('orgId'));
  const query = checkedQuery(memberImportQuerySchema, c.req.query());
  const result = await importMembers(c.var.deps, c.var.callerId, orgId, c.req.raw, query);
  if ('csv' in result) {
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="${query.lang === 'en' ? 'import-check.csv' : 'import-pruefung.csv'}"`);
    return c.body(result.csv, 200);
  }
  if ('dryRun' in result) return c.json(result.dryRun, 200);
  return c.json(result.imported, 201);
}

export const undo: AppRouteHandler<typeof routes.undo> = async (c) =>
  c.json(await undoImport(c.var.deps, c.var.callerId, c.req.valid('param').importId.toLowerCase()), 200);
