import type { AgeClass } from '@/lib/domain/members';
import type { DuplicateReason } from '@/lib/domain/member-duplicates';

/**
 * Shapes of the members API answers (notes/members-contract.md, core §3 Member). Kept apart from
 * lib/api/members.ts (server-only) so client components can use the types too.
 */

export interface Page<T> {
  items: T[];
  /** All matches, not only this page. */
  total: number;
}

export interface MemberMembership {
  funkMgId: number;
  orgId: number;
  orgName: string;
  dateFrom: string;
  dateTo: string;
  active: boolean;
}

export interface MemberFunction {
  funkMgId: number;
  funcId: number;
  funcName: string;
  funcGroup: string;
  groupId: number;
  orgId: number;
  orgName: string;
  dateFrom: string;
  dateTo: string;
  active: boolean;
  updatedAt: string;
}

/** GET member/role/{org}/{id}: an assignment plus whether this caller may change it. */
export interface MemberRole extends MemberFunction {
  editable: boolean;
}

export interface MemberCertificate {
  /** The training definition id. */
  certId: number;
  certName: string;
  certGroupName: string;
  certTitle: string;
  certController: string | null;
  dateFrom: string;
  dateTo: string | null;
  /** The member's training entry id (used to remove it). */
  ausb_mg_id: number;
  orgId: number | null;
}

export interface MemberLicence {
  orgId: number;
  orgName: string;
  dateFrom: string;
  dateTo: string;
  active: boolean;
  openEnded: boolean;
  season: number | null;
}

export interface MemberParams {
  profileVisible?: boolean;
  phoneMobileVisible?: boolean;
  emailVisible?: boolean;
}

export interface Member {
  id: number;
  uuid: string | null;
  imageLink: string | null;
  regNr: string | null;
  firstName: string;
  middleName: string | null;
  surname: string;
  birthDate: string;
  ageClass: AgeClass;
  gender: 'm' | 'w' | 'd';
  nationality: number | null;
  country: number | null;
  street: string | null;
  houseNumber: string | null;
  doorNumber: string | null;
  zip: string | null;
  city: string | null;
  phoneMobile: string | null;
  email: string | null;
  orgId: number | null;
  licenseOrg: string | null;
  licenseOrgBso: string | null;
  licenseOrgBl: string | null;
  licence: MemberLicence | null;
  params: MemberParams;
  organizations: MemberMembership[];
  functions: MemberFunction[];
  certificates: MemberCertificate[];
  updatedAt: string;
}

export interface MemberAccess {
  canEdit: boolean;
  canDelete: boolean;
  /** Clubs in which this caller may end the member's membership. */
  canEndMembershipIn: number[];
}

export type MemberDetail = Member & { access: MemberAccess };

export interface DuplicateCandidate {
  id: number;
  uuid: string | null;
  regNr: string | null;
  firstName: string;
  middleName: string | null;
  surname: string;
  birthDate: string;
  gender: 'm' | 'w' | 'd';
  city: string | null;
  zip: string | null;
  organizations: { orgId: number; orgName: string }[];
  /** 0..100 */
  score: number;
  reasons: DuplicateReason[];
}

export interface TrainingDefinition {
  trainingId: number;
  title: string;
  groupTitle: string;
  name: string;
  validityMonths: number | null;
  rules: { editAtOrgLevel?: number[] };
  params: { orgWhitelist?: number[] };
}

export interface RoleEntry {
  id: number;
  name: string;
  params: { editWhitelist?: number[]; orgWhitelist?: number[]; orgBlacklist?: number[] };
}

export interface RoleGroup {
  id: number;
  group: string;
  roles: RoleEntry[];
}

export interface MembersSummary {
  orgId: number;
  members: number;
  licences: number;
  byGender: Record<'m' | 'w' | 'd', number>;
  byAgeClass: Record<AgeClass, number>;
  /** Asked of the API (notes/members-screen-requests.md); read when present. */
  orgLevel?: number;
  orgName?: string;
  access?: { canCreate?: boolean; canEdit?: boolean; canDelete?: boolean };
}

export interface MembershipCreated {
  funkMgId: number;
  orgId: number;
  memberId: number;
  roleId: number;
  dateFrom: string;
  dateTo: string;
}
