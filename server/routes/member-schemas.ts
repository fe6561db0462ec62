import { z } from '@hono/zod-openapi';
import { idText } from '@/lib/schemas/common';
import { validationHook } from '../http/errors';

/** What the member routes share besides the answer shapes (those are in lib/schemas/member-responses.ts). */

/** A JSON request or response body of `schema`. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** Path ids: digits only, 1 … 2³¹−1 (lib/schemas/common.ts). */
export const idParam = idText;

/** Bodies that break a rule are 422, malformed paths and queries 400 (both `validation` with the field). */
export const bodyIs422 = (result: { success: true; target?: string } | { success: false; error: import('zod').ZodError; target?: string }) => {
  if (result.success) return undefined;
  return validationHook(result.target === 'json' ? 422 : 400)(result);
};
