import { clientIp } from '../../http/client-ip';
import type { AppRouteHandler } from '../../http/context';
import * as auth from '../../services/auth';
import { revokeMemberSessions, revokeSession } from '../../services/sessions';
import type * as routes from './routes';

export const login: AppRouteHandler<typeof routes.login> = async (c) => {
  const deps = c.var.deps;
  return c.json(await auth.login(deps, c.req.valid('json'), clientIp(c, deps.env.trustedProxyIps)), 200);
};

export const getUser: AppRouteHandler<typeof routes.getUser> = async (c) => c.json(await auth.getUser(c.var.deps, c.var.callerId), 200);

export const systemRoles: AppRouteHandler<typeof routes.systemRoles> = async (c) => {
  const list = await auth.systemRoles(c.var.deps, c.var.callerId);
  return c.json(list.map(auth.systemRoleAnswer), 200);
};

export const requestPassword: AppRouteHandler<typeof routes.requestPassword> = async (c) => {
  // Only queued: known and unknown addresses take the same time, and the work (token, mail)
  // happens in the worker, not on this request's path nor right after it.
  await auth.queuePasswordReset(c.var.deps, c.req.valid('param').email);
  return c.json({ ok: true as const }, 200);
};

export const resetPassword: AppRouteHandler<typeof routes.resetPassword> = async (c) => {
  await auth.resetPassword(c.var.deps, c.req.valid('param').token, c.req.valid('json'));
  return c.json({ ok: true as const }, 200);
};

export const updatePassword: AppRouteHandler<typeof routes.updatePassword> = async (c) => {
  await auth.updatePassword(c.var.deps, { memberId: c.var.callerId, sessionId: c.var.sessionId }, c.req.valid('json'));
  return c.json({ ok: true as const }, 200);
};

export const logout: AppRouteHandler<typeof routes.logout> = async (c) => {
  await revokeSession(c.var.deps, c.var.callerId, c.var.sessionId);
  return c.json({ ok: true as const }, 200);
};

export const logoutEverywhere: AppRouteHandler<typeof routes.logoutEverywhere> = async (c) => {
  await revokeMemberSessions(c.var.deps.db, c.var.callerId, c.var.deps.clock());
  return c.json({ ok: true as const }, 200);
};
