import type { Member, MemberDetail, MemberRole, MemberTargetOrg, RoleGroup, TrainingDefinition } from '@/lib/api/member-types';
import type { Country } from '@/lib/api/types';

/** A saved member of club 11 as GET /api/v1/admin/member/11/955 answers it. */
export function savedMember(overrides: Partial<MemberDetail> = {}): MemberDetail {
  return {
    id: 955,
    uuid: null,
    imageLink: null,
    regNr: '3000955',
    firstName: 'Rosalie',
    middleName: null,
    surname: 'Aigner',
    birthDate: '2011-01-04',
    ageClass: 'U18',
    gender: 'w',
    nationality: 40,
    country: 40,
    street: 'Josefstraße',
    houseNumber: '63',
    doorNumber: null,
    zip: '2700',
    city: 'Wiener Neustadt',
    phoneMobile: '+43 676 7152676',
    email: 'rosalie.aigner@example.com',
    orgId: 11,
    licenseOrg: 'BSV Wiener Neustadt',
    licenseOrgBso: '3011',
    licenseOrgBl: 'BSV NÖ',
    licence: {
      orgId: 11,
      orgName: 'BSV Wiener Neustadt',
      dateFrom: '2020-01-01',
      dateTo: '2999-12-31',
      active: true,
      state: 'active',
      openEnded: true,
      season: null,
    },
    params: { profileVisible: true },
    organizations: [
      { funkMgId: 10550, orgId: 11, orgName: 'BSV Wiener Neustadt', dateFrom: '2018-10-22', dateTo: '2999-12-31', active: true },
    ],
    functions: [],
    certificates: [],
    updatedAt: '2026-11-21T08:43:32.589Z',
    access: { canEdit: true, outranked: false, canDelete: false, canEndMembershipIn: [11] },
    ...overrides,
  };
}

export const membershipRole: MemberRole = {
  funkMgId: 10550,
  funcId: 32,
  funcName: 'Mitglied',
  funcGroup: 'Mitgliedschaft',
  groupId: 6,
  orgId: 11,
  orgName: 'BSV Wiener Neustadt',
  dateFrom: '2018-10-22',
  dateTo: '2999-12-31',
  active: true,
  updatedAt: '2026-11-21T08:43:32.589Z',
  editable: true,
};

export const pastLicenceRole: MemberRole = {
  ...membershipRole,
  funkMgId: 10552,
  funcId: 29,
  funcName: 'Lizenz',
  dateFrom: '2025-01-01',
  dateTo: '2025-12-31',
  active: false,
  editable: false,
};

export const countries: Country[] = [
  { id: 40, iso2: 'AT', nameDe: 'Österreich', nameEn: 'Austria' },
  { id: 276, iso2: 'DE', nameDe: 'Deutschland', nameEn: 'Germany' },
];

export const trainingDefinitions: TrainingDefinition[] = [
  {
    trainingId: 1,
    title: 'Safety First',
    groupTitle: 'Sicherheit',
    name: 'Safety First',
    validityMonths: null,
    rules: { editAtOrgLevel: [1, 2, 3] },
    params: {},
  },
  {
    trainingId: 8,
    title: 'Erste Hilfe',
    groupTitle: 'Sicherheit',
    name: 'Erste-Hilfe-Kurs (16 Stunden)',
    validityMonths: 24,
    rules: { editAtOrgLevel: [1, 2, 3] },
    params: {},
  },
];

export const functionGroups: RoleGroup[] = [
  {
    id: 3,
    group: 'Sportbetrieb / Trainer',
    roles: [
      { id: 12, name: 'Trainer', params: {} },
      { id: 16, name: 'Jugendwart', params: {} },
    ],
  },
];

/** The same member as a list answers it (no `access`). */
export function listMember(overrides: Partial<MemberDetail> = {}): Member {
  const { access, ...member } = savedMember(overrides);
  void access;
  return member;
}

/** GET /api/v1/admin/members/1/organisations as the federation sees it (a few of them). */
export const targetOrgs: MemberTargetOrg[] = [
  { id: 4, name: 'Bogensportverband Niederösterreich', nameShort: 'BSV NÖ', level: 2, bso: null },
  { id: 11, name: 'BSV Wiener Neustadt', nameShort: 'BSV WN', level: 3, bso: '3011' },
  { id: 1, name: 'Österreichischer Bogensportverband', nameShort: 'ÖBSV', level: 1, bso: null },
  { id: 34, name: 'Pongauer Bogenschützen St. Johann', nameShort: 'PBS St. Johann', level: 3, bso: '5034' },
  { id: 12, name: 'Union Bogenschützen St. Pölten', nameShort: 'UBS St. Pölten', level: 3, bso: '3012' },
];
