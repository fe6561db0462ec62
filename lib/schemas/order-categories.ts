import { z } from 'zod';
import { overlappingBands } from '@/lib/domain/orders/age-bands';
import { CATEGORY_GROUPS, groupHasWeight } from '@/lib/domain/orders/categories';
import { eurosToCents, PRICE_MAX_LENGTH } from '@/lib/domain/orders/money';
import { dbId, updatedAtText } from './common';
import { categoryNameSchema } from './orders';

/**
 * What the order category form (form 58) sends: price, weight, year and age bands as typed,
 * converted to cents, grams and numbers on the way in. Zod only (no server imports).
 */

/**
 * A price as the category form sends it: digits with an optional decimal point (at most two
 * decimals), at most 7 characters; numbers are accepted as well. Empty = no price. Out: cents.
 */
const priceInput = z
  .union([z.number(), z.string().trim()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const textValue = typeof v === 'number' ? String(v) : v;
    const cents = textValue.length <= PRICE_MAX_LENGTH && /^\d+(\.\d{1,2})?$/.test(textValue) ? eurosToCents(textValue) : null;
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'priceInvalid' });
      return z.NEVER;
    }
    return cents;
  });

/** Weight: digits and one decimal point, at most 6 characters; empty = none. Out: grams. */
const weightInput = z
  .union([z.number(), z.string().trim()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const textValue = typeof v === 'number' ? String(v) : v;
    if (textValue.length > 6 || !/^\d+(\.\d{0,2})?$/.test(textValue)) {
      ctx.addIssue({ code: 'custom', message: 'weightInvalid' });
      return z.NEVER;
    }
    return Number(textValue);
  });

/** Year: digits only, 4 of them. */
const yearInput = z
  .union([z.number(), z.string().trim()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const textValue = String(v);
    if (!/^\d{4}$/.test(textValue)) {
      ctx.addIssue({ code: 'custom', message: 'yearInvalid' });
      return z.NEVER;
    }
    return Number(textValue);
  });

const ageBandInput = z
  .object({
    age: z.tuple([z.number().int().min(0).max(150), z.number().int().min(0).max(150)], { error: 'ageBandInvalid' }),
    license: priceInput,
    print: priceInput,
  })
  .refine((b) => b.age[0] <= b.age[1], { message: 'ageBandInvalid', path: ['age'] })
  .transform((b) => ({ min: b.age[0], max: b.age[1], licenceCents: b.license ?? 0, printCents: b.print ?? 0 }));

/**
 * POST (new) and PUT (with id and updatedAt) /v2/admin/{orgId}/category: the category form.
 * Weight only for clothing (KLEIDUNG); licence categories need a year; age bands must not overlap.
 */
export const orderCategoryInputSchema = z
  .object({
    id: dbId().optional(),
    updatedAt: updatedAtText().optional(),
    cat: categoryNameSchema,
    params: z.object({
      year: yearInput,
      price: priceInput,
      netPrice: priceInput,
      memberNetPrice: priceInput,
      weight: weightInput,
      group: z.enum(CATEGORY_GROUPS, { error: 'groupInvalid' }),
      /** The age bands; left out on a change keeps them, null or [] clears them. */
      category: z.array(ageBandInput).max(20, 'tooMany').nullable().optional(),
    }),
  })
  .superRefine((v, ctx) => {
    if (v.params.weight !== null && !groupHasWeight(v.params.group)) {
      ctx.addIssue({ code: 'custom', message: 'weightOnlyForClothing', path: ['params', 'weight'] });
    }
    if (v.params.group === 'JAHRESLIZENZ' && v.params.year === null)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['params', 'year'] });
    if (v.id !== undefined && v.updatedAt === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['updatedAt'] });
    // an overlap is shown at each band it concerns
    for (const i of overlappingBands(v.params.category ?? []))
      ctx.addIssue({ code: 'custom', message: 'ageBandsOverlap', path: ['params', 'category', i, 'age'] });
  });

export type OrderCategoryValues = z.output<typeof orderCategoryInputSchema>;
