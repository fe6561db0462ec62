import { FEDERATION_ORG_ID, FORM_FUNCTION_IDS } from '@/lib/domain/functions';
import { COUNTRY_AT } from './countries';
import { iso, OPEN_END } from './dates';
import type { AssignmentRow, MemberRow, MemberTrainingRow } from './members';
import { DEMO_CLUB_ID, NOE } from './organisations-data';
import { ROLE } from './roles';
import { TRAINING } from './trainings';

export const DEMO_PASSWORD = 'Bogen2026!';

export type DemoAccount = {
  /** Member id (fixed). */
  memberId: number;
  email: string;
  password: string;
  description: string;
  /** The organisation the account works in. */
  orgId: number;
  /** The form functions (system roles) the account holds there, sorted by funkId; empty = none. */
  forms: number[];
};

const CLUB_ADMIN_FORMS = [46, 50, 51, 55, 56, 66, 200, 1000, 1006];

/** The demo sign-ins listed in the README; all share one password. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    memberId: 1,
    email: 'verband@example.org',
    password: DEMO_PASSWORD,
    description: 'Federation staff (Österreichischer Bogensportverband, organisation 1): every system role',
    orgId: FEDERATION_ORG_ID,
    forms: [...FORM_FUNCTION_IDS],
  },
  {
    memberId: 2,
    email: 'verein@example.org',
    password: DEMO_PASSWORD,
    description: 'Club administrator (chair of BSV Wiener Neustadt, organisation 11)',
    orgId: DEMO_CLUB_ID,
    forms: CLUB_ADMIN_FORMS,
  },
  {
    memberId: 3,
    email: 'land@example.org',
    password: DEMO_PASSWORD,
    description: "State association staff (Bogensportverband Niederösterreich, organisation 4): organisations, members, its clubs' orders",
    orgId: NOE,
    forms: [50, 51, 56],
  },
  {
    memberId: 4,
    email: 'trainer@example.org',
    password: DEMO_PASSWORD,
    description: 'Trainer of BSV Wiener Neustadt (organisation 11): member form only',
    orgId: DEMO_CLUB_ID,
    forms: [51],
  },
  {
    memberId: 5,
    email: 'mitglied@example.org',
    password: DEMO_PASSWORD,
    description: 'Plain member of BSV Wiener Neustadt with a licence: no system role (sign-in shows the no-permissions error)',
    orgId: DEMO_CLUB_ID,
    forms: [],
  },
];

type DemoPerson = Omit<MemberRow, 'id' | 'email' | 'passwordHash'>;

const PEOPLE: Record<number, DemoPerson> = {
  1: {
    regNr: '9000001',
    firstName: 'Elisabeth',
    surname: 'Wallner',
    birthDate: '1971-09-14',
    gender: 'w',
    nationality: COUNTRY_AT,
    country: COUNTRY_AT,
    street: 'Favoritenstraße',
    houseNumber: '48',
    doorNumber: '7',
    zip: '1040',
    city: 'Wien',
    phoneMobile: '+43 664 3127845',
    phoneFixed: '+43 1 5044455',
    params: { profileVisible: true, phoneMobileVisible: false, emailVisible: true },
  },
  2: {
    regNr: '3000002',
    firstName: 'Markus',
    surname: 'Gruber',
    birthDate: '1979-03-22',
    gender: 'm',
    nationality: COUNTRY_AT,
    country: COUNTRY_AT,
    street: 'Neunkirchner Straße',
    houseNumber: '27',
    doorNumber: null,
    zip: '2700',
    city: 'Wiener Neustadt',
    phoneMobile: '+43 676 5518203',
    phoneFixed: '+43 2622 84417',
    params: { profileVisible: true, phoneMobileVisible: true, emailVisible: true },
  },
  3: {
    regNr: '3000003',
    firstName: 'Sabine',
    surname: 'Hofer',
    birthDate: '1968-11-05',
    gender: 'w',
    nationality: COUNTRY_AT,
    country: COUNTRY_AT,
    street: 'Kremser Landstraße',
    houseNumber: '15',
    doorNumber: '2/4',
    zip: '3100',
    city: 'St. Pölten',
    phoneMobile: '+43 664 2904471',
    phoneFixed: '+43 2742 35120',
    params: { profileVisible: true, phoneMobileVisible: false, emailVisible: true },
  },
  4: {
    regNr: '3000004',
    firstName: 'Thomas',
    surname: 'Huber',
    birthDate: '1985-07-30',
    gender: 'm',
    nationality: COUNTRY_AT,
    country: COUNTRY_AT,
    street: 'Pottendorfer Straße',
    houseNumber: '112',
    doorNumber: null,
    zip: '2700',
    city: 'Wiener Neustadt',
    phoneMobile: '+43 699 11873320',
    phoneFixed: null,
    params: { profileVisible: true, phoneMobileVisible: true, emailVisible: false },
  },
  5: {
    regNr: '3000005',
    firstName: 'Lena',
    surname: 'Steiner',
    birthDate: '2001-05-17',
    gender: 'w',
    nationality: COUNTRY_AT,
    country: COUNTRY_AT,
    street: 'Ungargasse',
    houseNumber: '9',
    doorNumber: '12',
    zip: '2700',
    city: 'Wiener Neustadt',
    phoneMobile: '+43 650 7734102',
    phoneFixed: null,
    params: { profileVisible: false, phoneMobileVisible: false, emailVisible: false },
  },
};

export function demoMemberRows(passwordHashes: Map<number, string>): MemberRow[] {
  return DEMO_ACCOUNTS.map((a) => ({
    id: a.memberId,
    email: a.email,
    passwordHash: passwordHashes.get(a.memberId) ?? null,
    ...PEOPLE[a.memberId],
  }));
}

/** Identity keys of the demo persons, so generated members never collide with them. */
export function demoPeople(): DemoPerson[] {
  return DEMO_ACCOUNTS.map((a) => PEOPLE[a.memberId]);
}

