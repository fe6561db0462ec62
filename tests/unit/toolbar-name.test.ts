import { toolbarButtonName } from '@/components/ui/toolbar-name';
import de from '@/messages/de.json';

/* A toolbar button's name contains the text it shows (label in name). */

it.each([
  ['orderedList', 'Nummerierte Liste (1.)'],
  ['bold', 'Fett (B)'],
  ['heading', 'Überschrift (H)'],
  ['bulletList', 'Aufzählung'],
  ['indent', 'Einrücken'],
] as const)('names the %s button %s', (key, name) => {
  const r = de.richText as Record<string, string>;
  const shown = r[`${key}Icon`];
  const result = toolbarButtonName(r[key], shown);
  expect(result).toBe(name);
  if (/[\p{L}\p{N}]/u.test(shown)) expect(result).toContain(shown);
});
