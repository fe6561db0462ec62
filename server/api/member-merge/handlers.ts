import type { AppRouteHandler } from '../../http/context';
import { ApiError } from '../../http/errors';
import { dismissPair, duplicateReport } from '../../services/members/duplicate-report';
import { mergeMembers } from '../../services/members/member-merge';
import { undoMerge } from '../../services/members/member-merge-undo';
import type * as routes from './routes';

export const merge: AppRouteHandler<typeof routes.merge> = async (c) =>
  c.json(await mergeMembers(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const undo: AppRouteHandler<typeof routes.undo> = async (c) =>
  c.json(await undoMerge(c.var.deps, c.var.callerId, c.req.valid('param').mergeId), 200);

export const report: AppRouteHandler<typeof routes.report> = async (c) =>
  c.json(await duplicateReport(c.var.deps, c.var.callerId, c.req.valid('query')), 200);

export const dismiss: AppRouteHandler<typeof routes.dismiss> = async (c) => {
  const { aId, bId } = c.req.valid('json');
  if (aId === bId) throw new ApiError(422, 'validation', 'A pair needs two records', { field: 'bId' });
  return c.json(await dismissPair(c.var.deps, c.var.callerId, aId, bId), 200);
};