/** Board seats the demo accounts hold already: the demo club's chair (seat 0 of organisation 11). */
export const DEMO_BOARD_SEATS: Array<[clubId: number, seats: number]> = [[DEMO_CLUB_ID, 1]];

/**
 * Function assignments of the demo accounts: ids memberId * 100 + n (below the generated range).
 * System roles are open-ended; licences cover the current season.
 */
export function demoAssignments(year: number): AssignmentRow[] {
  const rows: AssignmentRow[] = [];
  const add = (memberId: number, orgId: number, roleId: number, dateFrom: string, dateTo = OPEN_END) =>
    rows.push({ id: memberId * 100 + rows.filter((r) => r.memberId === memberId).length + 1, memberId, orgId, roleId, dateFrom, dateTo });
  const season = (memberId: number, orgId: number, y: number) => add(memberId, orgId, ROLE.licence, iso(y, 1, 1), iso(y, 12, 31));

  for (const a of DEMO_ACCOUNTS) for (const form of a.forms) add(a.memberId, a.orgId, form, '2020-01-01');

  // verband: member and licence holder of a Vienna club.
  add(1, 18, ROLE.member, '1990-03-01');
  season(1, 18, year - 1);
  season(1, 18, year);
  // verein: chair of the demo club.
  add(2, DEMO_CLUB_ID, ROLE.member, '1998-04-01');
  add(2, DEMO_CLUB_ID, ROLE.chair, '2019-03-15');
  season(2, DEMO_CLUB_ID, year - 1);
  season(2, DEMO_CLUB_ID, year);
  // land: member of a club in the state.
  add(3, 12, ROLE.member, '1994-09-01');
  season(3, 12, year);
  // trainer: ordinary trainer function plus the member form (above).
  add(4, DEMO_CLUB_ID, ROLE.member, '2005-02-15');
  add(4, DEMO_CLUB_ID, ROLE.trainer, '2016-09-01');
  season(4, DEMO_CLUB_ID, year - 1);
  season(4, DEMO_CLUB_ID, year);
  // mitglied: membership and this season's licence, nothing else.
  add(5, DEMO_CLUB_ID, ROLE.member, '2014-10-01');
  season(5, DEMO_CLUB_ID, year - 1);
  season(5, DEMO_CLUB_ID, year);
  return rows;
}

export function demoTrainings(): MemberTrainingRow[] {
  const sf = (memberId: number, orgId: number, dateFrom: string, n = 1): MemberTrainingRow => ({
    id: memberId * 10 + n,
    memberId,
    trainingId: TRAINING.safetyFirst,
    orgId,
    dateFrom,
    dateTo: null,
    controller: 'Herbert Moser',
  });
  return [
    sf(1, 18, '1990-04-14'),
    sf(2, DEMO_CLUB_ID, '1998-05-09'),
    sf(3, 12, '1994-10-08'),
    sf(4, DEMO_CLUB_ID, '2005-03-12'),
    {
      id: 42,
      memberId: 4,
      trainingId: TRAINING.trainerB,
      orgId: FEDERATION_ORG_ID,
      dateFrom: '2016-06-24',
      dateTo: null,
      controller: 'ÖBSV Lehrreferat',
    },
    {
      id: 43,
      memberId: 4,
      trainingId: TRAINING.firstAid,
      orgId: DEMO_CLUB_ID,
      dateFrom: '2024-03-02',
      dateTo: '2026-03-02',
      controller: 'Österreichisches Rotes Kreuz',
    },
    sf(5, DEMO_CLUB_ID, '2014-11-22'),
  ];
}
