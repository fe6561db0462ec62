import type { tournaments, tournamentTypes } from '@/server/db/schema';
import type { TournamentCopy, TournamentParams } from '@/server/db/schema/tournaments';
import { iso } from './dates';
import { DEMO_CLUB_ID, STATES } from './organisations-data';

type TypeRow = typeof tournamentTypes.$inferInsert;
type TournamentRow = typeof tournaments.$inferInsert;

const TARGET = ['Recurve', 'Compound', 'Blankbogen', 'Langbogen', 'Instinktivbogen'];
const FIELD_3D = ['Compound', 'Blankbogen', 'Langbogen', 'Instinktivbogen', 'Traditioneller Recurve'];
const GRADE_CODES = ['A', 'B', 'C'];

/**
 * The kinds of tournament: Leistungssport indoor/outdoor/field, 3D, the national championships
 * (ÖSTM/ÖM, announced by the federation and the state associations only) and Breitensport (no fee).
 */
export function buildTournamentTypes(): TypeRow[] {
  return [
    {
      id: 1,
      name: 'Leistungssport Halle/Freiluft/Feld',
      params: {
        filter: 'Leistungssport',
        disciplines: [1, 2, 3],
        rules: [
          { name: 'WA Halle 18 m', divisions: TARGET },
          { name: 'WA Freiluft 70 m / 50 m', divisions: TARGET },
          { name: 'WA Feld', divisions: ['Recurve', 'Compound', 'Blankbogen'] },
        ],
        gradeCodes: GRADE_CODES,
        ordercat: 'TURNIERGEBUEHR_LEISTUNGSSPORT',
      },
    },
    {
      id: 2,
      name: 'Leistungssport 3D',
      params: {
        filter: 'Leistungssport 3D',
        disciplines: [4],
        rules: [
          { name: 'IFAA 3D', divisions: FIELD_3D },
          { name: 'WA 3D', divisions: ['Compound', 'Blankbogen', 'Langbogen', 'Instinktivbogen'] },
        ],
        gradeCodes: GRADE_CODES,
        ordercat: 'TURNIERGEBUEHR_LEISTUNGSSPORT',
      },
    },
    {
      id: 3,
      name: 'ÖSTM / ÖM',
      params: {
        filter: 'Leistungssport ÖSTM/ÖM',
        disciplines: [1, 2, 3, 4],
        rules: [
          { name: 'WA Halle 18 m', divisions: TARGET },
          { name: 'WA Freiluft 70 m / 50 m', divisions: TARGET },
          { name: 'WA Feld', divisions: ['Recurve', 'Compound', 'Blankbogen'] },
          { name: 'WA 3D', divisions: ['Compound', 'Blankbogen', 'Langbogen', 'Instinktivbogen'] },
        ],
        gradeCodes: ['A'],
        ordercat: 'TURNIERGEBUEHR_MEISTERSCHAFT',
        // the federation and the state associations
        orgWhitelist: [1, ...STATES.map((s) => s.id)],
      },
    },
    {
      id: 4,
      name: 'Breitensport',
      params: {
        filter: 'Breitensport',
        disciplines: [1, 2, 3, 4],
        rules: [{ name: 'Vereinsturnier', divisions: [] }],
        gradeCodes: [],
        ordercat: null,
      },
    },
  ];
}

function tournament(
  id: number,
  orgId: number,
  typeId: number,
  name: string,
  start: string,
  end: string,
  params: TournamentParams,
  extra: Partial<TournamentRow> = {},
): TournamentRow {
  const openFrom = iso(Number(start.slice(0, 4)) - 1, 12, 1);
  const copy: TournamentCopy = { name, typeId, start, end, openFrom, openTo: start, params };
  const row: TournamentRow = {
    id,
    orgId,
    typeId,
    name,
    start,
    end,
    openFrom,
    openTo: start,
    params,
    original: copy,
    approved: null,
    ...extra,
  };
  // an approved one: the public sees this version
  return row.approved ? { approvedSnapshot: { ...copy, params: row.params as TournamentParams }, ...row } : row;
}

/**
 * Demo tournaments around the seeded season: next year's (created, approved, one cancelled, one
 * whose location changed since it was first submitted) and last year's (over).
 */
export function buildTournaments(year: number): TournamentRow[] {
  const next = year + 1;
  const contact = (person: string, email: string): Pick<TournamentParams, 'contactPerson' | 'email' | 'phone'> => ({
    contactPerson: person,
    email,
    phone: '+43 2622 12345',
  });
  const indoor: TournamentParams = {
    location: 'Sporthalle Wiener Neustadt',
    ...contact('Markus Gruber', 'turnier@bsv-wn.example.org'),
    discipline: 1,
    rule: 'WA Halle 18 m',
    divisions: ['Recurve', 'Compound', 'Blankbogen'],
    gradeCodes: ['B'],
    linkToRegistration: 'https://bsv-wn.example.org/anmeldung',
  };
  const changed = tournament(3, DEMO_CLUB_ID, 1, 'Frühjahrs-Feldturnier', iso(next, 4, 18), iso(next, 4, 19), {
    ...indoor,
    location: 'Akademiepark Wiener Neustadt',
    discipline: 3,
    rule: 'WA Feld',
    divisions: ['Recurve', 'Blankbogen'],
  });
  // The club moved it since its first submission: the original names another place and day.
  changed.original = {
    ...(changed.original as TournamentCopy),
    start: iso(next, 4, 11),
    end: iso(next, 4, 12),
    params: { ...(changed.params as TournamentParams), location: 'Sportplatz Neudörfl' },
  };
  return [
    tournament(1, DEMO_CLUB_ID, 1, 'Wiener Neustädter Hallenturnier', iso(next, 1, 24), iso(next, 1, 25), indoor),
    tournament(
      2,
      DEMO_CLUB_ID,
      2,
      '3D-Waldrunde Rosaliengebirge',
      iso(next, 6, 6),
      iso(next, 6, 7),
      {
        ...indoor,
        location: 'Rosaliengebirge, Forchtenstein',
        discipline: 4,
        rule: 'IFAA 3D',
        divisions: ['Compound', 'Langbogen', 'Instinktivbogen'],
        gradeCodes: ['C'],
        numberAnimals: 28,
      },
      { approved: true, orderStatus: 'bezahlt' },
    ),
    changed,
    tournament(
      4,
      DEMO_CLUB_ID,
      4,
      'Vereinsmeisterschaft',
      iso(next, 9, 12),
      iso(next, 9, 12),
      { ...indoor, location: 'Vereinsgelände', discipline: 2, rule: 'Vereinsturnier', divisions: [], gradeCodes: [] },
      {
        params: {
          ...indoor,
          location: 'Vereinsgelände',
          discipline: 2,
          rule: 'Vereinsturnier',
          divisions: [],
          gradeCodes: [],
          canceled: true,
        },
      },
    ),
    tournament(
      5,
      4,
      3,
      'ÖSTM Halle',
      iso(next, 2, 21),
      iso(next, 2, 22),
      { ...indoor, ...contact('Landessportwart NÖ', 'sport@bsv-noe.example.org'), location: 'Sportzentrum St. Pölten', gradeCodes: ['A'] },
      { approved: true, orderStatus: 'Rechnung gestellt' },
    ),
    tournament(6, DEMO_CLUB_ID, 1, 'Hallenturnier (Vorjahr)', iso(year - 1, 1, 26), iso(year - 1, 1, 27), indoor, {
      approved: true,
      orderStatus: 'bezahlt',
    }),
  ];
}
