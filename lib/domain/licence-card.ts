import { CANCELED_STATUS } from './orders/availability';

/**
 * What a licence card's QR code carries: the licence data and an Ed25519 signature over it, so
 * anyone can check a card offline with the federation's public key. The text is
 * `{base64url(data)}.{base64url(signature)}` after `#` in the verification page's address; the
 * data is a fixed field list joined by '|' (version first), so the signed bytes are unambiguous.
 */

export type LicenceCardData = {
  memberId: number;
  regNr: string;
  firstName: string;
  surname: string;
  birthDate: string;
  club: string;
  year: number;
};

const VERSION = 'L1';

export function licenceCardText(d: LicenceCardData): string {
  const clean = (v: string) => v.replace(/[|\n\r]/g, ' ');
  return [VERSION, d.memberId, clean(d.regNr), clean(d.firstName), clean(d.surname), d.birthDate, clean(d.club), d.year].join('|');
}

export function parseLicenceCardText(text: string): LicenceCardData | null {
  const parts = text.split('|');
  if (parts.length !== 8 || parts[0] !== VERSION) return null;
  const [, memberId, regNr, firstName, surname, birthDate, club, year] = parts;
  if (!/^\d+$/.test(memberId) || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate) || !/^\d{4}$/.test(year)) return null;
  return { memberId: Number(memberId), regNr, firstName, surname, birthDate, club, year: Number(year) };
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The QR text (after '#'): signed data and signature. */
export function cardToken(text: string, signature: Uint8Array): string {
  return `${toBase64Url(new TextEncoder().encode(text))}.${toBase64Url(signature)}`;
}

/** Splits a card token into the signed bytes, their text and the signature; null when malformed. */
export function splitCardToken(token: string): { bytes: Uint8Array; text: string; signature: Uint8Array } | null {
  const [data, sig, extra] = token.split('.');
  if (!data || !sig || extra !== undefined) return null;
  const bytes = fromBase64Url(data);
  const signature = fromBase64Url(sig);
  if (!bytes || !signature || signature.length !== 64) return null;
  return { bytes, text: new TextDecoder().decode(bytes), signature };
}

/**
 * A licence is held while the order that bought it is released and not taken back (refunded, or
 * sent back to created), and the person still has the licence (function 29) on record for the
 * year. Only a held licence has a card: the federation signs nothing else.
 */
export type LicenceOrderState = { status: string; completed: string | null };

/** Whether an order's licences are held (released, not refunded or sent back), so its cards exist. */
export function orderLicencesHeld(order: LicenceOrderState): boolean {
  return order.completed !== null && order.status !== CANCELED_STATUS;
}

/** Whether a person's licence is held: one of their orders for the year is held and the licence is on record. */
export function licenceHeld(ordersOfYear: readonly LicenceOrderState[], licenceOnRecord: boolean): boolean {
  return licenceOnRecord && ordersOfYear.some(orderLicencesHeld);
}

/**
 * The online answer for one card, without personal data:
 * - unknown: the signature does not hold, or no order of the card's year ever had the person;
 * - valid: the licence is held;
 * - revoked: it was bought but is no longer held (refunded, sent back, licence removed).
 */
export const LICENCE_CARD_STATUSES = ['valid', 'revoked', 'unknown'] as const;
export type LicenceCardStatus = (typeof LICENCE_CARD_STATUSES)[number];

export function licenceCardStatus(card: {
  genuine: boolean;
  ordersOfYear: readonly LicenceOrderState[];
  licenceOnRecord: boolean;
}): LicenceCardStatus {
  if (!card.genuine || card.ordersOfYear.length === 0) return 'unknown';
  return licenceHeld(card.ordersOfYear, card.licenceOnRecord) ? 'valid' : 'revoked';
}
