import type { ReactElement } from 'react';
import { MembersPage } from '@/components/members/members-page';
import type { MembersScreenProps } from '@/components/members/members-screen';
import type { MemberDetailProps } from '@/components/members/member-detail';
import { getMember, getMembersSummary } from '@/lib/api/members';
import { getSystemRoles } from '@/lib/api/user';
import type { MembersSummary } from '@/lib/api/member-types';

/*
 * The server part of forms 51/52: which member the address opens and where it redirects. A state
 * association reads members only, so 'new' (or a negative id) is no page for it: like the
 * organisation page, it goes to the route without id instead of an empty form it cannot save.
 */
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));
jest.mock('next-intl/server', () => ({ getTranslations: async () => (key: string) => key }));
jest.mock('../../../lib/api/members', () => ({
  getMembersSummary: jest.fn(),
  getMember: jest.fn(),
  getMemberRoles: jest.fn(),
  getTargetOrgs: jest.fn(async () => []),
  getTrainingDefinitions: jest.fn(async () => []),
  getFunctionGroups: jest.fn(async () => []),
}));
jest.mock('../../../lib/api/user', () => ({ getCountries: jest.fn(async () => []), getSystemRoles: jest.fn(async () => []) }));
jest.mock('../../../components/members/members-screen', () => ({ MembersScreen: () => null }));
jest.mock('../../../components/members/member-detail', () => ({ MemberDetail: () => null }));

const summaryMock = getMembersSummary as jest.MockedFunction<typeof getMembersSummary>;
const user = { mgId: 1, email: 'x@example.org', givenName: null, familyName: null };

function summary(orgId: number, orgLevel: number, canCreate: boolean): MembersSummary {
  return {
    orgId,
    orgName: `O${orgId}`,
    orgLevel,
    access: { canCreate, canEdit: canCreate, canDelete: orgLevel === 1 },
    members: 0,
    licences: 0,
    byGender: { m: 0, w: 0, d: 0 },
    byAgeClass: { U10: 0, U13: 0, U15: 0, U18: 0, U21: 0, 'Allgem. Klasse': 0, '50+': 0, '65+': 0 },
  } as MembersSummary;
}

function page(orgId: number, id: string | undefined) {
  return MembersPage({ orgId, funkId: 51, id, orgName: '', functionName: '', funkMgId: 1, user });
}

beforeEach(() => jest.clearAllMocks());

describe('MembersPage: a new member', () => {
  it('opens the empty form for a club that may create members', async () => {
    summaryMock.mockResolvedValue(summary(11, 3, true));
    const screen = (await page(11, 'new')) as ReactElement<MembersScreenProps>;
    expect(screen.props.canCreate).toBe(true);
    expect((screen.props.children as ReactElement<{ member: unknown }>).props.member).toBeNull();
  });

  it("sends a state association (read only) from 'new' and negative ids to the route without id", async () => {
    summaryMock.mockResolvedValue(summary(4, 2, false));
    await expect(page(4, 'new')).rejects.toThrow(/^REDIRECT \/form\/O4\/F51$/);
    await expect(page(4, '-3')).rejects.toThrow(/^REDIRECT \/form\/O4\/F51$/);
  });
});

describe('MembersPage: the level from the system roles', () => {
  function pageAt(orgId: number, orgLevel: number, id: string | undefined) {
    return MembersPage({ orgId, funkId: 51, id, orgName: '', functionName: '', funkMgId: 1, orgLevel, user });
  }

  it('opens the list of a club without asking for the summary (its counts go over every member)', async () => {
    const screen = (await pageAt(11, 3, undefined)) as ReactElement<MembersScreenProps>;
    expect(summaryMock).not.toHaveBeenCalled();
    expect(screen.props.canCreate).toBe(true);
  });

  it('sends a state association from "new" to the route without id, without asking for the summary', async () => {
    await expect(pageAt(4, 2, 'new')).rejects.toThrow(/^REDIRECT \/form\/O4\/F51$/);
    expect(summaryMock).not.toHaveBeenCalled();
  });

  it('gives the federation the form for a new member', async () => {
    const screen = (await pageAt(1, 1, 'new')) as ReactElement<MembersScreenProps>;
    expect(summaryMock).not.toHaveBeenCalled();
    expect(screen.props.canCreate).toBe(true);
  });
});

describe("MembersPage: form 52's 'Duplikate'", () => {
  async function duplicatesOf(orgId: number, orgLevel: number, all = true) {
    const props = { orgId, funkId: all ? 52 : 51, orgName: '', functionName: '', funkMgId: 1, orgLevel, user, all };
    return ((await MembersPage(props)) as ReactElement<MembersScreenProps>).props.duplicates;
  }

  it('offers the federation every member, a state association its own, a club nothing', async () => {
    await expect(duplicatesOf(1, 1)).resolves.toEqual({});
    await expect(duplicatesOf(4, 2)).resolves.toEqual({ org: 4 });
    await expect(duplicatesOf(11, 3)).resolves.toBeNull();
  });

  it('is not offered in form 51', async () => {
    await expect(duplicatesOf(1, 1, false)).resolves.toBeNull();
  });
});

describe("MembersPage: the person's data rights", () => {
  const memberMock = getMember as jest.MockedFunction<typeof getMember>;
  const rolesMock = getSystemRoles as jest.MockedFunction<typeof getSystemRoles>;
  function detailAt(orgId: number, orgLevel: number, funkId: number) {
    return MembersPage({ orgId, funkId, id: '955', orgName: '', functionName: '', funkMgId: 1, orgLevel, user }).then(
      (screen) => (screen as ReactElement<MembersScreenProps>).props.children as ReactElement<MemberDetailProps>,
    );
  }

  beforeEach(() => memberMock.mockResolvedValue({ id: 955, functions: [] } as unknown as Awaited<ReturnType<typeof getMember>>));

  it('offers them to the federation by the roles the caller holds there (52: export and erasure; 1007: the trail)', async () => {
    rolesMock.mockResolvedValue([{ orgId: 1, funkId: 52, functionName: 'Alle Mitglieder', orgLevel: 1 }] as never);
    expect((await detailAt(1, 1, 52)).props.privacy).toEqual({ exportAndErase: true, readTrail: false, resetSecondFactor: true });
    rolesMock.mockResolvedValue([
      { orgId: 1, funkId: 51, functionName: 'Mitglieder', orgLevel: 1 },
      { orgId: 1, funkId: 1007, functionName: 'Datenschutzbeauftragte(r)', orgLevel: 1 },
    ] as never);
    expect((await detailAt(1, 1, 51)).props.privacy).toEqual({ exportAndErase: false, readTrail: true, resetSecondFactor: true });
  });

  it('offers nothing to a club, whatever else the caller holds', async () => {
    rolesMock.mockResolvedValue([{ orgId: 1, funkId: 52, functionName: 'Alle Mitglieder', orgLevel: 1 }] as never);
    expect((await detailAt(11, 3, 51)).props.privacy).toBeNull();
  });
});
