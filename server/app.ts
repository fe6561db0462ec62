import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Db } from './db/client';
import type { Env } from './env';
import { createRouter, type AppDeps } from './http/context';
import { ApiError, handleError, handleNotFound } from './http/errors';
import { databaseUnavailableResponse } from './http/database-unavailable';
import type { Mailer } from './mail/mailer';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { countryRoutes } from './routes/countries';
import { organisationRoutes } from './routes/organisations';
import { docsRoutes } from './routes/docs';
import { memberRoutes } from './routes/members';
import { profileRoutes } from './routes/profile';
import { LoginRateLimiter } from './services/login-rate-limit';
import { refuseNulCharacters } from './http/refuse-nul';

/**
 * The federation API as a Hono app, independent of how it is served: server/index.ts runs it
 * with @hono/node-server, tests call `app.request()` in-process with their own db, env, mailer
 * and clock.
 */

export type CreateAppOptions = { db: Db; env: Env; mailer: Mailer; clock?: () => Date };

/** JSON bodies are small; uploads are multipart and capped by their own streaming check. */
const JSON_BODY_LIMIT = 1024 * 1024;

export function createApp(options: CreateAppOptions) {
  const clock = options.clock ?? (() => new Date());
  const deps: AppDeps = {
    db: options.db,
    env: options.env,
    mailer: options.mailer,
    clock,
    loginRateLimiter: new LoginRateLimiter(options.db, clock),
  };

  const app = createRouter();
  app.onError((err, c) => databaseUnavailableResponse(err, c) ?? handleError(err, c));
  app.notFound(handleNotFound);

  // nosniff, no framing, no referrer, no X-Powered-By. HSTS is the business of whoever terminates
  // TLS (the admin app or the reverse proxy); the API itself listens on plain HTTP.
  app.use('/api/*', secureHeaders({ strictTransportSecurity: false, xFrameOptions: 'DENY' }));
  // Answers of the REST contract carry personal data: no browser or proxy may keep them. A handler
  // that serves something public says so with its own `Cache-Control: public …`.
  app.use('/api/:version{v[0-9]+}/*', async (c, next) => {
    await next();
    if (!/^\s*public\b/i.test(c.res.headers.get('cache-control') ?? '')) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.use('/api/*', async (c, next) => {
    if (/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new ApiError(413, 'too_large', 'The request body is too large');
      },
    })(c, next);
  });

  app.use('/api/*', refuseNulCharacters);

  app.get('/api/health', (c) => c.json({ ok: true }));

  app.route('/', authRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', countryRoutes(deps));
  app.route('/', organisationRoutes(deps));
  app.route('/', memberRoutes(deps));
  app.route('/', auditRoutes(deps));
  app.route('/', docsRoutes());

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The jwtToken from POST /api/v1/auth/login',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Federation API',
      version: '1.0.0',
      description:
        'REST API of the federation administration system. Every failure answers `{ "error": { "code", "message", "field"?, "value"? } }`.',
    },
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
