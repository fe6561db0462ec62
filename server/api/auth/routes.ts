import { SystemRoleSchema, UserSchema } from '@/lib/schemas/user';
import { createRoute, z } from '@hono/zod-openapi';
import { loginSchema, resetPasswordSchema, updatePasswordSchema } from '@/lib/schemas/auth';
import { HalfSignInSchema, SessionTokenSchema } from '@/lib/schemas/two-factor';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json, OkSchema, publicCall } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/** Sign-in, the signed-in user, system roles and the password flows. */

const tags = ['Session'];
const okContent = json(OkSchema);

const User = UserSchema;
const SystemRole = SystemRoleSchema;

export const login = createRoute({
  method: 'post',
  path: '/api/v1/auth/login',
  operationId: 'login',
  ...access.public,
  ...publicCall,
  tags,
  summary: 'Sign in',
  description:
    'Returns an API token. Unknown address and wrong password answer identically. After 5 failed attempts for one address from one client within 15 minutes → 429 with Retry-After (wrong second-factor codes count too). Whoever holds a second factor, or must enrol one by policy (TWO_FACTOR_REQUIRED_LEVELS), gets a half-signed-in token instead (`pendingToken`), which only the /api/v1/auth/two_factor calls accept.',
  request: { body: { required: true, content: json(loginSchema) } },
  responses: {
    200: {
      description: 'Signed in, or half-signed-in with the second step due',
      content: json(z.union([SessionTokenSchema, HalfSignInSchema])),
    },
    ...errorResponses(400, 401, 422, 429),
  },
});

export const getUser = createRoute({
  method: 'get',
  path: '/api/v1/getUser',
  operationId: 'getUser',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'The signed-in user',
  responses: { 200: { description: 'The user', content: json(User) }, ...errorResponses(401) },
});

export const systemRoles = createRoute({
  method: 'get',
  path: '/api/v1/admin/systemroles',
  operationId: 'listSystemRoles',
  ...access.signedIn,
  tags,
  summary: "The caller's active system roles",
  description:
    'Active assignments (from ≤ today ≤ to) whose function opens a form; funkMgId is the assignment id, orgLevel the level of the organisation (what the member page needs to know before any member is opened).',
  responses: {
    200: { description: 'System roles (empty when none)', content: json(z.array(SystemRole)) },
    ...errorResponses(401),
  },
});

export const requestPassword = createRoute({
  method: 'put',
  path: '/api/v1/auth/request_password/{email}',
  operationId: 'requestPasswordReset',
  ...access.public,
  ...publicCall,
  tags,
  summary: 'Send a password-reset link',
  description: 'Answers the same for known and unknown addresses. The link is valid for 60 minutes and can be used once.',
  request: { params: z.object({ email: z.string().trim().pipe(z.email()) }) },
  responses: { 200: { description: 'Accepted', content: okContent }, ...errorResponses(422) },
});

export const resetPassword = createRoute({
  method: 'put',
  path: '/api/v1/auth/reset_password/{token}',
  operationId: 'resetPassword',
  ...access.public,
  ...publicCall,
  tags,
  summary: 'Set a new password with a reset link',
  description: 'An unknown, used or expired link answers 400 `invalid_token`.',
  request: {
    params: z.object({ token: z.string().meta({ description: 'The token of the link (any other text is simply an unknown link)' }) }),
    body: { required: true, content: json(resetPasswordSchema) },
  },
  responses: { 200: { description: 'Password changed', content: okContent }, ...errorResponses(400, 422) },
});

export const updatePassword = createRoute({
  method: 'put',
  path: '/api/v1/auth/update_password',
  operationId: 'updatePassword',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: "Change the signed-in user's password",
  request: { body: { required: true, content: json(updatePasswordSchema) } },
  responses: {
    200: {
      description: "Password changed. The member's other sessions end; the token used for this call keeps working.",
      content: okContent,
    },
    ...errorResponses(400, 401, 422),
  },
});

export const logout = createRoute({
  method: 'post',
  path: '/api/v1/auth/logout',
  operationId: 'logout',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'Sign out',
  description: "Ends the token's session: the token answers 401 from now on, even before it expires.",
  responses: { 200: { description: 'Signed out', content: okContent }, ...errorResponses(401) },
});

export const logoutEverywhere = createRoute({
  method: 'post',
  path: '/api/v1/auth/logout_everywhere',
  operationId: 'logoutEverywhere',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'Sign out everywhere',
  description: "Ends every session of the signed-in member, this one included: all of the member's tokens answer 401 from now on.",
  responses: { 200: { description: 'All sessions ended', content: okContent }, ...errorResponses(401) },
});
