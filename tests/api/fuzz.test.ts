/** @jest-environment node */
import { z } from 'zod';
import { mulberry32 } from '@/server/db/seed/random';
import { HOSTILE_URLS } from './helpers/hostile-urls';
import { closeApi, openApi } from './helpers/open-api';
import { tableSnapshot } from './helpers/table-snapshot';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Schema-driven fuzzing: every operation of the API's own OpenAPI document gets malformed values
 * in each path and query parameter and each body field (one at a time, the rest plausible), plus
 * malformed bodies as a whole. Sent as the federation, so permission checks hide nothing.
 * Every answer must be below 500, every 4xx in the one error shape, and a refused write must leave
 * every table as it was.
 *
 * Bounded (a few hundred requests) and reproducible: the values are picked by a seeded PRNG; the
 * seed is printed, FUZZ_SEED=<seed> repeats a run and FUZZ_SEED=random tries a new one.
 */

/** The parts of the API's OpenAPI document (3.1; linted by tests/api/openapi-doc.test.ts) the fuzzer reads. */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
  example?: unknown;
  format?: string;
  pattern?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type OpenApiDoc = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};
/** The API's error shape: `{ error: { code, message, … } }`. */
const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const errorCode = z.object({ error: z.object({ code: z.string() }) });
/** A JSON body being built: objects all the way down to the field that is set. */
type Body = Record<string, unknown>;

async function openApiDoc(t: TestApp) {
  const res = await call(t.app, 'GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  const doc: OpenApiDoc = res.body;
  const resolve = (s: Schema | undefined): Schema => (s?.$ref ? doc.components.schemas[s.$ref.split('/').pop() ?? ''] : (s ?? {}));
  return { doc, resolve };
}

/** Sets the field at path `at` of `body`, making the objects on the way. */
function setField(body: Body, at: string[], value: unknown) {
  let target = body;
  for (const k of at.slice(0, -1)) target = (target[k] ??= {}) as Body;
  target[at[at.length - 1]] = value;
}

// A fixed default keeps CI reproducible; FUZZ_SEED=random explores new values (the seed is printed).
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261123);

function deep(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

/** Malformed values for a path or query parameter (already URL-encoded where needed). */
const URL_VALUES = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '%20%31',
  '%00',
  'a%00b',
  'x'.repeat(3000),
  '%E0%A4%A',
  '%',
  '__proto__',
  '[]',
  'null',
  '2025-02-30',
  '0000-00-00',
  '%F0%9F%92%A9',
];

/** Malformed values for a JSON body field. */
const BODY_VALUES: unknown[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  -1,
  0,
  1.5,
  1e308,
  'a\u0000b',
  '\u0000',
  'x'.repeat(10_000),
  '',
  true,
  [],
  {},
  null,
  '2025-02-30',
  '0000-00-00',
  '2025-13-01T25:61:00Z',
  deep(200),
  ['x', 1],
  { __proto__: null, constructor: 1 },
];

/** Bodies malformed as a whole (raw JSON text). */
const RAW_BODIES = [
  '{',
  '[]',
  'null',
  '"text"',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  JSON.stringify(deep(2000)),
  `{"a":"${'\\u0000'}"}`,
];

/** Malformed values tried per parameter and field. */
const PICKS = 2;

type Operation = { method: string; path: string; params: Parameter[]; body?: Schema };

/** A plausible value for a schema, so that a request fails on the one malformed value only. */
function plausible(schema: Schema | undefined, resolve: (s: Schema | undefined) => Schema, depth = 0): unknown {
  const s = resolve(schema);
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return plausible(alternatives[0], resolve, depth);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof s.example === 'number' ? s.example : 11;
    case 'boolean':
      return false;
    case 'array':
      return s.items ? [plausible(s.items, resolve, depth + 1)] : [];
    case 'object': {
      if (depth > 3) return {};
      const out: Body = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(v, resolve, depth + 1);
      return out;
    }
    default:
      if (s.format === 'date' || s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2025-03-02';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'email') return 'fuzz@example.org';
      if (s.pattern?.includes('[ T]')) return '2025-03-02 10:00:00+00';
      return typeof s.example === 'string' ? s.example : 'x';
  }
}

function operations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const json = op.requestBody?.content?.['application/json']?.schema;
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body: json });
    }
  }
  return ops;
}

