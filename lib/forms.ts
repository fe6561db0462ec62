import type { ComponentType } from 'react';
import { AllMembersPage, MembersPage } from '@/components/members/members-page';
import { OrganisationsPage } from '@/components/organisations/organisations-page';

/**
 * The one registry funkId → form page (operations §2 "Function-to-form mapping"). Later issues add
 * their forms here (50/58 organisations, 51/52 members, 200 news, ...); a funkId that is missing
 * shows 'Form {function name} not found'.
 */

/** Who is signed in, as a form page may show it. Never the token. */
export interface FormUser {
  mgId: number;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** What every form page receives (operations §6: organisation, user and system role). */
export interface FormPageProps {
  orgId: number;
  orgName: string;
  funkId: number;
  functionName: string;
  /** The assignment that grants the role. */
  funkMgId: number;
  /** The optional id segment of /form/O{org}/F{func}/{id} ('new', a number, ...), as in the address. */
  id?: string;
  user: FormUser;
}

export interface FormEntry {
  component: ComponentType<FormPageProps>;
  /** Options a shared form reads, e.g. the members form with its "all" flag for function 52. */
  options?: Record<string, unknown>;
}

export const forms: Record<number, FormEntry> = {
  // organisations: forms 50 and 58 open the same screen (issue 3)
  50: { component: OrganisationsPage },
  58: { component: OrganisationsPage },
  // members: form 52 is the same screen with the "all" flag (every member of the federation; issue 4)
  51: { component: MembersPage },
  52: { component: AllMembersPage, options: { all: true } },
};

export function findForm(funkId: number): FormEntry | undefined {
  return Object.prototype.hasOwnProperty.call(forms, funkId) ? forms[funkId] : undefined;
}
