import { createRoute, z } from '@hono/zod-openapi';
import { loginSchema, resetPasswordSchema, updatePasswordSchema } from '@/lib/schemas/auth';
import { SystemRoleSchema, UserSchema } from '@/lib/schemas/user';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { access } from '../http/access-rule';
import { clientIp } from '../http/client-ip';
import { ApiError, errorResponses, validationHook } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { getUser, login, requestPassword, resetPassword, systemRoles, updatePassword } from '../services/auth';
import { revokeMemberSessions, revokeSession } from '../services/sessions';

/** Sign-in, the signed-in user, system roles and the password flows (core §7 "Session and password"). */

const Ok = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
const okContent = { 'application/json': { schema: Ok } };

const User = UserSchema;
const SystemRole = SystemRoleSchema;

const loginRoute = createRoute({
  method: 'post',
  path: '/api/v1/auth/login',
  ...access.public,
  tags: ['Session'],
  summary: 'Sign in',
  description:
    'Returns an API token. Unknown address and wrong password answer identically. After 5 failed attempts for one address from one client within 15 minutes → 429 with Retry-After.',
  request: { body: { required: true, content: { 'application/json': { schema: loginSchema } } } },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: z.object({ jwtToken: z.string() }) } } },
    ...errorResponses(400, 401, 429),
  },
});

const getUserRoute = createRoute({
  method: 'get',
  path: '/api/v1/getUser',
  ...access.signedIn,
  tags: ['Session'],
  summary: 'The signed-in user',
  security: bearerSecurity,
  responses: { 200: { description: 'The user', content: { 'application/json': { schema: User } } }, ...errorResponses(401) },
});

const systemRolesRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/systemroles',
  ...access.signedIn,
  tags: ['Session'],
  summary: "The caller's active system roles",
  description: 'Active assignments (from ≤ today ≤ to) whose function opens a form; funkMgId is the assignment id.',
  security: bearerSecurity,
  responses: {
    200: { description: 'System roles (empty when none)', content: { 'application/json': { schema: z.array(SystemRole) } } },
    ...errorResponses(401),
  },
});

const requestPasswordRoute = createRoute({
  method: 'put',
  path: '/api/v1/auth/request_password/{email}',
  ...access.public,
  tags: ['Session'],
  summary: 'Send a password-reset link',
  description: 'Answers the same for known and unknown addresses. The link is valid for 60 minutes and can be used once.',
  request: { params: z.object({ email: z.string().trim().pipe(z.email()) }) },
  responses: { 200: { description: 'Accepted', content: okContent }, ...errorResponses(400) },
});

const resetPasswordRoute = createRoute({
  method: 'put',
  path: '/api/v1/auth/reset_password/{token}',
  ...access.public,
  tags: ['Session'],
  summary: 'Set a new password with a reset link',
  request: {
    params: z.object({ token: z.string().min(1).max(200) }),
    body: { required: true, content: { 'application/json': { schema: resetPasswordSchema } } },
  },
  responses: { 200: { description: 'Password changed', content: okContent }, ...errorResponses(400, 422) },
});

const updatePasswordRoute = createRoute({
  method: 'put',
  path: '/api/v1/auth/update_password',
  ...access.signedIn,
  tags: ['Session'],
  summary: "Change the signed-in user's password",
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: updatePasswordSchema } } } },
  responses: {
    200: {
      description: "Password changed. The member's other sessions end; the token used for this call keeps working.",
      content: okContent,
    },
    ...errorResponses(400, 401, 422),
  },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/api/v1/auth/logout',
  tags: ['Session'],
  summary: 'Sign out',
  description: "Ends the token's session: the token answers 401 from now on, even before it expires.",
  security: bearerSecurity,
  ...access.signedIn,
  responses: { 200: { description: 'Signed out', content: okContent }, ...errorResponses(401) },
});

const logoutEverywhereRoute = createRoute({
  method: 'post',
  path: '/api/v1/auth/logout_everywhere',
  tags: ['Session'],
  summary: 'Sign out everywhere',
  description: "Ends every session of the signed-in member, this one included: all of the member's tokens answer 401 from now on.",
  security: bearerSecurity,
  ...access.signedIn,
  responses: { 200: { description: 'All sessions ended', content: okContent }, ...errorResponses(401) },
});

export function authRoutes(deps: AppDeps) {
  const router = createRouter();
  const auth = requireAuth(deps);

  router.openapi(loginRoute, async (c) => {
    const jwtToken = await login(deps, c.req.valid('json'), clientIp(c, deps.env.trustedProxyIps));
    return c.json({ jwtToken }, 200);
  });

  guardRoute(router, getUserRoute, auth);
  router.openapi(getUserRoute, async (c) => c.json(await getUser(deps, c.get('memberId')), 200));

  guardRoute(router, systemRolesRoute, auth);
  router.openapi(systemRolesRoute, async (c) => {
    const list = await systemRoles(deps, c.get('memberId'));
    return c.json(list.map(({ funkId, functionName, orgId, funkMgId }) => ({ funkId, functionName, orgId, funkMgId })), 200);
  });

  router.openapi(
    requestPasswordRoute,
    async (c) => {
      // Answered before any lookup: known and unknown addresses take the same time, and the
      // work (token, mail) starts once the answer is on its way, for known addresses only.
      const email = c.req.valid('param').email;
      setImmediate(() => {
        requestPassword(deps, email).catch((err: Error) => console.error(`[auth] password-reset request failed: ${err.message}`));
      });
      return c.json({ ok: true as const }, 200);
    },
    (result) => {
      if (!result.success) throw new ApiError(400, 'invalid_email', 'Not a valid e-mail address', { field: 'email' });
      return undefined;
    },
  );

  router.openapi(
    resetPasswordRoute,
    async (c) => {
      await resetPassword(deps, c.req.valid('param').token, c.req.valid('json'));
      return c.json({ ok: true as const }, 200);
    },
    (result) => {
      // A malformed token is just an unknown token; a weak password or bad address is 422.
      if (!result.success && result.target === 'param') throw new ApiError(400, 'invalid_token', 'The link is invalid or has expired');
      return validationHook(422)(result);
    },
  );

  guardRoute(router, updatePasswordRoute, auth);
  router.openapi(
    updatePasswordRoute,
    async (c) => {
      await updatePassword(deps, { memberId: c.get('memberId'), sessionId: c.get('sessionId') }, c.req.valid('json'));
      return c.json({ ok: true as const }, 200);
    },
    validationHook(422),
  );

  guardRoute(router, logoutRoute, auth);
  router.openapi(logoutRoute, async (c) => {
    await revokeSession(deps, c.get('memberId'), c.get('sessionId'));
    return c.json({ ok: true as const }, 200);
  });

  guardRoute(router, logoutEverywhereRoute, auth);
  router.openapi(logoutEverywhereRoute, async (c) => {
    await revokeMemberSessions(deps.db, c.get('memberId'), deps.clock());
    return c.json({ ok: true as const }, 200);
  });

  return router;
}
