import { personPrice, type PersonChoice } from './pricing';
import { eligibility, type IneligibilityReason, type LicenceCategoryFacts, type PersonFacts } from './eligibility';

/**
 * Turns what a client asks to order (persons with order/print choices) into priced order lines,
 * or the first refusal naming the person and the reason. Prices come from the category only;
 * whatever price a client sends is ignored.
 */

export type RequestedPerson = { memberId: number; print: boolean };

export type OrderLine = { memberId: number; print: boolean; priceCents: number; printCents: number; sumCents: number };

export type Refusal =
  { memberId: number; reason: IneligibilityReason } | { memberId: number; reason: 'unknownPerson' | 'duplicateInRequest' };

export type LinesResult = { ok: true; lines: OrderLine[] } | { ok: false; refusal: Refusal };

export function orderLines(
  requested: readonly RequestedPerson[],
  facts: ReadonlyMap<number, PersonFacts>,
  category: LicenceCategoryFacts,
  today: string,
): LinesResult {
  const seen = new Set<number>();
  const lines: OrderLine[] = [];
  for (const r of requested) {
    if (seen.has(r.memberId)) return { ok: false, refusal: { memberId: r.memberId, reason: 'duplicateInRequest' } };
    seen.add(r.memberId);
    const person = facts.get(r.memberId);
    if (!person) return { ok: false, refusal: { memberId: r.memberId, reason: 'unknownPerson' } };
    const check = eligibility(person, category, today);
    if (!check.selectable) return { ok: false, refusal: { memberId: r.memberId, reason: check.reasons[0] } };
    const choice: PersonChoice = { order: true, print: r.print };
    const price = personPrice(category.ageBands, check.age, choice)!;
    lines.push({
      memberId: r.memberId,
      print: r.print,
      priceCents: price.licenceCents,
      printCents: price.printCents,
      sumCents: price.sumCents,
    });
  }
  return { ok: true, lines };
}
