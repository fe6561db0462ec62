import { z } from 'zod';
import { LICENCE_CARD_STATUSES } from '@/lib/domain/licence-card';

/**
 * The public licence-status check: one card's signed text in, one word out. A card's text is a
 * few hundred characters; the cap keeps a request from carrying more. Zod only (no server imports).
 */

export const LICENCE_CARD_MAX_LENGTH = 2000;

export const licenceStatusRequestSchema = z
  .object({
    card: z.string({ error: 'required' }).min(1, 'required').max(LICENCE_CARD_MAX_LENGTH, 'tooLong').meta({
      description: "The card's QR text: `{data}.{signature}` (what follows '#' in the verification address), or the whole address",
      example: 'TDF8NDJ8MzAx….c2lnbmF0dXJl',
    }),
  })
  .meta({ id: 'LicenceStatusRequest' });

export const LicenceStatusSchema = z
  .object({
    status: z.enum(LICENCE_CARD_STATUSES).meta({
      description:
        'valid: the licence is held; revoked: it no longer is (order refunded or sent back, licence removed); unknown: no card the federation signed',
    }),
  })
  .meta({ id: 'LicenceStatus' });
