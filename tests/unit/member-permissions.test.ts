import {
  editsMembersAt,
  mayAddMembershipIn,
  profilePictureShown,
  mayAssignFunctionsIn,
  mayDeleteMembers,
  mayEndMembershipIn,
  roleEditableBy,
  roleOfferedIn,
  trainingEditableBy,
} from '@/lib/domain/member-permissions';

const federation = { id: 1, level: 1 };
const state = { id: 4, level: 2 };
const club = { id: 11, level: 3 };

describe('member form permissions', () => {
  it('edits members at levels 1 and 3 only', () => {
    expect(editsMembersAt(federation)).toBe(true);
    expect(editsMembersAt(club)).toBe(true);
    expect(editsMembersAt(state)).toBe(false);
  });

  it('deletes members only at the federation', () => {
    expect(mayDeleteMembers([federation])).toBe(true);
    expect(mayDeleteMembers([club, state])).toBe(false);
    expect(mayDeleteMembers([])).toBe(false);
  });

  it('ends a membership from the federation or the membership’s club', () => {
    expect(mayEndMembershipIn([federation], 18)).toBe(true);
    expect(mayEndMembershipIn([club], 11)).toBe(true);
    expect(mayEndMembershipIn([club], 18)).toBe(false);
    expect(mayEndMembershipIn([state], 11)).toBe(false);
  });

  it('adds memberships from the federation or the club itself', () => {
    expect(mayAddMembershipIn([federation], 18)).toBe(true);
    expect(mayAddMembershipIn([club], 11)).toBe(true);
    expect(mayAddMembershipIn([club], 12)).toBe(false);
    expect(mayAddMembershipIn([state], 11)).toBe(false);
  });

  it('assigns functions anywhere from the federation, in its own club from a club, never from a state', () => {
    expect(mayAssignFunctionsIn([federation], 4)).toBe(true);
    expect(mayAssignFunctionsIn([club], 11)).toBe(true);
    expect(mayAssignFunctionsIn([club], 12)).toBe(false);
    expect(mayAssignFunctionsIn([state], 4)).toBe(false);
  });
});

describe('trainingEditableBy', () => {
  it('needs the organisation level in editAtOrgLevel', () => {
    expect(trainingEditableBy({ rules: { editAtOrgLevel: [1, 2, 3] } }, club)).toBe(true);
    expect(trainingEditableBy({ rules: { editAtOrgLevel: [1] } }, club)).toBe(false);
    expect(trainingEditableBy({ rules: {} }, federation)).toBe(false);
  });
  it('and, when there is an orgWhitelist, the organisation on it', () => {
    const def = { rules: { editAtOrgLevel: [1, 2] }, params: { orgWhitelist: [1, 7] } };
    expect(trainingEditableBy(def, federation)).toBe(true);
    expect(trainingEditableBy(def, { id: 7, level: 2 })).toBe(true);
    expect(trainingEditableBy(def, state)).toBe(false);
    expect(trainingEditableBy({ ...def, params: { orgWhitelist: [] } }, state)).toBe(true);
  });
});

describe('role filters', () => {
  it('offers a role only where orgWhitelist allows and orgBlacklist does not forbid', () => {
    expect(roleOfferedIn({ params: {} }, 11)).toBe(true);
    expect(roleOfferedIn({ params: null }, 11)).toBe(true);
    expect(roleOfferedIn({ params: { orgWhitelist: [1, 4] } }, 11)).toBe(false);
    expect(roleOfferedIn({ params: { orgWhitelist: [1, 4] } }, 4)).toBe(true);
    expect(roleOfferedIn({ params: { orgBlacklist: [1, 4] } }, 4)).toBe(false);
    expect(roleOfferedIn({ params: { orgBlacklist: [1, 4] } }, 11)).toBe(true);
  });
  it('lets only organisations on editWhitelist assign a role', () => {
    expect(roleEditableBy({ params: { editWhitelist: [1] } }, [11])).toBe(false);
    expect(roleEditableBy({ params: { editWhitelist: [1] } }, [11, 1])).toBe(true);
    expect(roleEditableBy({ params: {} }, [11])).toBe(true);
  });
});

describe('profilePictureShown', () => {
  const nobody = { isSelf: false, readsRecord: false };
  it('a shown profile: to everyone', () => expect(profilePictureShown(true, nobody)).toBe(true));
  it('a hidden or never set one: to the member and who reads their record only', () => {
    for (const flag of [false, undefined]) {
      expect(profilePictureShown(flag, nobody)).toBe(false);
      expect(profilePictureShown(flag, { isSelf: true, readsRecord: false })).toBe(true);
      expect(profilePictureShown(flag, { isSelf: false, readsRecord: true })).toBe(true);
    }
  });
});
