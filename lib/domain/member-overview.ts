import { formatDisplayDate } from './dates';
import type { Member } from '@/lib/schemas/member-responses';

/**
 * The members overview table's data columns, in the order shown, and the text each shows. The
 * table in the browser and the API's CSV export use this one list, so an export holds exactly what
 * the table shows. Headers are the messages `members.overview.<header>`.
 */
export const MEMBER_OVERVIEW_COLUMNS = [
  'regNr',
  'organisations',
  'surname',
  'firstName',
  'birthDate',
  'ageClass',
  'gender',
  'licenseOrg',
  'nationality',
  'street',
  'houseNumber',
  'doorNumber',
  'zip',
  'city',
  'phone',
  'email',
  'functions',
  'certificates',
] as const;
export type MemberOverviewColumn = (typeof MEMBER_OVERVIEW_COLUMNS)[number];

/** Message key (under members.overview) of a column's header, where it differs from the column id. */
export const MEMBER_OVERVIEW_HEADER: Partial<Record<MemberOverviewColumn, string>> = { licenseOrg: 'licenseOrgs' };

/** What the overview columns read of a member (the API's Member has all of it). */
export type MemberOverviewSource = Pick<
  Member,
  | 'regNr'
  | 'surname'
  | 'firstName'
  | 'birthDate'
  | 'ageClass'
  | 'gender'
  | 'licenseOrg'
  | 'nationality'
  | 'street'
  | 'houseNumber'
  | 'doorNumber'
  | 'zip'
  | 'city'
  | 'phoneMobile'
  | 'email'
> & {
  organizations: ReadonlyArray<{ orgName: string; active: boolean }>;
  functions: ReadonlyArray<{ funcName: string; active: boolean }>;
  certificates: ReadonlyArray<{ certName: string }>;
};

/** What a column's text needs besides the member: translated gender and country names. */
export interface MemberOverviewText {
  gender: (gender: Member['gender']) => string;
  country: (countryId: number) => string | null;
}

/** Names joined with ', ', each once, in first-seen order; empty list → ''. */
function distinct(names: string[]): string {
  return [...new Set(names)].join(', ');
}

/** The text of one overview cell (dates as DD.MM.YYYY; '' when empty). */
export function memberOverviewText(m: MemberOverviewSource, column: MemberOverviewColumn, text: MemberOverviewText): string {
  switch (column) {
    case 'regNr':
      return m.regNr ?? '';
    case 'organisations':
      return m.organizations
        .filter((o) => o.active)
        .map((o) => o.orgName)
        .join(', ');
    case 'surname':
      return m.surname;
    case 'firstName':
      return m.firstName;
    case 'birthDate':
      return formatDisplayDate(m.birthDate);
    case 'ageClass':
      return m.ageClass;
    case 'gender':
      return text.gender(m.gender);
    case 'licenseOrg':
      return m.licenseOrg ?? '';
    case 'nationality':
      return m.nationality ? (text.country(m.nationality) ?? '') : '';
    case 'street':
      return m.street ?? '';
    case 'houseNumber':
      return m.houseNumber ?? '';
    case 'doorNumber':
      return m.doorNumber ?? '';
    case 'zip':
      return m.zip ?? '';
    case 'city':
      return m.city ?? '';
    case 'phone':
      return m.phoneMobile ?? '';
    case 'email':
      return m.email ?? '';
    case 'functions':
      return distinct(m.functions.filter((f) => f.active).map((f) => f.funcName));
    case 'certificates':
      return distinct(m.certificates.map((c) => c.certName));
  }
}
