import { createRoute, z } from '@hono/zod-openapi';
import { access } from '../../http/access-rule';
import { ErrorSchema, errorResponses } from '../../http/errors';
import { BUSY_RETRY_AFTER_SECONDS, MAX_WAITING } from '../../reports/licence-cards-pool';
import { LicenceStatusSchema, licenceStatusRequestSchema } from '@/lib/schemas/licence-card';
import { MAX_CHECKS, WINDOW_MS } from '../../limits/licence-status-limit';
import { binary, idParam, json, publicCall } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/**
 * Order downloads as real PDFs rendered by the API, the public key that checks licence cards,
 * the public online check of one card, and the licence export for tournament software.
 */

const tags = ['Reports'];
const orderQuery = z.object({ order: idParam('Order id') });
const pdf = { 'application/pdf': { schema: binary } };

const invoiceNumberQuery = z
  .string()
  .regex(/^\d{4}-\d{6}$/, 'an invoice number such as 2026-000043')
  .optional()
  .meta({ description: 'A document of the order by its number (default: see the description)', example: '2026-000043' });

export const invoice = createRoute({
  method: 'get',
  path: '/api/v1/reports/invoice',
  operationId: 'downloadInvoice',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: "A released order's invoice (PDF, Invoice-{orgId}-{id}.pdf)",
  description:
    "For whoever may read the order. Invoice number (given at release from the year's gapless sequence), the club's address, lines and net/tax/gross as issued, the federation's bank details, the reference to quote (BSO and the order padded to 7 digits) and an EPC QR code (EPC069-12) that banking apps read. Without `number` the invoice in force, else the order's last invoice. A cancelled invoice is marked STORNIERT, names its cancellation invoice and has no payment code. 409 `no_invoice_yet` before the first release, 404 for a number that is not one of the order's invoices.",
  request: { query: orderQuery.extend({ number: invoiceNumberQuery }) },
  responses: { 200: { description: 'The invoice', content: pdf }, ...errorResponses(401, 403, 404, 409, 422) },
});

export const cancellation = createRoute({
  method: 'get',
  path: '/api/v1/reports/cancellation',
  operationId: 'downloadCancellationInvoice',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: "An order's cancellation invoice (Stornorechnung, PDF)",
  description:
    "For whoever may read the order. Issued when an invoiced order is refunded or sent back: its own number from the same gapless sequence as invoices, the number and date of the invoice it cancels, every amount negated, no payment code. Without `number` the order's last cancellation. 409 `no_cancellation` when the order has none, 404 for a number that is not one of the order's cancellations.",
  request: { query: orderQuery.extend({ number: invoiceNumberQuery }) },
  responses: { 200: { description: 'The cancellation invoice', content: pdf }, ...errorResponses(401, 403, 404, 409, 422) },
});

export const paymentRequest = createRoute({
  method: 'get',
  path: '/api/v1/reports/payment-request',
  operationId: 'downloadPaymentRequest',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: "A created order's payment request (Zahlungsaufforderung, PDF)",
  description:
    "For whoever may read the order, so a club can pay before the release: the lines and the amount, the federation's bank details, the reference to quote and an EPC QR code (EPC069-12); no invoice number (the invoice follows on release). 409 `payment_request_closed` for a released order (its invoice asks for payment) or a refunded one.",
  request: { query: orderQuery },
  responses: { 200: { description: 'The payment request', content: pdf }, ...errorResponses(401, 403, 404, 409, 422) },
});

export const licenceCards = createRoute({
  method: 'get',
  path: '/api/v1/reports/licenses',
  operationId: 'downloadLicenceCards',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Licence cards of an order (PDF; organisation levels below 2 only)',
  description:
    'One card per person who chose a printed card (all=true: every person of the order), with photo and a QR code: the verification page address with the licence data and its Ed25519 signature (key: GET /api/v1/licence-key). Cards exist only for held licences: 409 `licences_not_held` for an order that is not released or was refunded; a person whose licence was removed since has no card. 422 `not_a_licence_order` for other orders.',
  request: {
    query: orderQuery.extend({
      all: z.enum(['true', 'false']).optional().meta({ description: 'Every person, not only those with a printed card' }),
    }),
  },
  responses: {
    200: { description: 'The cards', content: pdf },
    ...errorResponses(401, 403, 404, 409, 422),
    503: {
      description: `\`busy\`: ${MAX_WAITING} card documents already wait to be drawn; try again after Retry-After (${BUSY_RETRY_AFTER_SECONDS} s). Or \`unavailable\`: the database is unreachable (Retry-After as given).`,
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
});

export const coverLetter = createRoute({
  method: 'get',
  path: '/api/v1/reports/attachment',
  operationId: 'downloadCoverLetter',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'The cover letter for the licence cards of an order (PDF; organisation levels below 2 only)',
  description: 'Lists the cards that exist: like the cards, 409 `licences_not_held` for an order that is not released or was refunded.',
  request: { query: orderQuery },
  responses: { 200: { description: 'The letter', content: pdf }, ...errorResponses(401, 403, 404, 409, 422) },
});

export const licencesExport = createRoute({
  method: 'get',
  path: '/api/v1/reports/licences.csv',
  operationId: 'exportLicences',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: "A year's active licences for tournament software (CSV; the federation)",
  description:
    "Columns: Lizenznummer; Nachname; Vorname; Geburtsdatum (YYYY-MM-DD); Geschlecht (m/w/d); Verein; Vereinsnummer (BSO); Altersklasse (in the year); Bundesland. ';' separated, UTF-8 with byte-order mark, CRLF; one line per person and club holding a licence (function 29) in the year.",
  request: {
    query: z.object({
      year: z
        .string()
        .regex(/^\d{4}$/, 'yearInvalid')
        .meta({ example: '2027' }),
    }),
  },
  responses: { 200: { description: 'The licences', content: { 'text/csv': { schema: binary } } }, ...errorResponses(401, 403, 422) },
});

export const licenceKey = createRoute({
  method: 'get',
  path: '/api/v1/licence-key',
  operationId: 'getLicenceKey',
  ...access.public,
  ...publicCall,
  tags,
  summary: 'The public key that checks licence cards (Ed25519, raw 32 bytes, base64url)',
  responses: {
    200: {
      description: 'The key',
      content: json(z.object({ alg: z.literal('Ed25519'), publicKey: z.string() }).meta({ id: 'LicenceKey' })),
    },
  },
});

export const licenceStatus = createRoute({
  method: 'post',
  path: '/api/v1/public/licence-status',
  operationId: 'getLicenceStatus',
  ...access.public,
  ...publicCall,
  tags,
  summary: 'Whether one licence card still stands: valid, revoked or unknown (no sign-in)',
  description: `The online step of checking a card, beside the offline signature check: valid (the licence is held), revoked (the order was refunded or sent back, or the licence removed), unknown (no card the federation signed: forged, changed or malformed). The answer names nobody. At most ${MAX_CHECKS} checks per client address within ${WINDOW_MS / 1000} seconds, then 429 \`rate_limited\` with Retry-After.`,
  request: { body: { content: json(licenceStatusRequestSchema), required: true } },
  responses: { 200: { description: "The card's status", content: json(LicenceStatusSchema) }, ...errorResponses(400, 413, 422, 429) },
});
