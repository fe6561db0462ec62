import type { Organisation, OrgParams } from '@/lib/api/organisations';
import type { OrganisationInput } from '@/lib/schemas/organisation';

/**
 * What the organisation data tab edits: the shared schema's input (lib/schemas/organisation), with
 * text fields held as strings ('' = empty) so inputs stay controlled.
 */
export type OrganisationFormValues = OrganisationInput & { params: NonNullable<OrganisationInput['params']> };

const text = (v: string | null | undefined) => v ?? '';

/** The record as form values; a new organisation starts as an empty club. */
export function toFormValues(org: Organisation | null): OrganisationFormValues {
  const p: Partial<OrgParams> = org?.params ?? {};
  return {
    name: text(org?.name),
    nameShort: text(org?.nameShort),
    street: text(org?.street),
    city: text(org?.city),
    zip: text(org?.zip),
    address: text(org?.address),
    street2: text(org?.street2),
    city2: text(org?.city2),
    zip2: text(org?.zip2),
    email: text(org?.email),
    homepage: text(org?.homepage),
    phoneOffice: text(org?.phoneOffice),
    faxOffice: text(org?.faxOffice),
    bso: text(org?.bso),
    zvr: text(org?.zvr),
    dvr: text(org?.dvr),
    orgStartDate: org?.orgStartDate ?? null,
    orgEndDate: org?.orgEndDate ?? null,
    inoperativeSince: org?.inoperativeSince ?? null,
    orgMotherId: org?.orgMotherId ?? null,
    // The API answers levels 1–3 only (organisations.org_level); the form's schema names them.
    orgLevel: (org?.orgLevel ?? 3) as OrganisationFormValues['orgLevel'],
    params: {
      iban: text(p.iban),
      association: text(p.association),
      section: Boolean(p.section),
      coop_partner: Boolean(p.coop_partner),
      // not edited here, but sent back so saving keeps them (the schema turns absent text into null)
      clubName: text(p.clubName),
      clubNameVisible: Boolean(p.clubNameVisible),
      zvrNumber: text(p.zvrNumber),
      federalState: text(p.federalState),
    },
  };
}
