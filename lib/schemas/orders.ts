import { z } from 'zod';
import { CATEGORY_GROUPS } from '@/lib/domain/orders/categories';
import { INELIGIBILITY_REASONS } from '@/lib/domain/orders/eligibility';
import { CREATED_STATUS } from '@/lib/domain/orders/availability';
import { DECISION_STATUSES, ORDER_STATES } from '@/lib/domain/orders/status';
import { dbId, updatedAtText } from './common';
import { PERSONS_PAGE_SIZE } from '@/lib/domain/page-sizes';

/**
 * The shapes of the order calls (orders, their lines, categories, persons for ordering) and of
 * what clients send. Money crosses the API as euros with two decimals and is converted to cents
 * (lib/domain/orders/money.ts) on the way in; amounts a client sends for an order (prices, totals)
 * are not part of any request: the server computes them. Zod only (no server imports).
 */

/** Euros in an answer: a number with at most two decimals (cents / 100). */
const euros = z.number().meta({ description: 'Euros, two decimals', example: 149 });
const isoDay = z.string().meta({ example: '2026-11-23' });
const text = z.string().nullable();

// ——— answers ———

export const CommentSchema = z
  .object({
    name: z.string(),
    content: z.string(),
    user: z.number().int().nullable(),
    uuid: z.string().nullable(),
    timestamp: z.string(),
  })
  .meta({ id: 'OrderComment' });

export const InvoiceDocumentSchema = z
  .object({
    kind: z
      .enum(['invoice', 'cancellation'])
      .meta({ description: 'invoice: issued at release; cancellation: the Stornorechnung of a refund or send-back' }),
    number: z.string().meta({ example: '2026-000043' }),
    issuedOn: isoDay,
    total: z.number().meta({ description: 'Euros, two decimals; negative for a cancellation', example: -236 }),
    cancels: text.meta({ description: 'A cancellation: the number of the invoice it cancels' }),
    cancelledBy: text.meta({ description: 'An invoice: the number of the cancellation that cancelled it' }),
  })
  .meta({ id: 'InvoiceDocument' });

