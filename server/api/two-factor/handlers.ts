import { clientIp } from '../../http/client-ip';
import type { AppRouteHandler } from '../../http/context';
import * as passkeys from '../../services/two-factor/passkeys';
import { regenerateRecoveryCodes as regenerate, signInWithRecoveryCode } from '../../services/two-factor/recovery-codes';
import { resetSecondFactor } from '../../services/two-factor/reset';
import { twoFactorStatus } from '../../services/two-factor/status';
import * as totp from '../../services/two-factor/totp';
import type * as routes from './routes';

// The guards (server/api/require-auth.ts) set halfSignIn for a half-signed-in caller; the
// second-step routes accept nobody else.
const halfOf = (c: { var: { halfSignIn?: import('../../services/two-factor/half-sign-in').HalfSignIn } }) => {
  const half = c.var.halfSignIn;
  if (!half) throw new Error('second-step route without its guard');
  return half;
};

export const signInTotp: AppRouteHandler<typeof routes.signInTotp> = async (c) =>
  c.json({ jwtToken: await totp.signInWithTotp(c.var.deps, halfOf(c), c.req.valid('json').code) }, 200);

export const signInRecovery: AppRouteHandler<typeof routes.signInRecovery> = async (c) =>
  c.json(await signInWithRecoveryCode(c.var.deps, halfOf(c), c.req.valid('json').code), 200);

export const signInPasskeyOptions: AppRouteHandler<typeof routes.signInPasskeyOptions> = async (c) =>
  c.json(await passkeys.secondFactorOptions(c.var.deps, halfOf(c)), 200);

export const signInPasskey: AppRouteHandler<typeof routes.signInPasskey> = async (c) =>
  c.json({ jwtToken: await passkeys.signInWithPasskey(c.var.deps, halfOf(c), c.req.valid('json')) }, 200);

export const passwordlessOptions: AppRouteHandler<typeof routes.passwordlessOptions> = async (c) =>
  c.json(await passkeys.passwordlessOptions(c.var.deps, clientIp(c, c.var.deps.env.trustedProxyIps)), 200);

export const passwordlessSignIn: AppRouteHandler<typeof routes.passwordlessSignIn> = async (c) =>
  c.json({ jwtToken: await passkeys.signInPasswordless(c.var.deps, c.req.valid('json')) }, 200);

export const status: AppRouteHandler<typeof routes.status> = async (c) => c.json(await twoFactorStatus(c.var.deps, c.var.callerId), 200);

export const enrolTotp: AppRouteHandler<typeof routes.enrolTotp> = async (c) =>
  c.json(await totp.enrolTotp(c.var.deps, c.var.callerId), 200);

export const confirmTotp: AppRouteHandler<typeof routes.confirmTotp> = async (c) =>
  c.json(await totp.confirmTotp(c.var.deps, c.var.callerId, c.req.valid('json').code, c.var.halfSignIn), 200);

export const passkeyRegistrationOptions: AppRouteHandler<typeof routes.passkeyRegistrationOptions> = async (c) =>
  c.json(await passkeys.registrationOptions(c.var.deps, c.var.callerId), 200);

export const registerPasskey: AppRouteHandler<typeof routes.registerPasskey> = async (c) =>
  c.json(await passkeys.registerPasskey(c.var.deps, c.var.callerId, c.req.valid('json'), c.var.halfSignIn), 200);

export const removeTotp: AppRouteHandler<typeof routes.removeTotp> = async (c) => {
  await totp.removeTotp(c.var.deps, c.var.callerId);
  return c.json({ ok: true as const }, 200);
};

export const renamePasskey: AppRouteHandler<typeof routes.renamePasskey> = async (c) =>
  c.json(await passkeys.renamePasskey(c.var.deps, c.var.callerId, c.req.valid('param').id, c.req.valid('json').name), 200);

export const removePasskey: AppRouteHandler<typeof routes.removePasskey> = async (c) => {
  await passkeys.removePasskey(c.var.deps, c.var.callerId, c.req.valid('param').id);
  return c.json({ ok: true as const }, 200);
};

export const regenerateRecoveryCodes: AppRouteHandler<typeof routes.regenerateRecoveryCodes> = async (c) =>
  c.json({ recoveryCodes: await regenerate(c.var.deps, c.var.callerId) }, 200);

export const resetMemberFactors: AppRouteHandler<typeof routes.resetMemberFactors> = async (c) =>
  c.json(await resetSecondFactor(c.var.deps, c.var.callerId, Number(c.req.valid('param').memberId)), 200);
