import type { Context } from 'hono';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { erasePerson } from '../../services/privacy/erasure';
import { exportOwnData, exportPersonData, type ExportFile } from '../../services/privacy/person-export';
import { findPersonsForOfficer, personForOfficer } from '../../services/privacy/officer-persons';
import { personReadTrail } from '../../services/privacy/read-trail';
import type * as routes from './routes';

function send(c: Context<AppEnv>, f: ExportFile) {
  return c.body(f.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': f.contentType,
    'Content-Disposition': `attachment; filename="${f.fileName}"`,
    'Content-Length': String(f.bytes.length),
  });
}

export const exportMember: AppRouteHandler<typeof routes.exportMember> = async (c) =>
  send(c, await exportPersonData(c.var.deps, c.var.callerId, c.req.valid('param').memberId, c.req.valid('query').format)) as never;

export const exportOwn: AppRouteHandler<typeof routes.exportOwn> = async (c) =>
  send(c, await exportOwnData(c.var.deps, c.var.callerId, c.req.valid('query').format)) as never;

export const erase: AppRouteHandler<typeof routes.erase> = async (c) =>
  c.json(await erasePerson(c.var.deps, c.var.callerId, c.req.valid('param').memberId, c.req.valid('json').dryRun), 200);

export const reads: AppRouteHandler<typeof routes.reads> = async (c) => {
  const { page, size } = c.req.valid('query');
  return c.json(await personReadTrail(c.var.deps, c.var.callerId, c.req.valid('param').memberId, page, size), 200);
};

export const officerPersons: AppRouteHandler<typeof routes.officerPersons> = async (c) =>
  c.json(await findPersonsForOfficer(c.var.deps, c.var.callerId, c.req.valid('query')), 200);

export const officerPerson: AppRouteHandler<typeof routes.officerPerson> = async (c) =>
  c.json(await personForOfficer(c.var.deps, c.var.callerId, c.req.valid('param').memberId), 200);
