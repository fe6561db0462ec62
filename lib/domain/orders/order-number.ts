/**
 * How an order is named to people: the organisation padded to 4 digits and the order to 6
 * ("0011-000123"); bank transfers quote the organisation's BSO number and the order padded to 7
 * digits ("3011-0000123").
 */

function padded(value: number, digits: number, what: string): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number ≥ 0: ${value}`);
  return String(value).padStart(digits, '0');
}

export function orderNumber(orgId: number, orderId: number): string {
  return `${padded(orgId, 4, 'organisation')}-${padded(orderId, 6, 'order')}`;
}

export function invoiceReference(bso: string | null | undefined, orderId: number): string {
  const order = padded(orderId, 7, 'order');
  return bso ? `${bso}-${order}` : order;
}
