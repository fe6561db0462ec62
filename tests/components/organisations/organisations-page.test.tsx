import type { ReactElement } from 'react';
import { OrganisationsPage } from '@/components/organisations/organisations-page';
import type { OrganisationsScreenProps } from '@/components/organisations/organisations-screen';
import { getOrganisation, getOrganisations } from '@/lib/api/organisations';
import { ApiError } from '@/lib/api/errors';
import { federationList, makeListItem, makeOrganisation } from './fixtures';

/*
 * The server part of forms 50/58: which organisation the address opens, and where it redirects
 * (id rules; clubs and cooperation partners always see their own organisation).
 */
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));
jest.mock('next-intl/server', () => ({ getTranslations: async () => (key: string) => key }));
jest.mock('../../../lib/api/organisations', () => ({ getOrganisations: jest.fn(), getOrganisation: jest.fn() }));
jest.mock('../../../components/organisations/organisations-screen', () => ({ OrganisationsScreen: () => null }));

const listMock = getOrganisations as jest.MockedFunction<typeof getOrganisations>;
const oneMock = getOrganisation as jest.MockedFunction<typeof getOrganisation>;
const user = { mgId: 1, email: 'x@example.org', givenName: null, familyName: null };

function page(orgId: number, id: string | undefined, funkId = 50) {
  return OrganisationsPage({ orgId, funkId, id, orgName: '', functionName: '', funkMgId: 1, user });
}
async function screenProps(orgId: number, id: string | undefined, funkId = 50) {
  return ((await page(orgId, id, funkId)) as ReactElement<OrganisationsScreenProps>).props;
}

beforeEach(() => {
  jest.clearAllMocks();
  oneMock.mockImplementation(async (id) => makeOrganisation({ id }));
});

describe('OrganisationsPage as the federation (level 1)', () => {
  beforeEach(() => listMock.mockResolvedValue(federationList()));

  it('opens the organisation named in the address, read for the acting organisation', async () => {
    const props = await screenProps(1, '12');
    expect(oneMock).toHaveBeenCalledWith(12, 1);
    expect(props.selected?.id).toBe(12);
    expect(props.canCreate).toBe(true);
    expect(props.isNew).toBe(false);
  });

  it("opens an empty form for 'new' and redirects a negative id to 'new'", async () => {
    const props = await screenProps(1, 'new');
    expect(props.isNew).toBe(true);
    expect(props.selected).toBeNull();
    await expect(page(1, '-7')).rejects.toThrow('REDIRECT /form/O1/F50/new');
  });

  it('sends 0 and unknown ids to the route without id (form 58 alike)', async () => {
    await expect(page(1, '0')).rejects.toThrow('REDIRECT /form/O1/F50');
    await expect(page(1, '4711', 58)).rejects.toThrow(/^REDIRECT \/form\/O1\/F58$/);
    expect(oneMock).not.toHaveBeenCalled();
  });

  it('shows the list without a selection when the address has no id', async () => {
    const props = await screenProps(1, undefined);
    expect(props.selected).toBeNull();
    expect(props.list).toHaveLength(5);
    expect(oneMock).not.toHaveBeenCalled();
  });
});

describe('OrganisationsPage as a club (level 3)', () => {
  beforeEach(() => listMock.mockResolvedValue([makeListItem({ id: 11 })]));

  it('always shows the own club, also without id', async () => {
    const props = await screenProps(11, undefined);
    expect(oneMock).toHaveBeenCalledWith(11, 11);
    expect(props.selected?.id).toBe(11);
    expect(props.canCreate).toBe(false);
  });

  it("never opens another club's record: its id leads to the route without id", async () => {
    await expect(page(11, '12')).rejects.toThrow(/^REDIRECT \/form\/O11\/F50$/);
    await expect(page(11, 'new')).rejects.toThrow(/^REDIRECT \/form\/O11\/F50$/);
    expect(oneMock).not.toHaveBeenCalled();
  });
});

describe('OrganisationsPage for a cooperation partner', () => {
  it('treats it like a club: only its own organisation', async () => {
    listMock.mockResolvedValue([makeListItem({ id: 30, orgLevel: 3, params: { coop_partner: true } })]);
    const props = await screenProps(30, undefined);
    expect(props.selected?.id).toBe(30);
    await expect(page(30, '11')).rejects.toThrow(/^REDIRECT \/form\/O30\/F50$/);
  });
});

describe('OrganisationsPage when the API refuses', () => {
  it('shows the refusal instead of the screen', async () => {
    listMock.mockRejectedValue(new ApiError(403, { code: 'forbidden' }));
    const element = (await page(12, undefined)) as ReactElement<{ children: string; tone: string }>;
    expect(element.props.tone).toBe('alert');
    expect(element.props.children).toBe('errors.forbidden');
  });
});
