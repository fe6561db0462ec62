/**
 * The EPC QR code ("GiroCode", "Zahlen mit Code", EPC069-12, version 002): what a banking app
 * reads to fill in a SEPA credit transfer. Lines, separated by LF: service tag BCD, version 002,
 * character set 1 (UTF-8), identification SCT, BIC, beneficiary name (≤ 70), IBAN, amount
 * "EUR" + euros with at most two decimals (0.01 … 999999999.99), purpose (empty), structured
 * reference (empty), remittance text (≤ 140), beneficiary information (empty).
 */

export type EpcTransfer = { bic: string; name: string; iban: string; amountCents: number; text: string };

export function epcPayload(t: EpcTransfer): string {
  if (!Number.isSafeInteger(t.amountCents) || t.amountCents < 1 || t.amountCents > 99_999_999_999) {
    throw new RangeError(`EPC amount out of range: ${t.amountCents}`);
  }
  const euros = `${Math.floor(t.amountCents / 100)}.${String(t.amountCents % 100).padStart(2, '0')}`;
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    t.bic,
    t.name.slice(0, 70),
    t.iban.replace(/\s+/g, ''),
    `EUR${euros}`,
    '',
    '',
    t.text.slice(0, 140),
  ].join('\n');
}

/** The transfer an EPC payload describes (what a banking app would fill in); null when it is not one. */
export function parseEpcPayload(payload: string): EpcTransfer | null {
  const lines = payload.split('\n');
  if (lines[0] !== 'BCD' || lines[3] !== 'SCT') return null;
  const m = /^EUR(\d+)\.(\d{2})$/.exec(lines[7] ?? '');
  if (!m) return null;
  return { bic: lines[4], name: lines[5], iban: lines[6], amountCents: Number(m[1]) * 100 + Number(m[2]), text: lines[10] ?? '' };
}
