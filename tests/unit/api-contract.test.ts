/** @jest-environment node */
import { apiCall, queryOf } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';

/*
 * The admin app's API client is typed by the API's own routes: what a call sends (path, method,
 * parameters, query, body) is what the API defines, or the file does not compile (the
 * @ts-expect-error lines below fail `tsc` the day a wrong call is accepted), and the request
 * carries the session's token and the client's address. Next's request context is replaced; the
 * API is a fetch that records what it was asked.
 */
jest.mock('../../lib/session', () => ({ getToken: async () => 'tok', getSession: async () => ({ destroy: () => undefined }) }));
jest.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': '198.51.100.7' }) }));
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));

type Asked = { url: string; method: string; headers: Headers; body: unknown };
let asked: Asked[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const realFetch = global.fetch;
beforeAll(() => {
  process.env.UPSTREAM_URL = 'http://127.0.0.1:9';
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
afterAll(() => {
  global.fetch = realFetch;
});
beforeEach(() => {
  asked = [];
  answer = { status: 200, body: {} };
});

describe('the typed API client', () => {
  it('asks the path, query and body the API defines, with the token and the client address', async () => {
    answer = { status: 200, body: { items: [], total: 0 } };
    const page = await apiCall((api) =>
      api.api.v1.order[':orgId'].$get({ param: { orgId: '11' }, query: queryOf({ q: '', state: undefined, page: 2, size: 10 }) }),
    );
    expect(page.total).toBe(0);
    expect(asked).toHaveLength(1);
    // an empty search and an unset filter are left out; numbers go as the URL writes them
    expect(asked[0].url).toBe('http://127.0.0.1:9/api/v1/order/11?page=2&size=10');
    expect(asked[0].method).toBe('GET');
    expect(asked[0].headers.get('authorization')).toBe('Bearer tok');
    expect(asked[0].headers.get('x-forwarded-for')).toBe('198.51.100.7');

    await apiCall((api) =>
      api.api.v1.order[':orgId'].comment[':orderId'].$post({ param: { orgId: '11', orderId: '7' }, json: { comment: 'Bitte prüfen' } }),
    );
    expect(asked[1]).toMatchObject({
      url: 'http://127.0.0.1:9/api/v1/order/11/comment/7',
      method: 'POST',
      body: { comment: 'Bitte prüfen' },
    });
  });

  it('turns a refusal into an ApiError with the API code', async () => {
    answer = { status: 409, body: { error: { code: 'stale', message: 'changed meanwhile' } } };
    const call = apiCall((api) => api.api.v1.admin.member[':memberId'].$delete({ param: { memberId: '5' } }));
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(apiCall((api) => api.api.v1.admin.member[':memberId'].$delete({ param: { memberId: '5' } }))).rejects.toMatchObject({
      status: 409,
      code: 'stale',
    });
  });

  it('ends the session on a 401 unless the caller handles it', async () => {
    answer = { status: 401, body: { error: { code: 'unauthorized', message: 'no' } } };
    await expect(apiCall((api) => api.api.v1.getUser.$get())).rejects.toThrow('REDIRECT /?expired=1');
    await expect(
      apiCall((api) => api.api.v1.auth.login.$post({ json: { email: 'a@example.org', password: 'x' } }), {
        token: 'NONE',
        onUnauthorized: 'throw',
      }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('does not compile a call the API does not define', () => {
    // Only type-checked: the functions are never called.
    const calls = [
      // @ts-expect-error: no such path
      () => apiCall((api) => api.api.v1.admin.nosuchthing.$get()),
      // @ts-expect-error: the category of an order is its name, not a number
      () => apiCall((api) => api.api.v1.order[':orgId'].$post({ param: { orgId: '11' }, json: { ordercat: 7, members: [] } })),
      // @ts-expect-error: a path parameter the route does not name
      () => apiCall((api) => api.api.v1.order[':orgId'].$get({ param: { org: '11' }, query: {} })),
      // @ts-expect-error: GET only, no DELETE
      () => apiCall((api) => api.api.v1.admin.countries.$delete()),
    ];
    expect(calls).toHaveLength(4);
  });

  it('types the answer from the API: a wrong field does not compile', () => {
    const read = async () => {
      const order = await apiCall((api) => api.api.v1.order[':orgId'][':orderId'].$get({ param: { orgId: '11', orderId: '7' } }));
      // @ts-expect-error: an order has no such field
      return order.nosuchfield;
    };
    expect(typeof read).toBe('function');
  });
});
