import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Db } from './db/client';
import type { Env } from './env';
import { auditRouter } from './api/audit';
import { authRouter } from './api/auth';
import { twoFactorRouter } from './api/two-factor';
import { countriesRouter } from './api/countries';
import { docsRouter } from './api/docs';
import { memberExportRouter } from './api/member-export';
import { memberImportRouter } from './api/member-import';
import { memberFunctionsRouter } from './api/member-functions';
import { memberMergeRouter } from './api/member-merge';
import { memberTrainingsRouter } from './api/member-trainings';
import { membersRouter } from './api/members';
import { orderCategoriesRouter } from './api/order-categories';
import { ordersRouter } from './api/orders';
import { organisationFilesRouter } from './api/organisation-files';
import { organisationsRouter } from './api/organisations';
import { profileRouter } from './api/profile';
import { reportsRouter } from './api/reports';
import { rolesRouter } from './api/roles';
import { personsRouter } from './api/persons';
import { privacyRouter } from './api/privacy';
import { roleMembersRouter } from './api/role-members';
import { tournamentsRouter } from './api/tournaments';
import { newsRouter } from './api/news';
import { newsCategoriesRouter } from './api/news-categories';
import { publicFeedRouter } from './api/public-feed';
import { inventoryRouter } from './api/inventory';
import { messagesRouter } from './api/messages';
import { createRouter, type AppDeps } from './http/context';
import { ApiError, handleError, handleNotFound } from './http/errors';
import { OPENAPI_PATH, openApiDocument, registerDocumentComponents } from './http/openapi-document';
import { databaseUnavailableResponse } from './http/database-unavailable';
import { requireAuth } from './api/require-auth';
import type { Mailer } from './mail/mailer';
import { LicenceStatusLimiter } from './limits/licence-status-limit';
import { LoginRateLimiter } from './limits/login-rate-limit';
import { RateLimiter } from './limits/rate-limit';
import { refuseUnsafeBodies } from './http/safe-body';
import { refuseUnsafeUrls } from './http/safe-url';
import type { CallerCache } from './services/caller-cache';

/**
 * The federation API as a Hono app, independent of how it is served: server/index.ts runs it
 * with @hono/node-server, tests call `app.request()` (or hono/testing's typed `testClient`)
 * in-process with their own db, env, mailer and clock. Each resource is a folder under
 * server/api (routes.ts, handlers.ts, index.ts); see docs/architecture.md.
 */

export type CreateAppOptions = {
  db: Db;
  env: Env;
  mailer: Mailer;
  clock?: () => Date;
  outbox?: { wake(): void };
  callerCache?: CallerCache;
};

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
    licenceStatusLimiter: new LicenceStatusLimiter(clock),
    rateLimiter: new RateLimiter(options.db, clock),
    outbox: options.outbox,
    callerCache: options.callerCache,
  };

  const app = createRouter();
  app.onError((err, c) => databaseUnavailableResponse(err, c) ?? handleError(err, c));
  app.notFound(handleNotFound);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  // nosniff, no framing, no referrer, no X-Powered-By. HSTS is the business of whoever terminates
  // TLS (the admin app or the reverse proxy); the API itself listens on plain HTTP.
  app.use('/api/*', secureHeaders({ strictTransportSecurity: false, xFrameOptions: 'DENY' }));
  // Answers of the REST contract carry personal data: no browser or proxy may keep them. A handler
  // that serves something public says so with its own `Cache-Control: public …`.
  app.use('/api/:version{v[0-9]+}/*', async (c, next) => {
    await next();
    if (!/^\s*public\b/i.test(c.res.headers.get('cache-control') ?? '')) c.res.headers.set('Cache-Control', 'no-store');
  });

  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new ApiError(413, 'too_large', 'The request body is too large');
    },
  });
  app.use('/api/*', async (c, next) => {
    if (/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) return next();
    return jsonBodyLimit(c, next);
  });

  // The size limit first, then the URL, then one bounded check of every JSON body (safe-body.ts).
  app.use('/api/*', refuseUnsafeUrls);
  app.use('/api/*', refuseUnsafeBodies);

  // A request that may have written (anything but GET and HEAD) makes this process forget the
  // callers it keeps as it ends: its own change (a sign-out, a new password, a removed role) holds
  // here at once, without waiting for the database's notification, which tells the other processes.
  const callerCache = options.callerCache;
  if (callerCache) {
    app.use('/api/*', async (c, next) => {
      try {
        await next();
      } finally {
        if (c.req.method !== 'GET' && c.req.method !== 'HEAD') callerCache.invalidate();
      }
    });
  }

  // Every admin call needs a valid token; the few signed-in calls elsewhere name requireAuth in
  // their own definitions (their paths are shared with public ones or read by <img>).
  app.use('/api/v1/admin/*', requireAuth);

  app.get('/api/health', (c) => c.json({ ok: true }));

  const api = app
    .route('/', authRouter)
    .route('/', twoFactorRouter)
    .route('/', profileRouter)
    .route('/', countriesRouter)
    .route('/', organisationsRouter)
    .route('/', organisationFilesRouter)
    .route('/', membersRouter)
    .route('/', memberMergeRouter)
    .route('/', memberExportRouter)
    .route('/', privacyRouter)
    .route('/', memberImportRouter)
    .route('/', memberTrainingsRouter)
    .route('/', memberFunctionsRouter)
    .route('/', auditRouter)
    .route('/', ordersRouter)
    .route('/', orderCategoriesRouter)
    .route('/', reportsRouter)
    .route('/', rolesRouter)
    .route('/', personsRouter)
    .route('/', roleMembersRouter)
    .route('/', tournamentsRouter)
    .route('/', newsRouter)
    .route('/', newsCategoriesRouter)
    .route('/', publicFeedRouter)
    .route('/', inventoryRouter)
    .route('/', messagesRouter)
    .route('/', docsRouter());

  registerDocumentComponents(app);
  app.get(OPENAPI_PATH, (c) => c.json(openApiDocument(app)));

  return api;
}

/** The app with every route's types: `testClient(app)` (hono/testing) gives typed calls. */
export type App = ReturnType<typeof createApp>;
