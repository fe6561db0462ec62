/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { cardToken, licenceCardText, parseLicenceCardText, splitCardToken } from '@/lib/domain/licence-card';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import { functionAssignments, invoiceCounters, orderInvoices } from '@/server/db/schema';
import { MAX_CHECKS, WINDOW_MS } from '@/server/limits/licence-status-limit';
import { signLicenceText } from '@/server/services/licence-signing';
import { parseEpcPayload } from '@/lib/domain/orders/epc-qr';
import { answerOf, call, client, createTestApp, errorOf, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, type TestDb } from './helpers/test-db';

/*
 * The order downloads as a club and the federation get them: the invoice (number, total, IBAN,
 * and an EPC QR code a banking app reads), licence cards whose QR code carries a signature anyone
 * can check with the published key, the cover letter, and the licence export; each refused to
 * those who may not have it. Cards and their letter exist only for held licences (released, not
 * refunded), and the public online check tells valid, revoked and unknown cards apart, per client
 * address limited, naming nobody. PDFs are read back with Debian's poppler (pdftotext, pdftoppm) and
 * the QR codes decoded from the rendered page.
 */

const CLUB = 11;
/** The demo club's released advance licence order for next year (one person with a printed card). */
const RELEASED = 118;
/** The demo club's created licence order for next year. */
const CREATED = 119;
const nextYear = new Date().getFullYear() + 1;

