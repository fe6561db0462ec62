import { z } from 'zod';
import { isWebAddress, WEB_ADDRESS_MAX } from '@/lib/domain/web-address';

/**
 * Building blocks every schema of the API and the forms shares, so that a malformed value is
 * refused the same way everywhere instead of reaching the database (where it would be a 500).
 */

/** Ids are PostgreSQL `integer` columns: 1 … 2³¹−1. */
export const INT32_MAX = 2_147_483_647;

/** An id in a JSON body: a whole number 1 … 2³¹−1. */
export const dbId = (required = 'required') => z.number({ error: required }).int().positive().max(INT32_MAX);

/**
 * An id in a path or query string: digits only (no sign, exponent, hex or spaces, which
 * Number() would accept), 1 … 2³¹−1.
 */
export const idText = z
  .string()
  .regex(/^\d{1,10}$/, 'invalidId')
  .transform(Number)
  .pipe(z.number().int().positive().max(INT32_MAX, 'invalidId'))
  .meta({ type: 'integer', example: 11 });

/** A comma-separated list of ids in a query string; '' = empty list. */
export const idListText = z
  .string()
  .regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'idList')
  .transform((v) => (v ? v.split(',').map(Number) : []))
  .refine((ids) => ids.every((n) => n >= 1 && n <= INT32_MAX), 'idList');

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a calendar day that exists (not 2025-02-30, not 0000-00-00; years 0001 … 9999). */
export function isRealDate(v: string): boolean {
  if (!ISO_DATE_RE.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as they are.
  const last = new Date(0);
  last.setUTCFullYear(y, m, 0);
  return d <= last.getUTCDate();
}

/** A day as YYYY-MM-DD that exists in the calendar; `message` is the form's message key. */
export const isoDate = (message = 'invalidDate', required = 'required') =>
  z.string({ error: required }).min(1, required).regex(ISO_DATE_RE, message).refine(isRealDate, message);

/**
 * An updatedAt as the API handed it out (PostgreSQL or ISO timestamp text), on a day and at a
 * time that exist: PostgreSQL would refuse anything else only when comparing.
 */
export const updatedAtText = (message = 'updatedAtInvalid') =>
  z
    .string({ error: 'required' })
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}(:?\d{2})?)$/, message)
    .refine(
      (v) => isRealDate(v.slice(0, 10)) && Number(v.slice(11, 13)) < 24 && Number(v.slice(14, 16)) < 60 && Number(v.slice(17, 19)) < 60,
      message,
    );

/**
 * An optional web address (homepage, registration link …): trimmed; '' and null clear it; anything
 * else must be an absolute http(s) address (lib/domain/web-address.ts). `urlInvalid` and `tooLong`
 * are the form's message keys.
 */
export const optionalWebAddress = () =>
  z
    .string()
    .trim()
    .max(WEB_ADDRESS_MAX, 'tooLong')
    .refine((v) => v === '' || isWebAddress(v), 'urlInvalid')
    .nullish()
    .transform((v) => (v ? v : null))
    .meta({ format: 'uri', description: 'An absolute http:// or https:// address' });
