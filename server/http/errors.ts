import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z, type ZodError } from 'zod';
import { refusalOf } from '../db/db-errors';

/**
 * The one error shape of the API:
 * `{ error: { code, message, field?, value? } }`. Every failure goes through here, whether it
 * is thrown by a service, refused by zod validation, raised by Hono itself or unexpected.
 */

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export type ErrorBody = {
  error: { code: string; message: string; field?: string; value?: unknown; rule?: string };
};

export class ApiError extends Error {
  constructor(
    public readonly status: ErrorStatus,
    public readonly code: string,
    message: string,
    public readonly details: { field?: string; value?: unknown; rule?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    // A message that is only a message key (`required`, `invalidUpdatedAt`) becomes `rule`, and
    // the message a sentence: clients map code/field/rule, people and logs read the message.
    const keyOnly = MESSAGE_KEY.test(this.message);
    const rule = this.details.rule ?? (keyOnly ? this.message : undefined);
    const message = keyOnly ? keySentence(this.message, this.details.field) : this.message;
    const body: ErrorBody = { error: { code: this.code, message } };
    if (this.details.field !== undefined) body.error.field = this.details.field;
    if (this.details.value !== undefined) body.error.value = this.details.value;
    if (rule !== undefined) body.error.rule = rule;
    return body;
  }
}

export const unauthorized = (message = 'Sign-in required or the token is invalid or expired') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') => new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);

export function errorResponse(c: Context, err: ApiError): Response {
  for (const [name, value] of Object.entries(err.details.headers ?? {})) c.header(name, value);
  // A refused body may still be on its way: keep-alive would leave the next request on this
  // connection stuck behind it, so the connection ends after the answer.
  if (err.status === 413) c.header('Connection', 'close');
  return c.json(err.toBody(), err.status as ContentfulStatusCode);
}

const HTTP_EXCEPTION_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'too_large',
  415: 'unsupported_media_type',
};

/**
 * An error as the log may show it. A failed statement is logged with its SQL and the database's
 * own message, never with its parameters (drizzle puts them into the message: they are request
 * data, such as e-mail addresses, password hashes, home addresses); request bodies are never logged.
 */
export function loggable(err: unknown): unknown {
  const failed = err as { query?: unknown; params?: unknown; cause?: unknown; stack?: string };
  if (!(err instanceof Error) || typeof failed.query !== 'string' || !('params' in failed)) return err;
  const cause = failed.cause instanceof Error ? failed.cause : undefined;
  const safe = new Error(`Failed query: ${failed.query}${cause ? `\ndatabase: ${cause.message}` : ''}`);
  const frames = (failed.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`Error: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/** The message of `loggable(err)`, for one-line logs. */
export function loggableMessage(err: unknown): string {
  const safe = loggable(err);
  return safe instanceof Error ? safe.message : String(safe);
}

/** app.onError: known errors keep their status and code; anything else is a logged 500. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status;
    // hono's JSON validator: the body is not JSON at all
    if (status === 400 && /^Malformed JSON/.test(err.message)) {
      return errorResponse(c, new ApiError(400, 'malformed_json', 'The request body is not valid JSON'));
    }
    const code = HTTP_EXCEPTION_CODES[status] ?? 'http_error';
    return c.json({ error: { code, message: err.message || code } } satisfies ErrorBody, status);
  }
  const refusal = refusalOf(err);
  if (refusal) {
    console.warn(`[api] ${c.req.method} ${c.req.path} refused by the database (${refusal.code}):`, loggableMessage(err));
    return errorResponse(c, new ApiError(refusal.status, refusal.code, refusal.message));
  }
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, loggable(err));
  return c.json({ error: { code: 'internal', message: 'Something went wrong' } } satisfies ErrorBody, 500);
}

/** app.notFound: unknown routes answer in the same shape. */
export function handleNotFound(c: Context): Response {
  return c.json({ error: { code: 'not_found', message: `No route ${c.req.method} ${c.req.path}` } } satisfies ErrorBody, 404);
}

/*
 * Validation failures (see validation-hook.ts): the shared schemas in lib/schemas name their
 * failures with the admin app's message keys (`required`, `invalidDate` …); such a key is passed
 * on as `rule`, so the app can show its own text, while `message` stays a sentence for people and logs.
 */
type Issue = ZodError['issues'][number];

/** A message key of the admin app (`required`, `invalidDate`), not a sentence. */
const MESSAGE_KEY = /^[A-Za-z][A-Za-z0-9_.]*$/;

/** The English sentence for a failure named only by its key. */
function keySentence(key: string, field: string | undefined): string {
  const subject = field ? `'${field}'` : 'The request';
  if (key === 'required') return `${subject} is required`;
  return `${subject} is invalid (${key})`;
}

function sentence(issue: Issue, field: string | undefined): { message: string; rule?: string } {
  if (MESSAGE_KEY.test(issue.message)) return { message: keySentence(issue.message, field), rule: issue.message };
  const subject = field ? `'${field}'` : 'The request';
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
    return { message: `${subject} is required`, rule: 'required' };
  return { message: `${subject}: ${issue.message.replace(/^Invalid input: /, '')}` };
}

/** The first zod issue as `422 validation` (or another status/code a caller names). */
export function validationError(error: ZodError, status: 400 | 422 = 422, code = 'validation'): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
  if (!issue) return new ApiError(status, code, 'The request is invalid');
  const { message, rule } = sentence(issue, field);
  return new ApiError(status, code, message, { field, rule });
}

/** OpenAPI description of the error body, shared by every route definition. */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'unauthorized' }),
      message: z.string(),
      field: z.string().optional(),
      value: z.unknown().optional(),
      rule: z
        .string()
        .optional()
        .meta({ description: 'The rule the value broke, as a message key of the admin app (`required`, `invalidDate` …)' }),
    }),
  })
  .meta({ id: 'Error' });

const errorContent = { 'application/json': { schema: ErrorSchema } };

/** `responses` entries for the usual failures, e.g. `...errorResponses(401, 422)`. */
export function errorResponses(...statuses: ErrorStatus[]) {
  const descriptions: Record<ErrorStatus, string> = {
    400: 'Bad input',
    401: 'Missing, forged or expired token',
    403: 'Not allowed',
    404: 'Not found',
    409: 'Conflict or stale data',
    413: 'Too large',
    415: 'Unsupported type',
    422: 'Input breaks a rule',
    429: 'Too many attempts',
    500: 'Unexpected failure',
    503: 'The database is unreachable; try again after Retry-After seconds',
  };
  return Object.fromEntries(statuses.map((s) => [s, { description: descriptions[s], content: errorContent }]));
}
