import { z } from '@hono/zod-openapi';
import { idText } from '@/lib/schemas/common';
import { validationError } from './errors';

/** Pieces every route definition under server/api shares. */

/** A JSON request or response body of `schema`. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/**
 * An id in the path (or query): digits only, 1 … 2³¹−1 — `0x3ff`, `1e3`, ` 1023` and `-1` are
 * refused with 422 like any other invalid value; an id that is well-formed but names nothing is 404.
 */
export const idParam = (description?: string) => (description ? idText.meta({ description }) : idText);

/** Path parameters, one name per kind: an organisation is always `orgId`, a member `memberId`. */
export const orgIdParam = idParam('Organisation id');
export const memberIdParam = idParam('Member id');

/** Bytes of a file in a response or upload. */
export const binary = z.string().meta({ format: 'binary' });

/** `{ ok: true }`: the answer of calls that only confirm. */
export const OkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** Calls that need no token: they override the document's global bearer requirement. */
export const publicCall = { security: [] as Array<Record<string, string[]>> };

/**
 * A path or query value of a hand-written route (the streamed uploads), checked like the
 * validated routes check theirs: 422 `validation` naming `name`.
 */
export function checked<T extends z.ZodType>(schema: T, name: string, raw: string | undefined): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw validationError(new z.ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: [name, ...issue.path] }))));
}

/** The whole query of a hand-written route, checked the same way: 422 `validation` naming the parameter. */
export function checkedQuery<T extends z.ZodType>(schema: T, raw: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error);
}
