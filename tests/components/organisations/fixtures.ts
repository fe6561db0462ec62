import type { Organisation, OrganisationListItem, OrgParams } from '@/lib/api/organisations';

/** Fields to change; `params` names only the settings that differ from the default club's. */
type Overrides<T> = Partial<Omit<T, 'params'>> & { params?: Partial<OrgParams> };

/** A club as the API answers GET org/{id} (notes/organisations-contract.md). */
export function makeOrganisation({ params, ...overrides }: Overrides<Organisation> = {}): Organisation {
  const org: Organisation = {
    id: 11,
    uuid: null,
    imageLink: null,
    name: 'BSV Wiener Neustadt',
    nameShort: 'BSV WN',
    street: 'Zehnergürtel 12',
    city: 'Wiener Neustadt',
    zip: '2700',
    address: null,
    street2: null,
    city2: null,
    zip2: null,
    email: 'office@bsv-wn.example.org',
    homepage: 'https://bsv-wn.example.org',
    phoneOffice: '+43 2622 13250',
    faxOffice: null,
    bso: '3011',
    zvr: '328964536',
    dvr: null,
    orgStartDate: '1976-03-12',
    orgEndDate: null,
    inoperativeSince: null,
    orgMotherId: 4,
    orgMotherName: 'BSV NÖ',
    orgLevel: 3,
    members: 129,
    licenses: 69,
    params: {
      iban: 'AT61 3200 0746 7619 6952',
      association: 'ASKÖ',
      section: false,
      coop_partner: false,
      clubName: null,
      clubNameVisible: false,
      zvrNumber: '328964536',
      federalState: 'Niederösterreich',
      files: [],
    },
    updatedAt: '2026-11-21T08:47:41.886Z',
    fees: [],
    places: [],
    canEdit: true,
    fieldRights: { dates: false, bso: false, coopPartner: false, parent: false },
    ...overrides,
  };
  return { ...org, params: { ...org.params, ...params } };
}

export function makeListItem({ params, ...overrides }: Overrides<OrganisationListItem> = {}): OrganisationListItem {
  const base: Partial<Organisation> = makeOrganisation({ params });
  // a list item is the record without fees, places and the rights
  delete base.fees;
  delete base.places;
  delete base.canEdit;
  delete base.fieldRights;
  return { ...(base as OrganisationListItem), openFees: 0, ...overrides };
}

/** The state association 4 and a few clubs, as a federation user sees them. */
export function federationList(): OrganisationListItem[] {
  return [
    makeListItem({ id: 1, nameShort: 'ÖBSV', name: 'Österreichischer Bogensportverband', orgLevel: 1, orgMotherId: null }),
    makeListItem({ id: 4, nameShort: 'BSV NÖ', name: 'Bogensportverband Niederösterreich', orgLevel: 2, orgMotherId: 1 }),
    makeListItem({ id: 11 }),
    makeListItem({ id: 12, nameShort: 'UBS St. Pölten', name: 'Union Bogenschützen St. Pölten', openFees: 2 }),
    makeListItem({ id: 25, nameShort: 'BS Eisenerz', name: 'Bogenschützen Eisenerz', orgEndDate: '2019-12-31', openFees: 3 }),
  ];
}
