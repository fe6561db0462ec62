import type { CategoryGroup } from '@/lib/domain/orders/categories';
import type { OrderCategory } from '@/lib/schemas/orders';

/**
 * The category form holds what the API takes (orderCategoryInputSchema): prices, year and weight
 * as typed text, age bands as [from, to] with their prices. Numbers from the API become text with
 * two decimals for prices.
 */
export type AgeBandValues = { age: [number, number]; license: string; print: string };

export type CategoryFormValues = {
  cat: string;
  params: {
    group: CategoryGroup;
    year: string;
    price: string;
    netPrice: string;
    memberNetPrice: string;
    weight: string;
    category: AgeBandValues[];
  };
};

const money = (v: number | null | undefined) => (v === null || v === undefined ? '' : v.toFixed(2));

export function toFormValues(c: OrderCategory | null): CategoryFormValues {
  return {
    cat: c?.cat ?? '',
    params: {
      group: c?.params.group ?? 'JAHRESLIZENZ',
      year: c?.params.year === null || c?.params.year === undefined ? '' : String(c.params.year),
      price: money(c?.params.price),
      netPrice: money(c?.params.netPrice),
      memberNetPrice: money(c?.params.memberNetPrice),
      weight: c?.params.weight === null || c?.params.weight === undefined ? '' : String(c.params.weight),
      category: (c?.params.category ?? []).map((b) => ({ age: [b.age[0], b.age[1]], license: money(b.license), print: money(b.print) })),
    },
  };
}

/** What is sent: the form's values; weight only for clothing (other groups have none). */
export function toInput(v: CategoryFormValues) {
  return { ...v, params: { ...v.params, weight: v.params.group === 'KLEIDUNG' ? v.params.weight : '' } };
}
