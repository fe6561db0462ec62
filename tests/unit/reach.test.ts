import { connectionGround, mayConnect, reaches, type ReachFacts } from '@/lib/domain/reach';
import { assignmentDatesProblem, assignmentRefusal, mayUndoBatch, type AssignmentContext } from '@/lib/domain/role-assignment';

/*
 * The reach rule: a function (membership or any other) goes only to a person the caller reaches
 * or identified, and answers name only persons the caller reaches. Role assignment and its undo
 * decide with it.
 */

const stranger: ReachFacts = { fromFederation: false, ownMemberOfActingClub: false };

describe('the reach rule', () => {
  it('connects from the federation, an own member of an acting club, with a proof, or a former member of the club', () => {
    expect(connectionGround({ ...stranger, fromFederation: true })).toBe('federation');
    expect(connectionGround({ ...stranger, ownMemberOfActingClub: true })).toBe('ownMember');
    expect(connectionGround({ ...stranger, proof: true })).toBe('proof');
    expect(connectionGround({ ...stranger, formerMemberOfTargetClub: true })).toBe('formerMember');
  });

  it('refuses a bare id: no ground, no connection', () => {
    expect(connectionGround(stranger)).toBeNull();
    expect(mayConnect(stranger)).toBe(false);
    expect(mayConnect({ ...stranger, proof: false, formerMemberOfTargetClub: false })).toBe(false);
  });

  it('reaches (and names) only from the federation or as own member; a proof or a former membership allows the connection, not the name', () => {
    expect(reaches({ ...stranger, fromFederation: true })).toBe(true);
    expect(reaches({ ...stranger, ownMemberOfActingClub: true })).toBe(true);
    expect(reaches({ ...stranger, proof: true })).toBe(false);
    expect(reaches({ ...stranger, formerMemberOfTargetClub: true })).toBe(false);
    expect(reaches(stranger)).toBe(false);
  });
});

const CLUB = { id: 11, level: 3, motherId: 4 };
/** The club administrator: member form (51) and role administration (66) in the club. */
const clubAdmin: AssignmentContext['caller'] = {
  functions: [51, 66].map((funkId) => ({ funkId, orgId: 11, orgLevel: 3, orgMotherId: 4 })),
  actingOrgIds: [11],
};
const federation: AssignmentContext['caller'] = {
  functions: [{ funkId: 66, orgId: 1, orgLevel: 1, orgMotherId: null }],
  actingOrgIds: [1],
};
const ctx = (caller: AssignmentContext['caller']): AssignmentContext => ({ org: CLUB, caller, start: '2026-01-01', end: '2999-12-31' });
const MEMBERSHIP = { id: 32, params: {} };
const YOUTH_WARDEN = { id: 16, params: {} };
const TOURNAMENTS = { id: 1000, params: { editWhitelist: [1] } };

describe('role assignment and reach', () => {
  it('gives the membership to an own member or from the federation', () => {
    expect(
      assignmentRefusal(ctx(clubAdmin), {
        role: MEMBERSHIP,
        reach: { ...stranger, ownMemberOfActingClub: true },
        isMember: false,
        held: [],
      }),
    ).toBeNull();
    expect(
      assignmentRefusal(ctx(federation), { role: MEMBERSHIP, reach: { ...stranger, fromFederation: true }, isMember: false, held: [] }),
    ).toBeNull();
  });

  it('refuses a person beyond the caller’s reach exactly like an unknown id, for the membership and every other role', () => {
    for (const role of [MEMBERSHIP, YOUTH_WARDEN]) {
      const unreached = assignmentRefusal(ctx(clubAdmin), { role, reach: stranger, isMember: false, held: [] });
      const unknown = assignmentRefusal(ctx(clubAdmin), { role, reach: null, isMember: false, held: [] });
      expect(unreached).toBe('notReached');
      expect(unknown).toBe(unreached);
    }
    // the federation reaches everyone, but an id nobody has is still nobody
    expect(assignmentRefusal(ctx(federation), { role: MEMBERSHIP, reach: null, isMember: false, held: [] })).toBe('notReached');
  });

  it('judges the role before the person, so the role’s verdict says nothing about who the id is', () => {
    expect(assignmentRefusal(ctx(clubAdmin), { role: TOURNAMENTS, reach: stranger, isMember: false, held: [] })).toBe('aboveCaller');
    expect(assignmentRefusal(ctx(clubAdmin), { role: TOURNAMENTS, reach: null, isMember: false, held: [] })).toBe('aboveCaller');
  });
});

describe('undoing a batch', () => {
  const undoCtx = (caller: AssignmentContext['caller'], callerId: number) => ({ org: CLUB, caller, callerId });

  it('is for the batch’s author', () => {
    expect(mayUndoBatch(undoCtx(clubAdmin, 2), { createdBy: 2, roles: [TOURNAMENTS] })).toBe(true);
  });

  it('is for someone who may give every role of the batch, and for nobody else', () => {
    expect(mayUndoBatch(undoCtx(clubAdmin, 2), { createdBy: 1, roles: [YOUTH_WARDEN] })).toBe(true);
    expect(mayUndoBatch(undoCtx(clubAdmin, 2), { createdBy: 1, roles: [YOUTH_WARDEN, TOURNAMENTS] })).toBe(false);
    expect(mayUndoBatch(undoCtx(federation, 1), { createdBy: 2, roles: [YOUTH_WARDEN, TOURNAMENTS] })).toBe(true);
  });
});

describe('assignmentDatesProblem', () => {
  const today = '2026-05-10';
  it.each([
    ['a start alone', '2026-06-01', null, null],
    ['an end alone (the assignment starts today)', null, '2026-12-31', null],
    ['start and end', '2026-06-01', '2026-12-31', null],
    ['neither', null, null, 'dateMissing'],
    ['an end before the start', '2026-06-01', '2026-05-31', 'dateWrong'],
    ['an end alone before today', null, '2026-05-09', 'dateWrong'],
  ] as const)('%s', (_label, start, end, expected) => {
    expect(assignmentDatesProblem(start, end, today)).toBe(expected);
  });
});
