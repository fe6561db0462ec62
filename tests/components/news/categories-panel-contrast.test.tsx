import { screen } from '@testing-library/react';
import { CategoriesPanel } from '@/components/news/categories-panel';
import { renderWithIntl } from '../render-with-intl';

/* The '(Seite)' mark of a menu page's category is readable: at least 4.5:1 on its chip (WCAG AA). */

jest.mock('../../../components/news/actions', () => ({ addCategory: jest.fn(), removeCategory: jest.fn() }));

// Tailwind's default grays
const GRAY: Record<string, string> = {
  '100': '#f3f4f6',
  '200': '#e5e7eb',
  '400': '#9ca3af',
  '500': '#6b7280',
  '600': '#4b5563',
  '700': '#374151',
  '800': '#1f2937',
  '900': '#111827',
};

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const grayOf = (el: Element, prefix: 'text' | 'bg') => GRAY[new RegExp(`\\b${prefix}-gray-(\\d+)\\b`).exec(el.className)![1]];

it("shows '(Seite)' at 4.5:1 or more on its chip", () => {
  renderWithIntl(
    <CategoriesPanel
      orgId={1}
      categories={[{ id: 1, orgId: 1, name: 'Vereinsleben', parentId: null, inMenu: true, position: 0 }]}
      onChange={jest.fn()}
    />,
  );
  const mark = screen.getByText('(Seite)');
  const chip = mark.closest('li')!;
  expect(contrast(grayOf(mark, 'text'), grayOf(chip, 'bg'))).toBeGreaterThanOrEqual(4.5);
});
