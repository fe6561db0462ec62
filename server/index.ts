import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { answerClientErrorsInErrorShape } from './http/client-error';
import { loggable } from './http/errors';
import { openDatabase } from './db/startup';
import { REQUEST_TIMEOUT_MS, startUploadTempCleanup } from './files/upload-temp';
import { EnvError, loadEnv, type Env } from './env';
import { createMailer } from './mail/mailer';
import { createOutboxWorker } from './messages/outbox-worker';
import { createRetentionWorker } from './privacy/retention-worker';
import { createPushSender } from './messages/push';
import { handlePasswordResetRequests } from './services/password-reset-queue';
import { listenForCallerChanges } from './db/caller-changes';

/** Starts the federation API: validated configuration, database up to date, then HTTP. */

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`[api] ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

// Last resort: a promise some request forgot to handle must not end the API for everyone. The
// causes are fixed where they are found; this only logs them. (A thrown exception still ends the
// process, and `npm start` restarts it: its state can no longer be trusted.)
process.on('unhandledRejection', (reason) => {
  console.error('[api] unhandled rejection (the API keeps serving):', loggable(reason));
});

async function main() {
  const env = readEnv();
  if (process.argv.includes('--prepare-database')) {
    // Migrations and, on a new embedded database, the demo data; then end (see scripts/start.ts).
    await (await openDatabase(env)).close();
    process.exit(0);
  }
  const { db, close: closeDatabase } = await openDatabase(env);
  const mailer = createMailer(env);
  // The message outbox is delivered by this process (several API processes share it safely).
  // It also handles the queued password-reset requests (token and mail), off the requests' path.
  const resetDeps = { db, env, mailer, clock: () => new Date() };
  const outbox = createOutboxWorker({
    db,
    env,
    mailer,
    push: createPushSender(env),
    leaseMs: env.outboxLeaseMs,
    jobs: [(workerId) => handlePasswordResetRequests(resetDeps, workerId, { leaseMs: env.outboxLeaseMs })],
  });
  // Anonymises and removes what has passed its retention, nightly (one process at a time).
  const retention = createRetentionWorker({ db, env });
  // On PostgreSQL, signed-in callers are kept between requests while this process hears the
  // database's change notifications (services/caller-cache.ts); the embedded database serves one
  // process and reads them on every request.
  const callerChanges = env.databaseUrl ? listenForCallerChanges(env.databaseUrl) : undefined;
  const app = createApp({ db, env, mailer, outbox, callerCache: callerChanges?.cache });
  const stopUploadCleanup = await startUploadTempCleanup(env.uploadDir);

  const server = serve(
    { fetch: app.fetch, hostname: env.apiHost, port: env.apiPort, serverOptions: { requestTimeout: REQUEST_TIMEOUT_MS } },
    (info) => {
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      console.log(`[api] federation API listening on http://${host}:${info.port} (reference: /api/docs)`);
      console.log(`[api] database: ${env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${env.pgliteDir}`}`);
      if (!env.smtp) console.log(`[api] no SMTP_HOST: mails are written to ${env.mailDir}`);
      outbox.start();
      retention.start();
    },
  );

  answerClientErrorsInErrorShape(server as Server); // plain HTTP: serve() made a node:http server

  server.on('error', async (err: NodeJS.ErrnoException) => {
    console.error(
      err.code === 'EADDRINUSE'
        ? `[api] port ${env.apiPort} on ${env.apiHost} is already in use: stop the other process or set API_PORT`
        : `[api] server error: ${err.message}`,
    );
    await closeDatabase();
    process.exit(1);
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopUploadCleanup();
    server.close(async () => {
      await outbox.stop();
      await retention.stop();
      await callerChanges?.close();
      mailer.close();
      await closeDatabase();
      process.exit(0);
    });
    // Open keep-alive connections must not hold the process.
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('[api] failed to start:', err);
  process.exit(1);
});
