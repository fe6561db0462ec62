import { formatDisplayDate } from '@/lib/domain/dates';

/** How the 'Duplikate' view writes a person of a pair and a field's value. */

export interface PairPerson {
  id: number;
  firstName: string;
  surname: string;
  birthDate: string;
  regNr: string | null;
  city: string | null;
}

export const personName = (p: Pick<PairPerson, 'firstName' | 'surname'>) => `${p.firstName} ${p.surname}`.trim();

/** A field's value as text: dates as DD.MM.YYYY, nothing as '—', objects as JSON. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'birthDate' && typeof value === 'string') return formatDisplayDate(value);
  if (typeof value === 'object') return Object.keys(value).length === 0 ? '—' : JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** A move's place ('member_trainings.member_id') as a messages key (next-intl reads dots as nesting). */
export const placeKey = (place: string) => place.replace(/\./g, '__');
