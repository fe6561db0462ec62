import type { ZodError } from 'zod';
import { validationError } from './errors';

/**
 * The one validation rule of the API, used by every route as OpenAPIHono's `defaultHook`: a body,
 * query or path value that breaks its schema answers 422 `validation` with the field (dotted path,
 * prefixed by nothing: `surname`, `address.zip`, `orgId`) and an English sentence. A body that is
 * not JSON at all never gets here: the validator refuses it with 400 `malformed_json` (errors.ts).
 *
 * The shared schemas in lib/schemas name their failures with the admin app's message keys
 * (`required`, `invalidDate` …); such a key is passed on as `rule`, so the app can show its own
 * text, while `message` stays a sentence for people and logs.
 */

export function validationHook(result: { success: true } | { success: false; error: ZodError }): undefined {
  if (!result.success) throw validationError(result.error);
  return undefined;
}
