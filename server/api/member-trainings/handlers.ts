import type { AppRouteHandler } from '../../http/context';
import { addTraining, listTrainingDefinitions, removeTraining, trainingValidity } from '../../services/members/trainings';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json(await listTrainingDefinitions(c.var.deps, c.var.callerId, c.req.valid('query').org), 200);

export const validity: AppRouteHandler<typeof routes.validity> = async (c) =>
  c.json(await trainingValidity(c.var.deps, c.var.callerId, c.req.valid('param').id, c.req.valid('query').date), 200);

export const add: AppRouteHandler<typeof routes.add> = async (c) =>
  c.json(await addTraining(c.var.deps, c.var.callerId, c.req.valid('param').id, c.req.valid('json')), 201);

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  const { memberId, ausbMgId } = c.req.valid('param');
  return c.json(await removeTraining(c.var.deps, c.var.callerId, memberId, ausbMgId, c.req.valid('query').org), 200);
};
