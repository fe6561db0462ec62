import type { Order } from '@/lib/schemas/orders';

/** An order as the API answers it: a created licence order of club 11 with one person; `over` changes any field. */
export function makeOrder(over: Partial<Order> = {}): Order {
  const id = over.id ?? 119;
  return {
    id,
    orgId: 11,
    orgName: 'BSV Demo',
    bso: '3011',
    orderNumber: `0011-${String(id).padStart(6, '0')}`,
    invoiceReference: `3011-${String(id).padStart(7, '0')}`,
    invoiceNumber: null,
    invoices: [],
    paymentRequest: true,
    ordercat: 'JAHRESLIZENZ_2027',
    status: 'Erstellt',
    state: 'created',
    processing: { status: 'Erstellt' },
    summary: { price: 30, members: 1 },
    completed: null,
    contact: { address: 'BSV Demo', street: 'Hauptstraße 1', zip: '1100', city: 'Wien' },
    params: { price: 30, members: 1 },
    comment: { messages: [] },
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    ...over,
  };
}
