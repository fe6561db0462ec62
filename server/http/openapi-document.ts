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
