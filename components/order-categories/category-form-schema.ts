import { z } from 'zod';
import { orderCategoryInputSchema } from '@/lib/schemas/order-categories';
import { toInput, type CategoryFormValues } from './category-form-values';

/** The API's category schema, on the values the form sends (a hidden weight is not sent). */
export const categoryFormSchema = z.preprocess((v) => toInput(v as CategoryFormValues), orderCategoryInputSchema);
