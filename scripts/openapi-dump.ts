import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app';
import type { Db } from '../server/db/client';
import { loadEnv } from '../server/env';
import { openApiDocument } from '../server/http/openapi-document';

/**
 * Writes the API's OpenAPI document to a file (default: openapi.json in the system's temp folder)
 * without a database or a listening server: the document comes from the route definitions alone.
 * Used by `npm run lint:api`, which lints it with Redocly.
 */

const out = process.argv[2] ?? path.join(os.tmpdir(), 'openapi.json');
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), JWT_SECRET: 'openapi-dump-openapi-dump-openapi-dump-0123' });
// No request is made, so no database is opened.
const app = createApp({ db: undefined as unknown as Db, env, mailer: { send: async () => ({}), close() {} } });
writeFileSync(out, JSON.stringify(openApiDocument(app), null, 2));
console.log(out);
