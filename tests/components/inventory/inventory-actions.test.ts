/** @jest-environment node */
import { createTranslator } from 'next-intl';
import de from '@/messages/de.json';
import { ApiError } from '@/lib/api/errors';
import { saveInventory } from '@/lib/api/inventory';
import { saveInventoryLine } from '@/components/inventory/actions';

/* A refused inventory save shows the server's message when it has one, else 'Fehler, mögliche Doppeleingabe?'. */

jest.mock('../../../lib/session', () => ({ getToken: async () => 'tok', getSession: async () => ({ destroy: jest.fn() }) }));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'de', messages: de, namespace: namespace as never }),
}));
jest.mock('../../../lib/api/inventory', () => ({ saveInventory: jest.fn(), getInventory: jest.fn() }));

const input = { orgId: 1, values: { newsId: 3, ordercatId: 4, items: 1, active: 1 } };

describe('inventory save refusals', () => {
  it('shows the server message of a duplicate', async () => {
    const message = 'This article is in the inventory already with this category, gender and size';
    jest.mocked(saveInventory).mockRejectedValue(new ApiError(409, { code: 'duplicate', message }));
    expect(await saveInventoryLine(input)).toMatchObject({ ok: false, message });
  });

  it("falls back to 'Fehler, mögliche Doppeleingabe?' without one", async () => {
    jest.mocked(saveInventory).mockRejectedValue(new ApiError(409, { code: 'duplicate' }));
    expect(await saveInventoryLine(input)).toMatchObject({ ok: false, message: 'Fehler, mögliche Doppeleingabe?' });
  });
});
