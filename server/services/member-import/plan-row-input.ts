import { headerKey, parseGender, parseImportDate, type ImportColumn } from '@/lib/domain/member-import';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import type { Cell } from './sheet-rows';

/**
 * One row of an import file as the member schema's input: each mapped cell read as its field
 * (dates, gender, countries by name or code), with the refusals and warnings of the cells
 * themselves in the caller's language. The schema and duplicate checks come after (plan.ts).
 */

const MESSAGES = { de, en } as const;
export type Lang = keyof typeof MESSAGES;

export type FieldError = { field: string; rule: string; message: string };

export function message(lang: Lang, rule: string): string {
  const m = MESSAGES[lang] as unknown as {
    members: { validation: Record<string, string> };
    memberImport: { errors: Record<string, string> };
  };
  return m.memberImport.errors[rule] ?? m.members.validation[rule] ?? rule;
}

function cellText(cell: Cell | undefined): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (cell instanceof Date) return parseImportDate(cell) ?? undefined;
  const text = String(cell).trim();
  return text === '' ? undefined : text;
}

export type RowInput = { line: number; name: string; input: Record<string, unknown>; errors: FieldError[]; warnings: FieldError[] };

export function readRow(
  cells: readonly Cell[],
  formulas: readonly number[],
  line: number,
  columns: readonly ImportColumn[],
  countryIds: Map<string, number>,
  federation: boolean,
  lang: Lang,
): RowInput {
  const input: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  const warnings: FieldError[] = [];
  const fail = (field: string, rule: string) => errors.push({ field, rule, message: message(lang, rule) });
  for (const col of columns) {
    if (!col.field) continue;
    const cell = cells[col.index];
    if (formulas.includes(col.index)) warnings.push({ field: col.field, rule: 'formulaCell', message: message(lang, 'formulaCell') });
    const text = cellText(cell);
    switch (col.field) {
      case 'birthDate': {
        if (cell === null || cell === undefined || text === undefined) break;
        const date = parseImportDate(cell instanceof Date || typeof cell === 'number' ? cell : text);
        if (date) input.birthDate = date;
        else fail('birthDate', 'invalidDate');
        break;
      }
      case 'gender': {
        if (text === undefined) break;
        const gender = parseGender(text);
        if (gender) input.gender = gender;
        else fail('gender', 'unknownGender');
        break;
      }
      case 'nationality':
      case 'country': {
        if (text === undefined) break;
        const id = countryIds.get(headerKey(text));
        if (id) input[col.field] = id;
        else fail(col.field, 'unknownCountry');
        break;
      }
      case 'regNr':
        // The licence number is the system's; only the federation sets one (as on the member screen).
        if (federation && text !== undefined) input.regNr = text;
        break;
      default:
        if (text !== undefined) input[col.field] = text;
    }
  }
  const name = [
    cellText(cells[columns.find((c) => c.field === 'firstName')?.index ?? -1]),
    cellText(cells[columns.find((c) => c.field === 'surname')?.index ?? -1]),
  ]
    .filter(Boolean)
    .join(' ');
  return { line, name, input, errors, warnings };
}
