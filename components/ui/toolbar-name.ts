/**
 * The accessible name of a toolbar button that shows a short symbol instead of its label. When
 * the symbol is text (letters or digits: 'B', 'I', 'H', '1.'), the name contains it, so speech
 * input ("click 1.") finds the button (label in name); a pictogram ('•', '→') is not spoken text
 * and the label alone names the button.
 */
export function toolbarButtonName(label: string, symbol: string): string {
  return /[\p{L}\p{N}]/u.test(symbol) ? `${label} (${symbol})` : label;
}
