/**
 * The federation API answers every failure with
 * `{ "error": { "code", "message", "field"?, "value"? } }`. ApiError carries that body
 * through lib/api so actions can map the code to the specification's texts.
 */
export interface ApiErrorBody {
  code: string;
  message: string;
  field?: string;
  value?: unknown;
  /** With code `validation`: the rule the value broke, as a message key (`required`, `invalidDate` …). */
  rule?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly value?: unknown;
  readonly rule?: string;

  constructor(status: number, body: Partial<ApiErrorBody> = {}) {
    super(body.message || body.code || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code || (status === 0 ? 'network' : `http_${status}`);
    this.field = body.field;
    this.value = body.value;
    this.rule = body.rule;
  }
}

/** Reads the error shape from a failed response; a body that is not the shape keeps only the status. */
export async function apiErrorFromResponse(response: { status: number; json(): Promise<unknown> }): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    const parsed = (await response.json()) as { error?: Partial<ApiErrorBody> };
    if (parsed && typeof parsed.error === 'object' && parsed.error) body = parsed.error;
  } catch {
    // not JSON: the status alone has to do
  }
  return new ApiError(response.status, body);
}

/** The JSON error body this app itself answers with (e.g. the proxy's own refusals). */
export function errorResponse(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}

/**
 * Message key (in the `errors` namespace) for an API error a screen has no more specific text for.
 */
export function errorMessageKey(error: ApiError): string {
  switch (error.status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 409:
      return 'conflict';
    case 413:
      return 'tooLarge';
    case 415:
      return 'unsupportedType';
    case 400:
    case 422:
      return 'validation';
    case 429:
      return 'rateLimited';
    // the API (503: its database) or the way to it is down for the moment
    case 502:
    case 503:
    case 504:
      return 'unavailable';
    default:
      return 'generic';
  }
}
