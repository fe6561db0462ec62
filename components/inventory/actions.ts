'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import { getInventory, saveInventory, type InventoryInput } from '@/lib/api/inventory';
import { apiBody } from '@/lib/actions/api-body';
import { INVENTORY_PAGE_SIZE } from '@/lib/domain/inventory';
import { recordId, recordVersion } from '@/lib/schemas/ids';

/**
 * The inventory screen's calls (form 1004). A refused save shows the refusal's own text where the
 * screen knows its code (a stale version, a field rule), else 'Fehler, mögliche Doppeleingabe?'.
 * The API's message itself is an English sentence for developers and never reaches the screen.
 */

function inventoryRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  if (error.code === 'stale') return { message: t('stale') };
  if (error.code === 'validation' && error.rule && t.has(`errors.${error.rule}`)) return { message: t(`errors.${error.rule}`) };
  return { message: t('saveFailed') };
}

export const loadInventory = defineAction({
  namespace: 'inventory',
  input: z.object({ orgId: recordId, q: z.string().max(100).optional(), page: z.number().int().min(1).max(100_000) }),
  failure: 'loadFailed',
  run: async ({ orgId, q, page }) => getInventory(orgId, { q, page, size: INVENTORY_PAGE_SIZE }),
});

export const saveInventoryLine = defineAction({
  namespace: 'inventory',
  input: z.object({ orgId: recordId, id: recordId.optional(), updatedAt: recordVersion.optional(), values: apiBody<InventoryInput>() }),
  refusal: inventoryRefusal,
  run: async ({ orgId, id, updatedAt, values }) => saveInventory(orgId, values, id, updatedAt),
});
