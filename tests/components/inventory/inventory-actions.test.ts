/** @jest-environment node */
import { createTranslator } from 'next-intl';
import de from '@/messages/de.json';
import { ApiError } from '@/lib/api/errors';
import { saveInventory } from '@/lib/api/inventory';
import { saveInventoryLine } from '@/components/inventory/actions';

/* A refused inventory save shows the screen's text for a code it knows, else 'Fehler, mögliche Doppeleingabe?', never the API's English sentence. */

jest.mock('../../../lib/session', () => ({ getToken: async () => 'tok', getSession: async () => ({ destroy: jest.fn() }) }));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'de', messages: de, namespace: namespace as never }),
}));
jest.mock('../../../lib/api/inventory', () => ({ saveInventory: jest.fn(), getInventory: jest.fn() }));

const input = { orgId: 1, values: { newsId: 3, ordercatId: 4, items: 1, active: 1 as const } };

describe('inventory save refusals', () => {
  it("shows 'Fehler, mögliche Doppeleingabe?' for a duplicate, not the API's English sentence", async () => {
    const message = 'This article is in the inventory already with this category, gender and size';
    jest.mocked(saveInventory).mockRejectedValue(new ApiError(409, { code: 'duplicate', message }));
    expect(await saveInventoryLine(input)).toMatchObject({ ok: false, message: 'Fehler, mögliche Doppeleingabe?' });
  });

  it('shows the text of a stale version', async () => {
    jest.mocked(saveInventory).mockRejectedValue(new ApiError(409, { code: 'stale', message: 'The line was changed' }));
    const result = await saveInventoryLine(input);
    expect(result.ok).toBe(false);
    expect((result as { message: string }).message).not.toBe('The line was changed');
  });

  it("falls back to 'Fehler, mögliche Doppeleingabe?' without one", async () => {
    jest.mocked(saveInventory).mockRejectedValue(new ApiError(409, { code: 'duplicate' }));
    expect(await saveInventoryLine(input)).toMatchObject({ ok: false, message: 'Fehler, mögliche Doppeleingabe?' });
  });
});
