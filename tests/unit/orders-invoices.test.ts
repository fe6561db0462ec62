import {
  cancellationAmounts,
  cancellationOf,
  invoiceInForce,
  invoiceLineText,
  invoiceNumberText,
  invoicePayable,
  invoiceStep,
  netOf,
  paymentRequestOffered,
  type InvoiceDocument,
} from '@/lib/domain/orders/invoices';

/*
 * The order's accounting documents: an invoice at release, a cancellation invoice when an invoiced
 * order is refunded or sent back, a new invoice (never the old number) when it is released again,
 * and a payment request while the order is created.
 */

const invoice = (number: string): InvoiceDocument => ({ kind: 'invoice', number, cancelsNumber: null });
const cancellation = (number: string, cancels: string): InvoiceDocument => ({ kind: 'cancellation', number, cancelsNumber: cancels });

describe('invoice in force', () => {
  it('is none before the first release', () => {
    expect(invoiceInForce([])).toBeNull();
  });
  it('is the invoice of the release', () => {
    expect(invoiceInForce([invoice('2026-000001')])?.number).toBe('2026-000001');
  });
  it('is none once the invoice is cancelled', () => {
    expect(invoiceInForce([invoice('2026-000001'), cancellation('2026-000002', '2026-000001')])).toBeNull();
  });
  it('is the new invoice after release, send-back and release again', () => {
    const docs = [invoice('2026-000001'), cancellation('2026-000002', '2026-000001'), invoice('2026-000003')];
    expect(invoiceInForce(docs)?.number).toBe('2026-000003');
    expect(cancellationOf(docs, '2026-000001')?.number).toBe('2026-000002');
    expect(cancellationOf(docs, '2026-000003')).toBeNull();
  });
});

describe('what a decision issues', () => {
  it('release issues an invoice, a new one after a cancellation', () => {
    expect(invoiceStep('release', false)).toBe('issue');
  });
  it('release of an order with an invoice in force issues none', () => {
    expect(invoiceStep('release', true)).toBe('none');
  });
  it.each(['refund', 'sendBack'] as const)('%s cancels the invoice in force', (decision) => {
    expect(invoiceStep(decision, true)).toBe('cancel');
  });
  it.each(['refund', 'sendBack'] as const)('%s of an order without invoice in force issues nothing', (decision) => {
    expect(invoiceStep(decision, false)).toBe('none');
  });
  it('gives every document of release, send-back, release, refund its own document: two invoices, two cancellations', () => {
    const docs: InvoiceDocument[] = [];
    let n = 0;
    const next = () => invoiceNumberText(2026, ++n);
    for (const decision of ['release', 'sendBack', 'release', 'refund'] as const) {
      const inForce = invoiceInForce(docs);
      const step = invoiceStep(decision, inForce !== null);
      if (step === 'issue') docs.push(invoice(next()));
      if (step === 'cancel') docs.push(cancellation(next(), inForce!.number));
    }
    expect(docs).toEqual([
      invoice('2026-000001'),
      cancellation('2026-000002', '2026-000001'),
      invoice('2026-000003'),
      cancellation('2026-000004', '2026-000003'),
    ]);
    expect(invoiceInForce(docs)).toBeNull();
  });
});

describe('cancellation amounts', () => {
  it('negates every line, net and gross', () => {
    expect(
      cancellationAmounts({
        grossCents: 23600,
        netCents: 19667,
        lines: [
          { text: 'Grundbetrag', grossCents: 14900 },
          { text: 'Jahreslizenz 2027: Marie Kovačević', grossCents: 8700 },
        ],
      }),
    ).toEqual({
      grossCents: -23600,
      netCents: -19667,
      lines: [
        { text: 'Grundbetrag', grossCents: -14900 },
        { text: 'Jahreslizenz 2027: Marie Kovačević', grossCents: -8700 },
      ],
    });
  });
  it('keeps zero at zero (never -0)', () => {
    expect(Object.is(cancellationAmounts({ grossCents: 0, netCents: 0, lines: [] }).grossCents, 0)).toBe(true);
  });
});

describe('asking for payment', () => {
  it('an invoice in force with an amount asks for payment; a cancelled one, a cancellation or a zero invoice not', () => {
    expect(invoicePayable({ kind: 'invoice', grossCents: 100 }, false)).toBe(true);
    expect(invoicePayable({ kind: 'invoice', grossCents: 100 }, true)).toBe(false);
    expect(invoicePayable({ kind: 'cancellation', grossCents: -100 }, false)).toBe(false);
    expect(invoicePayable({ kind: 'invoice', grossCents: 0 }, false)).toBe(false);
  });
  it('a payment request is offered for created orders only', () => {
    expect(paymentRequestOffered({ status: 'Erstellt', completed: null })).toBe(true);
    expect(paymentRequestOffered({ status: 'Freigegeben', completed: '2026-10-02' })).toBe(false);
    expect(paymentRequestOffered({ status: 'canceled', completed: null })).toBe(false);
  });
});

describe('numbers and lines', () => {
  it('numbers as year and six digits', () => {
    expect(invoiceNumberText(2026, 42)).toBe('2026-000042');
    expect(() => invoiceNumberText(2026, 0)).toThrow(RangeError);
  });
  it('names a fee line by its label and a person line by year, name and printed card', () => {
    expect(invoiceLineText(2027, { memberId: null, label: 'Grundbetrag', print: false, firstName: null, surname: null })).toBe(
      'Grundbetrag',
    );
    expect(invoiceLineText(2027, { memberId: 5, label: null, print: true, firstName: 'Łukasz', surname: 'Szőke' })).toBe(
      'Jahreslizenz 2027: Łukasz Szőke (mit Lizenzkarte)',
    );
  });
  it('computes net in the category proportion, gross when it has no net price', () => {
    expect(netOf(12000, { priceCents: 12000, netPriceCents: 10000 })).toBe(10000);
    expect(netOf(23600, { priceCents: 12000, netPriceCents: null })).toBe(23600);
    expect(netOf(23600, undefined)).toBe(23600);
  });
});
