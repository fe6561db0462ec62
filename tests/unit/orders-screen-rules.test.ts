import colors from 'tailwindcss/colors';
import { overlappingBands } from '@/lib/domain/orders/age-bands';
import { offersDecision, shellOrdersPager } from '@/lib/domain/orders/status';
import { MARKED_REMOVAL_ROW, SKIPPED_STEP } from '@/components/shared/orders/order-view';

const created = { status: 'Erstellt', completed: null };
const released = { status: 'Freigegeben', completed: '2026-10-02' };
const refunded = { status: 'canceled', completed: null };

describe('what the order screen offers', () => {
  it('offers release and refund only while the order is created', () => {
    expect(offersDecision(created, 'release')).toBe(true);
    expect(offersDecision(created, 'refund')).toBe(true);
    expect(offersDecision(released, 'release')).toBe(false);
    expect(offersDecision(released, 'refund')).toBe(false);
    expect(offersDecision(refunded, 'refund')).toBe(false);
  });

  it('offers send back only for a completed order', () => {
    expect(offersDecision(released, 'sendBack')).toBe(true);
    expect(offersDecision(created, 'sendBack')).toBe(false);
    expect(offersDecision(refunded, 'sendBack')).toBe(false);
  });
});

describe('the start page order pager', () => {
  it('has a pager whenever there is more than one page', () => {
    expect(shellOrdersPager(0)).toBe('none');
    expect(shellOrdersPager(10)).toBe('none');
    expect(shellOrdersPager(11)).toBe('numbered');
    expect(shellOrdersPager(38)).toBe('numbered');
    expect(shellOrdersPager(40)).toBe('numbered');
    expect(shellOrdersPager(41)).toBe('simple');
  });
});

/** WCAG contrast of two Tailwind colours given as oklch(L% C H). */
function luminance(oklch: string): number {
  const m = /oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)/.exec(oklch);
  if (!m) throw new Error(`not oklch: ${oklch}`);
  const L = Number(m[1]) / 100;
  const h = (Number(m[3]) * Math.PI) / 180;
  const a = Number(m[2]) * Math.cos(h);
  const b = Number(m[2]) * Math.sin(h);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mm = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  const r = clamp(4.0767416621 * l - 3.3077115913 * mm + 0.2309699292 * s);
  const g = clamp(-1.2684380046 * l + 2.6097574011 * mm - 0.3413193965 * s);
  const bl = clamp(-0.0041960863 * l - 0.7034186147 * mm + 1.707614701 * s);
  return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
}

function contrastOf(classes: string): number {
  const pick = (prefix: string) => {
    const m = new RegExp(`(?:^|\\s)${prefix}-(\\w+)-(\\d+)(?:\\s|$)`).exec(classes);
    if (!m) throw new Error(`no ${prefix} colour in ${classes}`);
    return (colors as unknown as Record<string, Record<string, string>>)[m[1]][m[2]];
  };
  const [hi, lo] = [luminance(pick('text')), luminance(pick('bg'))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('struck-through order texts stay readable', () => {
  it('measures the old colours as the failures they were', () => {
    expect(contrastOf('text-gray-400 bg-gray-100')).toBeLessThan(4.5);
    expect(contrastOf('text-gray-500 bg-red-50')).toBeLessThan(4.5);
  });

  it.each([
    ['a line marked for removal', MARKED_REMOVAL_ROW],
    ['a skipped wizard step', SKIPPED_STEP],
  ])('%s has at least 4.5:1', (_what, classes) => {
    expect(contrastOf(classes)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('overlapping age bands', () => {
  it('names every band an overlap concerns, in the order given', () => {
    const band = (min: number, max: number) => ({ min, max });
    expect(overlappingBands([band(0, 17), band(18, 120)])).toEqual([]);
    expect(overlappingBands([band(0, 17), band(30, 40), band(10, 20)])).toEqual([0, 2]);
    expect(overlappingBands([band(0, 20), band(20, 30)])).toEqual([0, 1]);
  });
});
