/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { answerClientErrorsInErrorShape } from '@/server/http/client-error';
import { closeApi, openApi } from './helpers/open-api';
import { tableSnapshot } from './helpers/table-snapshot';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Every request body passes one bounded check before authentication and before any route: a body
 * nested hundreds of thousands of levels deep (with a NUL inside, so that every text rule has
 * something to find) is a quick 422 in the error shape on every route, and does not stall other
 * requests; a lone UTF-16 surrogate is refused like a NUL, with 422 and the field, on every
 * endpoint; a URL over Node's 16 KB header limit gets the error shape too.
 */

const ATTACK = '['.repeat(300_000) + '"\\u0000"' + ']'.repeat(300_000);

const send = (t: TestApp, method: string, url: string, text: string, token?: string) =>
  call(t.app, method, url, {
    body: text,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

describe.each(testDrivers())('request bodies on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { verband: token },
    } = await openApi(driver, ['verband']));
  });
  afterAll(() => closeApi({ tdb, t }));

  it.each([
    ['POST', '/api/health'],
    ['POST', '/api/v1/auth/login'],
    ['PUT', '/api/v1/admin/member'],
    ['POST', '/api/v1/admin/org'],
  ])('%s %s: the deeply nested NUL body is a 422 in the error shape, without sign-in', async (method, url) => {
    const res = await send(t, method, url, ATTACK);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: { code: 'unsafe_body', message: 'The request body nests deeper than 32 levels' } });
    expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
  });

  it('refuses the same body with a JSON media type other than application/json', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: ATTACK,
      headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unsafe_body');
  });

  it('keeps answering other requests while several attackers send the body at once', async () => {
    const attacks = Array.from({ length: 8 }, () => send(t, 'POST', '/api/v1/auth/login', ATTACK));
    const health = Array.from({ length: 20 }, () => call(t.app, 'GET', '/api/health'));
    const signIn = call(t.app, 'POST', '/api/v1/auth/login', { json: { email: 'verband@example.org', password: 'Bogen2026!' } });
    const [attacked, healthy, signedIn] = await Promise.all([Promise.all(attacks), Promise.all(health), signIn]);
    expect(attacked.map((r) => r.status)).toEqual(Array(8).fill(422));
    expect(healthy.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(signedIn.status).toBe(200);
  });

  describe('a lone surrogate is refused with 422 and the field, like a NUL, and nothing is stored', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let member: any;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let org: any;
    beforeAll(async () => {
      member = (await call(t.app, 'GET', '/api/v1/admin/member/1/5', { token })).body;
      org = (await call(t.app, 'GET', '/api/v1/admin/org/11?actingOrgId=1', { token })).body;
    });

    const cases: Array<[string, string, string, () => unknown, string]> = [
      [
        'PUT',
        '/api/v1/admin/member',
        'surname (was stored as x�y)',
        () => ({ id: 5, orgId: 1, updatedAt: member.updatedAt, surname: 'x\ud800y' }),
        'surname',
      ],
      [
        'PUT',
        '/api/v1/admin/member',
        'a low surrogate at the start',
        () => ({ id: 5, orgId: 1, updatedAt: member.updatedAt, city: '\udc00Wien' }),
        'city',
      ],
      [
        'PUT',
        '/api/v1/admin/org?actingOrgId=1',
        'a nested field',
        () => ({ id: 11, updatedAt: org.updatedAt, params: { iban: 'AT\ud83d' } }),
        'params.iban',
      ],
      ['POST', '/api/v1/auth/login', 'the e-mail of a sign-in', () => ({ email: 'a\ud800@example.org', password: 'x' }), 'email'],
      ['POST', '/api/v1/admin/news', 'an article title', () => ({ orgId: 1, title: 'T\udfffitel', text: '<p>x</p>' }), 'title'],
      ['POST', '/api/v1/admin/org', 'a key', () => ({ ['na\ud800me']: 'x' }), 'na\ud800me'],
      [
        'PUT',
        '/api/v1/admin/member',
        'an entry of a list',
        () => ({ id: 5, orgId: 1, updatedAt: member.updatedAt, tags: ['ok', 'b\ud800d'] }),
        'tags.1',
      ],
    ];

    it.each(cases)('%s %s: %s', async (method, url, _what, body, field) => {
      const before = await tableSnapshot(tdb.db);
      const res = await call(t.app, method, url, { token, json: body() });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'invalid_character', field });
      expect(res.body.error.message).toMatch(/surrogate/);
      expect(await tableSnapshot(tdb.db)).toEqual(before);
    });

    it('accepts a surrogate pair (a character outside the BMP)', async () => {
      const res = await call(t.app, 'PUT', '/api/v1/admin/member', {
        token,
        json: { id: 5, orgId: 1, updatedAt: member.updatedAt, city: 'Wien 🏹' },
      });
      expect(res.status).toBe(200);
      expect(res.body.city).toBe('Wien 🏹');
    });
  });

  it('refuses a NUL or a lone surrogate in a multipart field with 422 and the field', async () => {
    const form = new FormData();
    form.append('type', 'statute\u0000');
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'a.pdf');
    const res = await call(t.app, 'POST', '/api/v1/admin/org/11/documents?actingOrgId=1', { token, body: form });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid_character', field: 'type' });
  });

  describe('a URL over the 16 KB header limit, on a real server', () => {
    let server: http.Server;
    let port: number;
    beforeAll(async () => {
      server = await new Promise<http.Server>((resolve) => {
        const s = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as http.Server)) as http.Server;
      });
      answerClientErrorsInErrorShape(server);
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    const get = (path: string) =>
      new Promise<{ status: number; type?: string; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
          })
          .on('error', reject);
      });

    it('answers 431 in the error shape (was an empty body), and the server keeps serving', async () => {
      const res = await get(`/api/v1/news?q=${'x'.repeat(20 * 1024)}`);
      expect(res.status).toBe(431);
      expect(res.type).toBe('application/json');
      expect(JSON.parse(res.body)).toEqual({ error: { code: 'too_large', message: expect.stringMatching(/16 KB/) } });
      expect((await get('/api/health')).status).toBe(200);
    });
  });
});