export const OrderSchema = z
  .object({
    id: z.number().int(),
    orgId: z.number().int(),
    orgName: z.string().meta({ description: "The organisation's short name" }),
    bso: text.meta({ description: "The organisation's BSO number" }),
    orderNumber: z.string().meta({ example: '0011-000119' }),
    invoiceReference: z
      .string()
      .meta({ description: 'What a bank transfer quotes: BSO and the order padded to 7 digits', example: '3011-0000119' }),
    invoiceNumber: text.meta({
      description:
        "The invoice in force: issued at release from the year's gapless sequence; null before release and once a refund or send-back cancelled it",
      example: '2026-000042',
    }),
    invoices: z
      .array(InvoiceDocumentSchema)
      .meta({ description: 'Every invoice and cancellation invoice of the order, in the order they were issued' }),
    paymentRequest: z.boolean().meta({
      description:
        'Whether a payment request (GET /api/v1/reports/payment-request) is offered: created orders only; an invoiced order is paid by its invoice',
    }),
    ordercat: z.string().meta({ example: 'JAHRESLIZENZ_2027' }),
    status: z.string().meta({ example: 'Erstellt' }),
    state: z.enum(ORDER_STATES).meta({ description: 'created: not completed, not refunded; completed: released; remitted: refunded' }),
    processing: z.object({ status: z.string() }),
    summary: z.object({ price: euros, members: z.number().int() }),
    completed: isoDay.nullable(),
    contact: z.object({
      address: z.string().optional(),
      street: z.string().optional(),
      zip: z.string().optional(),
      city: z.string().optional(),
    }),
    params: z.object({ price: euros, members: z.number().int() }).loose(),
    comment: z.object({ messages: z.array(CommentSchema) }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Order' });

export const OrderItemSchema = z
  .object({
    id: z.number().int(),
    mgId: z.number().int().nullable().meta({ description: 'The person; null for a fee line' }),
    firstName: text,
    surname: text,
    birthDate: isoDay.nullable(),
    uuid: text.meta({ description: 'Profile image key' }),
    category: z.string(),
    label: text.meta({ description: "Fee lines: what the line is for ('Grundbetrag', 'Vereinsbeitrag 2027')" }),
    params: z.object({ price: euros, print: z.boolean(), printPrice: euros, sum: euros }).loose(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OrderItem' });

export const AgeBandSchema = z
  .object({
    age: z.tuple([z.number().int(), z.number().int()]).meta({ description: 'Ages from, to (both inclusive)', example: [21, 49] }),
    license: euros,
    print: euros,
  })
  .meta({ id: 'AgeBand' });

export const OrderCategorySchema = z
  .object({
    id: z.number().int(),
    cat: z.string().meta({ example: 'JAHRESLIZENZ_2027' }),
    params: z.object({
      year: z.number().int().nullable(),
      price: euros.nullable(),
      netPrice: euros.nullable(),
      memberNetPrice: euros.nullable(),
      weight: z.number().nullable().meta({ description: 'Grams (clothing only)' }),
      group: z.enum(CATEGORY_GROUPS),
      category: z.array(AgeBandSchema),
    }),
    updatedAt: z.string(),
  })
  .meta({ id: 'OrderCategory' });

export const IneligibilityReasonSchema = z.enum(INELIGIBILITY_REASONS).meta({ id: 'IneligibilityReason' });

export const PersonForOrderingSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    regNr: text,
    birthDate: isoDay,
    age: z.number().int(),
    gender: z.enum(['m', 'w', 'd']),
    license: isoDay.nullable().meta({ description: 'Licence date: the end of the latest licence' }),
    season: z.number().int().nullable(),
    safetyFirst: z.boolean(),
    orders: z.array(z.string()).meta({ description: 'Categories the person is in a live order of' }),
    uuid: text,
    active: z.boolean().meta({ description: 'Holds a licence for the category year' }),
    disabled: z.boolean().meta({ description: 'Outside every age band' }),
    alreadyOrdered: z.boolean(),
    reasons: z.array(IneligibilityReasonSchema).meta({ description: 'Why the person cannot be ordered; empty when they can' }),
    print: euros.meta({ description: 'Print price of their age band' }),
    order: euros.meta({ description: 'Licence price of their age band' }),
    sum: euros.meta({ description: 'Licence + print price' }),
  })
  .meta({ id: 'PersonForOrdering' });

export const OrderReportLineSchema = z
  .object({
    ordersystemId: z.number().int(),
    ordercat: z.string(),
    memberName: z.string(),
    age: z.number().int().nullable(),
    print: z.boolean(),
    order: z.boolean(),
    disabled: z.boolean(),
    sum: euros,
  })
  .extend({
    orgId: z.number().int(),
    orgName: z.string(),
    bso: text,
    memberId: z.number().int(),
    regNr: text.meta({ description: 'Licence number' }),
    status: z.string(),
    completed: isoDay.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    creator: text.meta({ description: 'Who placed the order' }),
  })
  .meta({ id: 'OrderReportLine' });

export const OrderPageSchema = z.object({ items: z.array(OrderSchema), total: z.number().int() }).meta({ id: 'OrderPage' });
export const OrderReportPageSchema = z
  .object({ items: z.array(OrderReportLineSchema), total: z.number().int() })
  .meta({ id: 'OrderReportPage' });

/** The wizard's persons step: the persons with their flags, and the category's offer for the organisation. */
export const PersonsForOrderingSchema = z
  .object({
    ordercat: z.string(),
    year: z.number().int(),
    baseAmount: euros.meta({ description: 'Added once to every licence order' }),
    persons: z.array(PersonForOrderingSchema),
    total: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Paged or searched: how many persons match in all (the answer holds one page of them)' }),
  })
  .meta({ id: 'PersonsForOrdering' });

/** A category as the wizard offers it to one organisation: available, or why not. */
export const CategoryOfferSchema = z
  .object({
    cat: z.string(),
    kind: z.enum(['licence', 'clubFee']),
    year: z.number().int(),
    available: z.boolean(),
    reason: z.enum(['clubFeeRequired', 'alreadyOrdered']).optional(),
    clubFee: z.string().optional().meta({ description: 'The club fee category the year needs (reason clubFeeRequired)' }),
    price: euros.nullable().meta({ description: 'Club fee categories: the fee' }),
  })
  .meta({ id: 'CategoryOffer' });

export type Order = z.infer<typeof OrderSchema>;
export type OrderItem = z.infer<typeof OrderItemSchema>;
export type OrderCategory = z.infer<typeof OrderCategorySchema>;
export type PersonForOrdering = z.infer<typeof PersonForOrderingSchema>;
export type OrderReportLine = z.infer<typeof OrderReportLineSchema>;
export type OrderPage = z.infer<typeof OrderPageSchema>;
export type OrderReportPage = z.infer<typeof OrderReportPageSchema>;
export type PersonsForOrdering = z.infer<typeof PersonsForOrderingSchema>;
export type CategoryOfferAnswer = z.infer<typeof CategoryOfferSchema>;

// ——— queries ———

const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET /order/{orgId} and /v2/admin/{orgId}/orders: search, state filters (comma-separated), page. */
export const orderListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().meta({ description: 'Words in the order number, category, organisation or BSO' }),
  state: z
    .string()
    .regex(new RegExp(`^(${ORDER_STATES.join('|')})(,(${ORDER_STATES.join('|')}))*$`), 'stateInvalid')
    .optional()
    .meta({ description: 'created, completed and/or remitted, comma-separated; omitted: all' }),
  page: pageNumber,
  size: z.coerce.number().int().min(1).max(100).default(11),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderReportQuerySchema = z.object({
  q: z.string().trim().max(100).optional().meta({ description: 'Words in the member name, licence number, category or organisation' }),
  page: pageNumber,
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderReportQuery = z.infer<typeof orderReportQuerySchema>;

// ——— requests ———

/** A category name: capitals, digits and underscores ('JAHRESLIZENZ_2027', 'KLEIDUNG_POLO'). */
export const categoryNameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(64, 'categoryNameInvalid')
  .regex(/^[A-Z0-9_]+$/, 'categoryNameInvalid');

/** How many persons one page of the wizard's persons step holds. */

/**
 * GET /order/{orgId}/persons: the category, and optionally a page and search words. Without page,
 * size and q the answer holds every person (as it always did); with any of them one page, and the total.
 */
export const personsForOrderingQuerySchema = z.object({
  ordercat: categoryNameSchema.meta({ example: 'JAHRESLIZENZ_2027' }),
  q: z.string().trim().max(100).optional().meta({ description: 'Words in the name, licence number or e-mail (every word must occur)' }),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: `Persons per page (default ${PERSONS_PAGE_SIZE})` }),
});
export type PersonsForOrderingQuery = z.infer<typeof personsForOrderingQuerySchema>;

/**
 * A person to order: member id and whether a printed card is wanted. Prices a client sends
 * (params.price) are ignored, and so is a fee line (id null): the server prices every line and
 * adds the base amount itself.
 */
const memberChoice = z.object({
  id: dbId().nullable(),
  params: z.object({ print: z.boolean({ error: 'printInvalid' }).default(false) }).default({ print: false }),
});

/**
 * POST /order/{orgId}: a new order of a category, with its persons (licence orders) in the same
 * transaction. Price, summary and member count are the server's; a club fee order has no persons.
 */
export const orderCreateSchema = z.object({
  ordercat: categoryNameSchema,
  status: z.literal(CREATED_STATUS, { error: 'statusInvalid' }).optional(),
  members: z.array(memberChoice).max(1000, 'tooMany').default([]),
  /**
   * The total (euros) the client showed when the user confirmed. The server computes the total
   * itself; when it differs (a price changed meanwhile) nothing is ordered: 409 `price_changed`
   * with the server's total, so the user confirms the new amounts.
   */
  expectedTotal: z.number().min(0).max(100_000_000).optional().meta({ description: 'The total the user confirmed, in euros' }),
});

/** PUT /order/{orgId}: release (Freigegeben, completed today), refund (canceled) or send back (Erstellt). */
export const orderUpdateSchema = z.object({
  id: dbId(),
  status: z.enum(DECISION_STATUSES, { error: 'statusInvalid' }),
  updatedAt: updatedAtText(),
  /** With a release: persons taken out of the order first, in the same step. */
  removeMembers: z.array(dbId()).max(1000, 'tooMany').optional(),
});

/** POST /order/{orgId}/comment/{orderId}. */
export const orderCommentSchema = z.object({
  comment: z.string({ error: 'required' }).trim().min(1, 'required').max(2000, 'commentTooLong'),
});

/** POST /order/{orgId}/member/add: persons to add to an order (prices come from the category). */
export const orderMembersAddSchema = z.object({
  id: dbId(),
  ordercat: categoryNameSchema,
  members: z.array(memberChoice).min(1, 'required').max(1000, 'tooMany'),
});

/** POST /order/{orgId}/member/remove: persons to take out of an order not yet completed. */
export const orderMembersRemoveSchema = z.object({
  id: dbId(),
  members: z.array(dbId()).min(1, 'required').max(1000, 'tooMany'),
});
