import { createRouter } from '../../http/context';
import * as handlers from './handlers';
import * as routes from './routes';

export const twoFactorRouter = createRouter()
  .openapi(routes.signInTotp, handlers.signInTotp)
  .openapi(routes.signInRecovery, handlers.signInRecovery)
  .openapi(routes.signInPasskeyOptions, handlers.signInPasskeyOptions)
  .openapi(routes.signInPasskey, handlers.signInPasskey)
  .openapi(routes.passwordlessOptions, handlers.passwordlessOptions)
  .openapi(routes.passwordlessSignIn, handlers.passwordlessSignIn)
  .openapi(routes.status, handlers.status)
  .openapi(routes.enrolTotp, handlers.enrolTotp)
  .openapi(routes.confirmTotp, handlers.confirmTotp)
  .openapi(routes.passkeyRegistrationOptions, handlers.passkeyRegistrationOptions)
  .openapi(routes.registerPasskey, handlers.registerPasskey)
  .openapi(routes.removeTotp, handlers.removeTotp)
  .openapi(routes.renamePasskey, handlers.renamePasskey)
  .openapi(routes.removePasskey, handlers.removePasskey)
  .openapi(routes.regenerateRecoveryCodes, handlers.regenerateRecoveryCodes)
  .openapi(routes.resetMemberFactors, handlers.resetMemberFactors);
