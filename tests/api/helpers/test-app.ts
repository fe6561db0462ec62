import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientResponse } from 'hono/client';
import { z } from '@hono/zod-openapi';
import { testClient } from 'hono/testing';
import type { ApiErrorBody } from '@/lib/api/errors';
import { createApp, type App } from '@/server/app';
import type { Db } from '@/server/db/client';
import { loadEnv, type Env } from '@/server/env';
import type { Mailer, OutgoingMail } from '@/server/mail/mailer';
import { handlePasswordResetRequests } from '@/server/services/password-reset-queue';

/** An in-process API on a test database, with a controllable clock and its own data folder. */

export const DEMO_PASSWORD = 'Bogen2026!';
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export type TestClock = { now: () => Date; set: (d: Date) => void; advance: (ms: number) => void };

export function testClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (d) => {
      current = d.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** A mailer that only records what would have been sent. */
export function recordingMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      return {};
    },
    close() {},
  };
}

export type TestApp = {
  app: App;
  env: Env;
  clock: TestClock;
  dataDir: string;
  /** The mailer the app sends with (also the queued work's, see startQueueWorker). */
  mailer: Mailer;
  /**
   * Handles the queued password-reset requests every `everyMs`, as the API process's outbox
   * worker does (with this app's clock and mailer); returns the stop function.
   */
  startQueueWorker: (db: Db, everyMs?: number) => () => Promise<void>;
  cleanup: () => void;
};

export function createTestApp(
  db: Db,
  options: { env?: Record<string, string>; mailer?: Mailer | ((env: Env) => Mailer); clock?: TestClock } = {},
): TestApp {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...options.env });
  const clock = options.clock ?? testClock();
  const mailer = typeof options.mailer === 'function' ? options.mailer(env) : (options.mailer ?? recordingMailer());
  const app = createApp({ db, env, mailer, clock: clock.now });
  const startQueueWorker = (workerDb: Db, everyMs = 20) => {
    let running = true;
    const loop = (async () => {
      while (running) {
        await handlePasswordResetRequests({ db: workerDb, env, mailer, clock: clock.now }, 'test-worker').catch((err: Error) =>
          console.error(err),
        );
        await new Promise((r) => setTimeout(r, everyMs));
      }
    })();
    return async () => {
      running = false;
      await loop;
    };
  };
  return { app, env, clock, dataDir, mailer, startQueueWorker, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export type CallOptions = {
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Socket address the request appears to come from (default: a non-proxy client). */
  ip?: string;
};

export type CallResult = { status: number; headers: Headers; body: any; raw: Response }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One request through app.request(), JSON decoded when the answer is JSON. */
export async function call(app: App, method: string, url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const bindings = { incoming: { socket: { remoteAddress: options.ip ?? '203.0.113.10' } } };
  const raw = await app.request(url, { method, headers, body }, bindings as never);
  const type = raw.headers.get('content-type') ?? '';
  const parsed = type.includes('application/json') ? await raw.clone().json() : undefined;
  return { status: raw.status, headers: raw.headers, body: parsed, raw };
}

export async function signIn(app: App, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await call(app, 'POST', '/api/v1/auth/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.jwtToken as string;
}

/** The session token of a sign-in's answer; fails when the answer is a half sign-in (second factor due). */
export function sessionToken(answer: { jwtToken: string } | { pendingToken: string }): string {
  if (!('jwtToken' in answer)) throw new Error('the sign-in is half done: a second factor is due');
  return answer.jwtToken;
}

/**
 * Hono's typed test client on the app (`hono/testing`): paths, parameters, bodies and answers are
 * typed from the route definitions, e.g.
 * `await client(t, token).api.v1.admin.members.search.$get({ query: { name: 'wallner' } })`.
 * Requests appear to come from `ip` (default: a non-proxy client) like those of `call`.
 */
export function client(t: { app: App }, token?: string, ip = '203.0.113.10') {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return testClient(t.app, { incoming: { socket: { remoteAddress: ip } } } as never, undefined, { headers });
}

/**
 * The JSON body of a typed answer with status S: as the handler answers it for its own statuses;
 * for any other (a refusal, thrown as ApiError) the API's one error shape.
 */
export type AnswerBody<R extends ClientResponse<unknown, number, string>, S extends number> = S extends R['status']
  ? R extends ClientResponse<infer T, infer U, infer F>
    ? U extends S
      ? F extends 'json'
        ? T
        : never
      : never
    : never
  : { error: ApiErrorBody };

/**
 * The body of a typed call's answer (see `client`), which must have `status`: the test fails
 * with the status and body answered otherwise. The body is typed for that status, e.g.
 * `(await answerOf(api.persons.search.$get({ query }), 200)).items` or
 * `(await answerOf(api.persons[':memberId'].rejoin.$post(…), 409)).error.code`.
 */
export async function answerOf<R extends ClientResponse<unknown, number, string>, S extends number>(
  response: R | Promise<R>,
  status: S,
): Promise<AnswerBody<R, S>> {
  const res = await response;
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, the API answered ${res.status}: ${text}`);
  return JSON.parse(text || 'null');
}

/** A streamed upload's documentation (an `upload…Doc` in server/api/<resource>/routes.ts). */
type UploadDoc = { responses: Record<number, unknown> };
type JsonSchemaOf<R> = R extends { content: { 'application/json': { schema: infer Z extends z.ZodType } } } ? Z : never;

/**
 * The answer of a streamed upload (sent with `call`: the typed client does not carry those
 * routes), which must have `status` and is checked against the schema its documentation declares
 * for that status, e.g. `(await uploadAnswer(res, uploadImageDoc, 200)).imageLink`.
 */
export function uploadAnswer<D extends UploadDoc, S extends keyof D['responses'] & number>(
  res: CallResult,
  doc: D,
  status: S,
): z.output<JsonSchemaOf<D['responses'][S]>> {
  if (res.status !== status) throw new Error(`expected ${status}, the API answered ${res.status}: ${JSON.stringify(res.body)}`);
  const schema = (doc.responses[status] as { content: { 'application/json': { schema: z.ZodType } } }).content['application/json'].schema;
  return schema.parse(res.body) as z.output<JsonSchemaOf<D['responses'][S]>>;
}

/** The JSON body of a typed answer's success (2xx) statuses. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer U, infer F> ? (U extends 200 | 201 | 202 ? (F extends 'json' ? T : never) : never) : never;

/** The body of a typed call's answer, which must be a success (2xx); the error names `what` and the answer otherwise. */
export async function successOf<R extends ClientResponse<unknown, number, string>>(
  response: R | Promise<R>,
  what = 'call',
): Promise<SuccessBody<R>> {
  const res = await response;
  const text = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: the API answered ${res.status}: ${text}`);
  return JSON.parse(text || 'null');
}

/** The error of a typed call that must be refused (any 4xx), in the API's one error shape, with the status answered. */
export async function refusalOf(
  response: ClientResponse<unknown, number, string> | Promise<ClientResponse<unknown, number, string>>,
): Promise<ApiErrorBody & { status: number }> {
  const res = await response;
  const text = await res.text();
  if (res.status < 400 || res.status >= 500) throw new Error(`expected a refusal, the API answered ${res.status}: ${text}`);
  return { ...(JSON.parse(text) as { error: ApiErrorBody }).error, status: res.status };
}

const errorShape = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    value: z.unknown().optional(),
    rule: z.string().optional(),
  }),
});

/** The error of a refused untyped call (a download, a deliberately malformed request), checked to be the API's one error shape. */
export function errorOf(res: CallResult): ApiErrorBody {
  return errorShape.parse(res.body).error;
}
