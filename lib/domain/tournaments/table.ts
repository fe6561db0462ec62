import type { Tournament } from '@/lib/schemas/tournaments';
import { formatDisplayDate } from '@/lib/domain/dates';

/**
 * The tournament table's columns (screen and CSV export alike): the German header and the text of
 * each row. Status and discipline come as their German words.
 */
const STATUS_DE: Record<Tournament['status'], string> = {
  canceled: 'storniert',
  over: 'vorbei',
  ongoing: 'läuft',
  changed: 'geändert, Freigabe ausstehend',
  approved: 'freigegeben',
  created: 'erstellt',
};
const DISCIPLINE_DE: Record<number, string> = { 1: 'Indoor', 2: 'Outdoor', 3: 'Feld', 4: '3D' };

export const TOURNAMENT_TABLE_COLUMNS: ReadonlyArray<{ id: string; header: string; text: (t: Tournament) => string }> = [
  { id: 'name', header: 'Name', text: (t) => t.name },
  { id: 'orgName', header: 'Veranstalter', text: (t) => t.orgName },
  { id: 'typeName', header: 'Turnierart', text: (t) => t.typeName },
  { id: 'start', header: 'Beginn', text: (t) => formatDisplayDate(t.start) },
  { id: 'end', header: 'Ende', text: (t) => formatDisplayDate(t.end) },
  { id: 'openFrom', header: 'Anmeldung ab', text: (t) => formatDisplayDate(t.openFrom) },
  { id: 'openTo', header: 'Anmeldung bis', text: (t) => formatDisplayDate(t.openTo) },
  { id: 'location', header: 'Ort', text: (t) => t.params.location },
  { id: 'discipline', header: 'Disziplin', text: (t) => (t.params.discipline ? (DISCIPLINE_DE[t.params.discipline] ?? '') : '') },
  { id: 'rule', header: 'Regelwerk', text: (t) => t.params.rule ?? '' },
  { id: 'divisions', header: 'Bogenklassen', text: (t) => (t.params.divisions ?? []).join(', ') },
  { id: 'contactPerson', header: 'Kontaktperson', text: (t) => t.params.contactPerson },
  { id: 'email', header: 'E-Mail', text: (t) => t.params.email },
  { id: 'status', header: 'Status', text: (t) => STATUS_DE[t.status] },
  { id: 'orderStatus', header: 'Zahlungsstatus', text: (t) => t.orderStatus ?? '' },
];