describe.each(testDrivers())('fuzzing every operation on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { verband: token },
    } = await openApi(driver, ['verband']));
    console.log(`fuzz seed ${SEED} (repeat with FUZZ_SEED=${SEED})`);
  });
  afterAll(() => closeApi({ tdb, t }));

  it('answers malformed input with a 4xx in the error shape and changes nothing', async () => {
    const { doc, resolve } = await openApiDoc(t);
    const random = mulberry32(SEED);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
    const failures: string[] = [];
    let sent = 0;
    // The sign-in limit rightly records failed sign-ins.
    const except = ['login_failures'];
    let baseline = await tableSnapshot(tdb.db, except);

    async function send(op: Operation, what: string, pathValues: Record<string, string>, query: Record<string, string>, body?: string) {
      const url =
        op.path.replace(/\{(\w+)\}/g, (_, name) => pathValues[name]) +
        (Object.keys(query).length
          ? `?${Object.entries(query)
              .map(([k, v]) => `${k}=${v}`)
              .join('&')}`
          : '');
      const headers: Record<string, string> = body !== undefined ? { 'content-type': 'application/json' } : {};
      const res = await call(t.app, op.method, url, { token, body, headers });
      sent += 1;
      const where = `${op.method} ${op.path} ${what} [${url.slice(0, 160)}${body ? ` body ${body.slice(0, 160)}` : ''}] → ${res.status}`;
      if (res.status >= 500) failures.push(`${where} ${JSON.stringify(res.body)}`);
      if (res.status >= 400) {
        const answer: unknown = res.body;
        const ok = errorShape.safeParse(answer).success && Object.keys(answer ?? {}).length === 1;
        if (!ok) failures.push(`${where}: not the error shape: ${JSON.stringify(res.body)?.slice(0, 200)}`);
      }
      if (op.method !== 'GET') {
        const after = await tableSnapshot(tdb.db, except);
        const changed = Object.keys(after).filter((k) => after[k] !== baseline[k]);
        // A 2xx means the value was acceptable there; only a refused request must change nothing.
        if (res.status >= 400 && changed.length) failures.push(`${where}: refused but changed ${changed.join(', ')}`);
        baseline = after;
      }
    }

    for (const op of operations(doc)) {
      const pathParams = op.params.filter((p) => p.in === 'path');
      const queryParams = op.params.filter((p) => p.in === 'query');
      const basePath = Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(String(plausible(p.schema, resolve)))]));
      const baseQuery = Object.fromEntries(
        queryParams.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(plausible(p.schema, resolve)))]),
      );
      const schema = op.body ? resolve(op.body) : undefined;
      const baseBody = schema ? plausible(schema, resolve) : undefined;
      const bodyText = (b: unknown) => (b === undefined ? undefined : JSON.stringify(b));

      const fields: string[][] = [];
      for (const [k, v] of Object.entries(schema?.properties ?? {})) {
        fields.push([k]);
        for (const k2 of Object.keys(resolve(v).properties ?? {})) fields.push([k, k2]);
      }

      for (let round = 0; round < PICKS; round++) {
        for (const p of pathParams)
          await send(op, `path ${p.name}`, { ...basePath, [p.name]: pick(URL_VALUES) }, baseQuery, bodyText(baseBody));
        for (const p of queryParams)
          await send(op, `query ${p.name}`, basePath, { ...baseQuery, [p.name]: pick(URL_VALUES) }, bodyText(baseBody));
        if (!schema) continue;
        for (const at of fields) {
          const body = structuredClone(baseBody) as Body;
          setField(body, at, pick(BODY_VALUES));
          await send(op, `body ${at.join('.')}`, basePath, baseQuery, bodyText(body));
        }
        await send(op, 'raw body', basePath, baseQuery, pick(RAW_BODIES));
      }
    }

    console.log(`fuzz seed ${SEED}: ${sent} requests, ${failures.length} failures`);
    expect(sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses every address but http(s) in every web-address field, whatever the spelling, and changes nothing', async () => {
    const { doc, resolve } = await openApiDoc(t);
    const isString = (s: Schema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
    const failures: string[] = [];
    const found: string[] = [];
    let baseline = await tableSnapshot(tdb.db, ['login_failures']);
    for (const op of operations(doc)) {
      if (!op.body) continue;
      const schema = resolve(op.body);
      const pathValues = Object.fromEntries(
        op.params.filter((p) => p.in === 'path').map((p) => [p.name, encodeURIComponent(String(plausible(p.schema, resolve)))]),
      );
      const url = op.path.replace(/\{(\w+)\}/g, (_, name) => pathValues[name]);
      const fields: Array<[string[], Schema]> = [];
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        fields.push([[k], resolve(v)]);
        for (const [k2, v2] of Object.entries(resolve(v).properties ?? {})) fields.push([[k, k2], resolve(v2)]);
      }
      for (const [at, field] of fields) {
        const where = `${op.method} ${op.path} body ${at.join('.')}`;
        // a field named like an address is declared a web address (lib/schemas/common.ts optionalWebAddress)
        if (isString(field) && /(url|link|homepage|website|href)$/i.test(at.at(-1)!) && field.format !== 'uri')
          failures.push(`${where}: an address field without the web-address rule`);
        if (field.format !== 'uri') continue;
        found.push(`${op.method} ${op.path} ${at.join('.')}`);
        for (const hostile of HOSTILE_URLS) {
          const body = structuredClone(plausible(schema, resolve)) as Body;
          setField(body, at, hostile);
          const res = await call(t.app, op.method, url, {
            token,
            body: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          const line = `${where} = ${JSON.stringify(hostile)} → ${res.status}`;
          if (res.status < 400 || res.status >= 500) failures.push(`${line}: accepted or crashed`);
          else if (!errorCode.safeParse(res.body).success) failures.push(`${line}: not the error shape`);
          const after = await tableSnapshot(tdb.db, ['login_failures']);
          const changed = Object.keys(after).filter((k) => after[k] !== baseline[k]);
          if (changed.length) failures.push(`${line}: changed ${changed.join(', ')}`);
          baseline = after;
        }
      }
    }
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/ \/api\/v1\/admin\/org homepage$/),
        expect.stringMatching(/tournament.* params\.linkToRegistration$/),
      ]),
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
