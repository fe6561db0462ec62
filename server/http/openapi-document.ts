import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';

/**
 * The OpenAPI document's frame: every operation needs the bearer token unless it says
 * `security: []` (sign-in, password reset); every operation that reads the database may answer
 * 503 while it is unreachable (the shared `Unavailable` response, added to each operation by
 * errorResponses).
 */

export const OPENAPI_PATH = '/api/openapi.json';

export const documentConfig = {
  openapi: '3.1.0',
  info: {
    title: 'Federation API',
    version: '1.0.0',
    description:
      'REST API of the federation administration system. Every failure answers `{ "error": { "code", "message", "field"?, "value"?, "rule"? } }`: `message` is an English sentence for people and logs, `code` (with `field`, `value`, `rule`) is what clients map to their texts. Status codes, the same for every operation: a body that is not JSON 400 `malformed_json`; a body, query or path value that breaks its schema 422 `validation` with `field`; a well-formed id that names nothing 404.',
    license: { name: 'Proprietary', url: 'https://example.org/license' },
  },
  servers: [{ url: '/', description: 'This API, as served (the admin app proxies /api/* to it)' }],
  security: [{ bearerAuth: [] as string[] }],
};

/** The document as served at OPENAPI_PATH (and dumped by scripts/openapi-dump.ts). */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  return withCommonResponses(app.getOpenAPI31Document(documentConfig) as unknown as Document);
}

/** Registers what the operations refer to: the bearer scheme and the shared 503 response. */
export function registerDocumentComponents(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The jwtToken from POST /api/v1/auth/login',
  });
  app.openAPIRegistry.registerComponent('responses', 'Unavailable', {
    description: 'The database is unreachable; try again after the seconds in Retry-After',
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
}

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: Array<{ in: string }>;
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, unknown>;
};
type Document = { security?: unknown[]; paths?: Record<string, Record<string, Operation>> };

/** Operations that answer before touching the database (the password-reset request). */
const WITHOUT_DATABASE = new Set(['requestPasswordReset']);

const errorRef = { $ref: '#/components/schemas/Error' };
const ruleResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });

/**
 * Adds to each operation the answers the API's common rules give it, so that every status code an
 * operation can answer is in the document without repeating the rule in every route definition:
 * a JSON body → 400 (not JSON), 413 (over 1 MB) and 422; a path or query parameter → 422; a
 * bearer token → 401; the database → 503. Answers a route declares itself are kept.
 */
export function withCommonResponses<D extends Document>(doc: D): D {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations)) {
      const add = (status: string, response: unknown) => {
        op.responses[status] ??= response;
      };
      const security = op.security ?? doc.security ?? [];
      if (security.length > 0) add('401', ruleResponse('Missing, forged or expired token'));
      if (op.requestBody?.content?.['application/json']) {
        add('400', ruleResponse('The body is not JSON (`malformed_json`)'));
        add('413', ruleResponse('The body is larger than 1 MB'));
      }
      if (op.requestBody || (op.parameters?.length ?? 0) > 0)
        add('422', ruleResponse('A body, query or path value breaks its schema (`validation`, with `field`)'));
      if (!WITHOUT_DATABASE.has(op.operationId ?? '')) add('503', { $ref: '#/components/responses/Unavailable' });
    }
  }
  return doc;
}
