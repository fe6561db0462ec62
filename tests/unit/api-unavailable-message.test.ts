/** @jest-environment node */
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { apiErrorFromResponse, errorMessageKey } from '@/lib/api/errors';

/** While the API or its database is down, the admin app says so and asks to try again, instead of "something went wrong". */
describe('an unreachable API or database', () => {
  it.each([503, 502, 504])('%i maps to the "unavailable" text, in German and English', async (status) => {
    const res = Response.json(
      { error: { code: 'unavailable', message: 'The database is not reachable; try again shortly.' } },
      { status, headers: { 'retry-after': '5' } },
    );
    const key = errorMessageKey(await apiErrorFromResponse(res)) as keyof typeof de.errors;
    expect(key).toBe('unavailable');
    expect(de.errors[key]).toBe('Der Server ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.');
    expect(en.errors[key]).toBe('The server cannot be reached right now. Please try again in a few seconds.');
  });

  it('other server failures keep the generic text', async () => {
    expect(errorMessageKey(await apiErrorFromResponse(Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 })))).toBe(
      'generic',
    );
  });
});
