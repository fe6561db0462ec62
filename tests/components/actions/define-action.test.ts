/** @jest-environment node */
import { createTranslator } from 'next-intl';
import { z } from 'zod';
import de from '@/messages/de.json';
import { defineAction } from '@/lib/actions/define-action';
import { ApiError } from '@/lib/api/errors';
import { apiCall } from '@/lib/api/client';

/*
 * The one server-action pipeline: parse, call, map the API's refusal to the screen's text on the
 * server. Next's request context (session, headers, translations) is replaced; the API call is a
 * real apiCall against a fetch that answers what each test needs.
 */
const destroy = jest.fn();
jest.mock('../../../lib/session', () => ({ getToken: async () => 'tok', getSession: async () => ({ destroy }) }));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'de', messages: de, namespace: namespace as never }),
}));
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));

let answer: { status: number; body: unknown } = { status: 200, body: {} };
const realFetch = global.fetch;
beforeAll(() => {
  process.env.UPSTREAM_URL = 'http://127.0.0.1:9';
  global.fetch = jest.fn(
    async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
  ) as typeof fetch;
});
afterAll(() => {
  global.fetch = realFetch;
});
beforeEach(() => destroy.mockClear());

const run = jest.fn(async ({ id }: { id: number }) => {
  await apiCall((api) => api.api.v1.admin.member[':memberId'].$delete({ param: { memberId: String(id) } }));
  return { message: 'gespeichert' };
});

const saveThing = defineAction({
  namespace: 'members',
  input: z.object({
    id: z.number().int().positive(),
    values: z.object({ firstName: z.string().min(1, 'required'), email: z.string().email('invalidEmail') }),
  }),
  refusal: (error, { t }) =>
    error.code === 'unique_email' ? { message: t('emailInUse', { value: 'a@b.at' }), fieldErrors: { email: 'vergeben' } } : undefined,
  run,
});

const saveTitled = defineAction({ namespace: 'organisations', input: z.object({ id: z.number() }), failure: 'saveFailed', run });

const good = { id: 5, values: { firstName: 'Anna', email: 'anna@example.org' } };

describe('defineAction', () => {
  beforeEach(() => run.mockClear());

  it('answers the data when the API accepts', async () => {
    answer = { status: 200, body: { ok: true } };
    expect(await saveThing(good)).toEqual({ ok: true, data: { message: 'gespeichert' } });
  });

  it('reports form fields (the path under values) in the UI language and never calls the API', async () => {
    const result = await saveThing({ id: 5, values: { firstName: '', email: 'nope' } });
    expect(result).toEqual({
      ok: false,
      code: 'validation',
      message: de.members.validation.required,
      fieldErrors: { firstName: de.members.validation.required, email: de.members.validation.invalidEmail },
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a malformed id as a whole, without field messages', async () => {
    const result = await saveThing({ id: -1, values: good.values });
    expect(result).toEqual({ ok: false, code: 'validation', message: de.errors.validation });
    expect(run).not.toHaveBeenCalled();
  });

  it("maps the screen's own codes on the server", async () => {
    answer = { status: 409, body: { error: { code: 'unique_email', message: 'E-mail in use', field: 'email' } } };
    expect(await saveThing(good)).toEqual({
      ok: false,
      code: 'unique_email',
      message: 'Die Email a@b.at ist bereits in Verwendung!',
      fieldErrors: { email: 'vergeben' },
    });
  });

  it('gives shared codes the shared texts: stale, forbidden, a field the API names', async () => {
    answer = { status: 409, body: { error: { code: 'stale', message: 'changed' } } };
    expect(await saveThing(good)).toMatchObject({ ok: false, code: 'stale', message: de.errors.conflict });
    answer = { status: 403, body: { error: { code: 'forbidden', message: 'no' } } };
    expect(await saveThing(good)).toMatchObject({ ok: false, code: 'forbidden', message: de.errors.forbidden });
    answer = { status: 422, body: { error: { code: 'validation', message: 'invalidEmail', field: 'email' } } };
    expect(await saveThing(good)).toMatchObject({ ok: false, fieldErrors: { email: de.members.validation.invalidEmail } });
    answer = {
      status: 422,
      body: { error: { code: 'validation', message: "'email' is invalid (invalidEmail)", field: 'email', rule: 'invalidEmail' } },
    };
    expect(await saveThing(good)).toMatchObject({ ok: false, fieldErrors: { email: de.members.validation.invalidEmail } });
  });

  it('puts the reason under a failure title', async () => {
    answer = { status: 404, body: { error: { code: 'not_found', message: 'gone' } } };
    expect(await saveTitled({ id: 1 })).toEqual({
      ok: false,
      code: 'not_found',
      message: 'Speichern fehlgeschlagen',
      description: de.errors.notFound,
    });
  });

  it('ends the session on a 401 and says so, instead of redirecting away from the typed data', async () => {
    answer = { status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } };
    expect(await saveThing(good)).toEqual({ ok: false, code: 'session_ended', message: de.errors.sessionEnded });
    expect(destroy).toHaveBeenCalled();
  });

  it('throws on what is not an API refusal (a bug must not look like a refusal)', async () => {
    const broken = defineAction({
      namespace: 'members',
      input: z.object({}),
      run: async () => {
        throw new TypeError('boom');
      },
    });
    await expect(broken({})).rejects.toThrow('boom');
    const refused = defineAction({
      namespace: 'members',
      input: z.object({}),
      run: async () => {
        throw new ApiError(500, { code: 'internal' });
      },
    });
    expect(await refused({})).toMatchObject({ ok: false, message: de.errors.generic });
  });
});