describe('order downloads', () => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let work: string;

  beforeAll(async () => {
    tdb = await createTestDb('pglite');
    t = createTestApp(tdb.db);
    const who = ['verein', 'verband', 'land', 'trainer'];
    tokens = Object.fromEntries(await Promise.all(who.map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])));
    work = mkdtempSync(path.join(tmpdir(), 'reports-'));
  }, 120_000);
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    t?.cleanup();
    await tdb?.close();
  });

  /** The order's first line with a person (a licence line). */
  const personOf = <L extends { mgId: number | null }>(lines: L[]) => {
    const line = lines.find((l) => l.mgId !== null);
    if (!line || line.mgId === null) throw new Error('no person in the order');
    return { ...line, mgId: line.mgId };
  };
  /** A report download (bytes, read by status, headers and raw answer). */
  const get = (url: string, who: string) => call(t.app, 'GET', url, { token: tokens[who] });
  const orders = (who: string) => client(t, tokens[who]).api.v1.order[':orgId'];
  const orderOf = (id: number, who: string) =>
    answerOf(orders(who)[':orderId'].$get({ param: { orgId: String(CLUB), orderId: String(id) } }), 200);
  const itemsOf = (id: number) =>
    answerOf(orders('verband').items[':orderId'].$get({ param: { orgId: String(CLUB), orderId: String(id) } }), 200);
  /** The public online check of one card, from a client address of its own unless one is named. */
  let nextClient = 1;
  const cardStatus = async (card: string, ip = `198.51.100.${nextClient++}`) => {
    const res = await client(t, undefined, ip).api.v1.public['licence-status'].$post({ json: { card } });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
  /** The QR address of the released order's card, read back from the PDF. */
  let releasedCard = '';
  async function pdf(url: string, who: string): Promise<{ res: Response; file: string }> {
    const { raw } = await get(url, who);
    const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, Buffer.from(await raw.arrayBuffer()));
    return { res: raw, file };
  }
  const text = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const euro = (value: number) =>
    new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value).replace(/\u00a0/g, ' ');
  const dayText = (iso: string) => iso.split('-').reverse().join('.');
  /** Every QR code on the PDF's first page, decoded. */
  function qrCodes(file: string): string[] {
    const prefix = `${file}-page`;
    execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', file, prefix]);
    const pngFile = readdirSync(work).find((f) => path.join(work, f).startsWith(prefix))!;
    const png = PNG.sync.read(readFileSync(path.join(work, pngFile)));
    const found: string[] = [];
    // jsQR finds one code per image: scan the page in overlapping tiles.
    const tile = 600;
    for (let y = 0; y < png.height; y += tile / 2) {
      for (let x = 0; x < png.width; x += tile / 2) {
        const w = Math.min(tile, png.width - x);
        const h = Math.min(tile, png.height - y);
        const data = new Uint8ClampedArray(w * h * 4);
        for (let row = 0; row < h; row++)
          data.set(png.data.subarray(((y + row) * png.width + x) * 4, ((y + row) * png.width + x + w) * 4), row * w * 4);
        const code = jsQR(data, w, h);
        if (code && !found.includes(code.data)) found.push(code.data);
      }
    }
    return found;
  }

  it('gives the club its invoice: number, total, IBAN, and an EPC QR code with amount, IBAN and reference', async () => {
    const order = await orderOf(RELEASED, 'verein');
    expect(order.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    const { res, file } = await pdf(`/api/v1/reports/invoice?order=${RELEASED}`, 'verein');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Invoice-${CLUB}-${RELEASED}.pdf"`);
    const words = text(file);
    expect(words).toContain(`Rechnung ${order.invoiceNumber}`);
    expect(words).toContain('AT61 1904 3002 3457 3201');
    const total = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(order.summary.price);
    expect(words.replace(/\u00a0/g, ' ')).toContain(total.replace(/\u00a0/g, ' '));
    expect(words).toContain(order.invoiceReference ?? 'a reference');

    const [epc] = qrCodes(file).map(parseEpcPayload).filter(Boolean);
    expect(epc).toEqual({
      bic: 'BKAUATWW',
      name: 'Österreichischer Bogensportverband',
      iban: 'AT611904300234573201',
      amountCents: Math.round(order.summary.price * 100),
      text: expect.stringContaining(order.invoiceReference),
    });
  });

  it('has no invoice for an order not yet released, and none for another club', async () => {
    const created = await get(`/api/v1/reports/invoice?order=${CREATED}`, 'verein');
    expect(created.status).toBe(409);
    expect(errorOf(created).code).toBe('no_invoice_yet');
    expect((await get('/api/v1/reports/invoice?order=181', 'verein')).status).toBe(403);
    expect((await get(`/api/v1/reports/invoice?order=${RELEASED}`, 'land')).status).toBe(200);
    expect((await get(`/api/v1/reports/invoice?order=${RELEASED}`, 'trainer')).status).toBe(403);
    expect((await get('/api/v1/reports/invoice?order=999999', 'verband')).status).toBe(404);
  });

  it('gives a created order a payment request: amount, IBAN, reference and an EPC code, and no invoice number', async () => {
    const order = await orderOf(CREATED, 'verein');
    expect(order).toMatchObject({ state: 'created', invoiceNumber: null, paymentRequest: true });
    const { res, file } = await pdf(`/api/v1/reports/payment-request?order=${CREATED}`, 'verein');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Zahlungsaufforderung-${CLUB}-${CREATED}.pdf"`);
    const words = text(file).replace(/\u00a0/g, ' ');
    expect(words).toContain('Zahlungsaufforderung');
    expect(words).toContain('AT61 1904 3002 3457 3201');
    expect(words).toContain(order.invoiceReference ?? 'a reference');
    expect(words).toContain(euro(order.summary.price));
    expect(words).not.toMatch(/Rechnung \d{4}-\d{6}/);
    expect(words).not.toContain('Rechnungsdatum');
    const [epc] = qrCodes(file).map(parseEpcPayload).filter(Boolean);
    expect(epc).toEqual({
      bic: 'BKAUATWW',
      name: 'Österreichischer Bogensportverband',
      iban: 'AT611904300234573201',
      amountCents: Math.round(order.summary.price * 100),
      text: expect.stringContaining(order.invoiceReference),
    });
  });

  it('has no payment request once the order is released, and none for another club', async () => {
    expect((await orderOf(RELEASED, 'verein')).paymentRequest).toBe(false);
    const released = await get(`/api/v1/reports/payment-request?order=${RELEASED}`, 'verein');
    expect(released.status).toBe(409);
    expect(errorOf(released)).toMatchObject({ code: 'payment_request_closed', field: 'order', value: RELEASED });
    expect((await get('/api/v1/reports/payment-request?order=181', 'verein')).status).toBe(403);
    expect((await get(`/api/v1/reports/payment-request?order=${CREATED}`, 'trainer')).status).toBe(403);
    expect((await get(`/api/v1/reports/payment-request?order=${CREATED}`, 'land')).status).toBe(200);
    expect((await get('/api/v1/reports/payment-request?order=999999', 'verband')).status).toBe(404);
  });

  it('has no cancellation invoice for an order never cancelled', async () => {
    const res = await get(`/api/v1/reports/cancellation?order=${RELEASED}`, 'verein');
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe('no_cancellation');
    expect((await get('/api/v1/reports/cancellation?order=181', 'verein')).status).toBe(403);
    expect((await get(`/api/v1/reports/cancellation?order=${RELEASED}&number=x`, 'verein')).status).toBe(422);
  });

  it('prints licence cards whose QR code verifies with the published key, and fails when one character changes', async () => {
    expect((await get(`/api/v1/reports/licenses?order=${RELEASED}`, 'verein')).status).toBe(403);
    expect((await get(`/api/v1/reports/licenses?order=${RELEASED}`, 'land')).status).toBe(403);
    const { res, file } = await pdf(`/api/v1/reports/licenses?order=${RELEASED}`, 'verband');
    expect(res.status).toBe(200);
    // streamed while it is drawn: no length announced, and still a whole document
    expect(res.headers.get('content-length')).toBeNull();
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+\d+/);
    const person = personOf(await itemsOf(RELEASED));
    expect(text(file)).toContain(`${person.firstName} ${person.surname}`);

    const [qr] = qrCodes(file);
    expect(qr).toMatch(/\/verify#/);
    const token = splitCardToken(qr.split('#')[1])!;
    expect(parseLicenceCardText(token.text)).toMatchObject({ memberId: person.mgId, year: nextYear, surname: person.surname });

    const key = await answerOf(client(t).api.v1['licence-key'].$get(), 200);
    expect(key.alg).toBe('Ed25519');
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.publicKey }, format: 'jwk' });
    expect(verify(null, Buffer.from(token.bytes), publicKey, Buffer.from(token.signature))).toBe(true);
    const forged = Buffer.from(token.text.replace(String(nextYear), String(nextYear + 1)), 'utf8');
    expect(verify(null, forged, publicKey, Buffer.from(token.signature))).toBe(false);
    releasedCard = qr;
  });

  it('prints no card and no cover letter for an order not released: 409 licences_not_held', async () => {
    for (const url of [
      `/api/v1/reports/licenses?order=${CREATED}`,
      `/api/v1/reports/licenses?order=${CREATED}&all=true`,
      `/api/v1/reports/attachment?order=${CREATED}`,
    ]) {
      const res = await get(url, 'verband');
      expect(res.status).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'licences_not_held', field: 'order', value: CREATED });
    }
  });

  it('checks a card online without sign-in: valid for a held licence, unknown for a changed, unsigned or never issued one, naming nobody', async () => {
    const person = personOf(await itemsOf(RELEASED));
    const token = releasedCard.split('#')[1];

    const valid = await cardStatus(token);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ status: 'valid' });
    expect(valid.headers.get('cache-control')).toBe('no-store');
    // The whole address the QR code holds is taken as well.
    expect((await cardStatus(releasedCard)).body).toEqual({ status: 'valid' });

    const parts = splitCardToken(token)!;
    const changed = cardToken(parts.text.replace(String(nextYear), String(nextYear + 1)), parts.signature);
    const neverIssuedText = licenceCardText({
      memberId: 999_999,
      regNr: '9999999',
      firstName: 'Nie',
      surname: 'Bestellt',
      birthDate: '2000-01-01',
      club: 'Kein Verein',
      year: nextYear,
    });
    const neverIssued = cardToken(neverIssuedText, signLicenceText(t.env.licenceKeyFile, neverIssuedText));
    // The same person, signed for a year no order of theirs covers.
    const otherYearText = parts.text.replace(`|${nextYear}`, `|${nextYear + 5}`);
    const otherYear = cardToken(otherYearText, signLicenceText(t.env.licenceKeyFile, otherYearText));
    for (const card of [changed, 'kein-ausweis', `${token.split('.')[0]}.`, neverIssued, otherYear]) {
      const res = await cardStatus(card);
      expect([card, res.status, res.body]).toEqual([card, 200, { status: 'unknown' }]);
    }
    for (const res of [valid, await cardStatus(changed)]) {
      const raw = JSON.stringify(res.body);
      for (const personal of [person.firstName, person.surname, String(person.mgId)]) expect(raw).not.toContain(personal);
    }
    const missing = await call(t.app, 'POST', '/api/v1/public/licence-status', { json: {} });
    expect(missing.status).toBe(422);
    expect(errorOf(missing)).toMatchObject({ code: 'validation', field: 'card' });
  });

  it(`limits the online check to ${MAX_CHECKS} a client address within the window: 429 with Retry-After, other addresses unaffected`, async () => {
    const token = releasedCard.split('#')[1];
    const ip = '203.0.113.77';
    for (let i = 0; i < MAX_CHECKS; i++) expect((await cardStatus(token, ip)).status).toBe(200);
    const refused = await cardStatus(token, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
    expect(JSON.stringify(refused.body)).not.toContain(token.slice(0, 20));
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect((await cardStatus(token, '203.0.113.78')).status).toBe(200);
    t.clock.advance(WINDOW_MS);
    expect((await cardStatus(token, ip)).body).toEqual({ status: 'valid' });
  });

  it('writes the cover letter for the federation only', async () => {
    expect((await get(`/api/v1/reports/attachment?order=${RELEASED}`, 'verein')).status).toBe(403);
    const { res, file } = await pdf(`/api/v1/reports/attachment?order=${RELEASED}`, 'verband');
    expect(res.status).toBe(200);
    expect(text(file)).toContain(`Lizenzkarten ${nextYear}`);
  });

  it('exports the year’s licences for tournament software', async () => {
    expect((await get(`/api/v1/reports/licences.csv?year=${nextYear}`, 'verein')).status).toBe(403);
    expect((await get('/api/v1/reports/licences.csv?year=20x6', 'verband')).status).toBe(422);
    const res = await get(`/api/v1/reports/licences.csv?year=${nextYear}`, 'verband');
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.raw.arrayBuffer()).toString('utf8');
    const [header, ...lines] = body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(header).toBe('Lizenznummer;Nachname;Vorname;Geburtsdatum;Geschlecht;Verein;Vereinsnummer;Altersklasse;Bundesland');
    // The advance licence of next year is in it.
    const person = personOf(await itemsOf(RELEASED));
    expect(lines.some((l) => l.includes(`;${person.surname};${person.firstName};`))).toBe(true);
  });

  // After the export: removes the licence the export lists.
  it('has no card for a licence removed since the release, and checks its card as revoked', async () => {
    const person = personOf(await itemsOf(RELEASED));
    const removed = await tdb.db
      .delete(functionAssignments)
      .where(
        and(
          eq(functionAssignments.memberId, person.mgId),
          eq(functionAssignments.roleId, FUNCTION_LICENCE),
          eq(functionAssignments.dateFrom, `${nextYear}-01-01`),
        ),
      )
      .returning();
    expect(removed).toHaveLength(1);
    const { res, file } = await pdf(`/api/v1/reports/licenses?order=${RELEASED}&all=true`, 'verband');
    expect(res.status).toBe(200);
    expect(text(file)).not.toContain(person.surname);
    expect((await cardStatus(releasedCard.split('#')[1])).body).toEqual({ status: 'revoked' });
  });

  // Last: refunds the released order the tests above read.
  it('takes the cards back with a refund: no card, no letter, and the card already printed checks as revoked', async () => {
    const order = await orderOf(RELEASED, 'verband');
    await answerOf(
      orders('verband').$put({ param: { orgId: String(CLUB) }, json: { id: RELEASED, status: 'canceled', updatedAt: order.updatedAt } }),
      200,
    );
    for (const url of [
      `/api/v1/reports/licenses?order=${RELEASED}`,
      `/api/v1/reports/licenses?order=${RELEASED}&all=true`,
      `/api/v1/reports/attachment?order=${RELEASED}`,
    ]) {
      const res = await get(url, 'verband');
      expect([url, res.status, errorOf(res).code]).toEqual([url, 409, 'licences_not_held']);
    }
    expect((await cardStatus(releasedCard.split('#')[1])).body).toEqual({ status: 'revoked' });
  });

  // After the refund above.
  it('cancels the invoice of the refunded order with the next number of the sequence, and the invoice asks for nothing more', async () => {
    const order = await orderOf(RELEASED, 'verein');
    const [invoice, cancellation] = order.invoices;
    expect(order.invoiceNumber).toBeNull();
    expect(invoice).toMatchObject({ kind: 'invoice', cancelledBy: cancellation.number });
    expect(cancellation).toMatchObject({ kind: 'cancellation', cancels: invoice.number, total: -invoice.total });
    const year = Number(cancellation.issuedOn.slice(0, 4));
    const [counter] = await tdb.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, year));
    // The last number taken is the cancellation's: no number was skipped or used twice.
    expect(cancellation.number).toBe(`${year}-${String(counter.last).padStart(6, '0')}`);
    const numbers = (
      await tdb.db
        .select({ number: orderInvoices.number })
        .from(orderInvoices)
        .where(like(orderInvoices.number, `${year}-%`))
    )
      .map((r) => Number(r.number.slice(5)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: counter.last }, (_, i) => i + 1).slice(-numbers.length));

    const storno = await pdf(`/api/v1/reports/cancellation?order=${RELEASED}`, 'verein');
    expect(storno.res.status).toBe(200);
    expect(storno.res.headers.get('content-disposition')).toBe(`attachment; filename="Stornorechnung-${cancellation.number}.pdf"`);
    const stornoWords = text(storno.file).replace(/\u00a0/g, ' ');
    expect(stornoWords).toContain(`Stornorechnung ${cancellation.number}`);
    expect(stornoWords).toContain(`Storno zu Rechnung ${invoice.number} vom ${dayText(invoice.issuedOn)}`);
    expect(stornoWords).toContain(euro(-invoice.total));
    expect(qrCodes(storno.file)).toEqual([]);
    expect((await get(`/api/v1/reports/cancellation?order=${RELEASED}&number=${cancellation.number}`, 'verband')).status).toBe(200);
    expect((await get(`/api/v1/reports/cancellation?order=${RELEASED}&number=${invoice.number}`, 'verband')).status).toBe(404);

    const original = await pdf(`/api/v1/reports/invoice?order=${RELEASED}`, 'verein');
    expect(original.res.status).toBe(200);
    const originalWords = text(original.file).replace(/\u00a0/g, ' ');
    expect(originalWords).toContain(`Rechnung ${invoice.number}`);
    expect(originalWords).toContain('STORNIERT');
    expect(originalWords).toContain(`Stornorechnung ${cancellation.number} vom ${dayText(cancellation.issuedOn)}`);
    expect(originalWords).not.toContain('Bitte überweisen');
    expect(qrCodes(original.file).map(parseEpcPayload).filter(Boolean)).toEqual([]);
    // Refunded: nothing to pay, so no payment request either.
    expect(errorOf(await get(`/api/v1/reports/payment-request?order=${RELEASED}`, 'verein')).code).toBe('payment_request_closed');
  });
});
