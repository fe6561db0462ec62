/** @jest-environment node */
import { createTranslator } from 'next-intl';
import de from '@/messages/de.json';
import { ApiError } from '@/lib/api/errors';
import { deleteNewsCategory } from '@/lib/api/news';
import { removeCategory } from '@/components/news/actions';

/* A category still in use is not deleted: the refusal speaks of the category, not of deleting news. */

jest.mock('../../../lib/session', () => ({ getToken: async () => 'tok', getSession: async () => ({ destroy: jest.fn() }) }));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'de', messages: de, namespace: namespace as never }),
}));
jest.mock('../../../lib/api/news', () => ({ deleteNewsCategory: jest.fn() }));

it('names the category and where it is used when it cannot be deleted', async () => {
  jest.mocked(deleteNewsCategory).mockRejectedValue(new ApiError(409, { code: 'category_in_use', value: ['Startseite'] }));
  const result = await removeCategory({ id: 5 });
  expect(result).toMatchObject({
    ok: false,
    message: 'Beim Löschen der Kategorie ist ein Problem aufgetreten!',
    description: 'Die Kategorie wird noch verwendet: Startseite',
  });
});
