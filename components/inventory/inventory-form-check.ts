import type { Resolver } from 'react-hook-form';

/** The inventory form's values: the choices as the selects hold them, the stock as typed. */
export type InventoryFormValues = {
  newsId: string;
  ordercatId: string;
  gender: string;
  size: string;
  items: string;
  visibility: boolean;
  active: boolean;
};

/**
 * The stock as a number for the API: digits (a leading minus allowed, so the refusal names the
 * rule); anything else is not a number. Empty text is no stock at all.
 */
export function stockFromText(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The inventory form's check: article and category chosen, and the stock by the API's own rule
 * (lib/schemas/news.ts: a whole number from 0 to 1,000,000), loaded with the first check rather
 * than with the page. Messages are keys of the `inventory.errors` texts.
 */
export async function inventoryFormIssues(values: InventoryFormValues): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (!values.newsId) errors.newsId = 'required';
  if (!values.ordercatId) errors.ordercatId = 'required';
  const stock = stockFromText(values.items);
  if (Number.isNaN(stock)) errors.items = 'stockInvalid';
  else {
    const { inventoryInputSchema } = await import('@/lib/schemas/news');
    const result = inventoryInputSchema.shape.items.safeParse(stock);
    if (!result.success) errors.items = result.error.issues[0]?.message ?? 'stockInvalid';
  }
  return errors;
}

export const inventoryResolver: Resolver<InventoryFormValues> = async (values) => {
  const issues = await inventoryFormIssues(values);
  const errors = Object.fromEntries(Object.entries(issues).map(([k, m]) => [k, { type: 'rule', message: m }]));
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};
