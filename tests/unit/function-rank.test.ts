import { carriesRank, dominates, functionsAbove, type HeldFunction, type Person } from '@/lib/domain/function-rank';

// Organisations as in the demo tree: federation 1; state association 4 (Lower Austria) with
// clubs 11 and 12; state association 10 (Vienna) with club 18.
const ORGS: Record<number, { level: number; mother: number | null }> = {
  1: { level: 1, mother: null },
  4: { level: 2, mother: 1 },
  10: { level: 2, mother: 1 },
  11: { level: 3, mother: 4 },
  12: { level: 3, mother: 4 },
  18: { level: 3, mother: 10 },
};

const fn = (orgId: number, funkId: number): HeldFunction => ({
  funkId,
  orgId,
  orgLevel: ORGS[orgId].level,
  orgMotherId: ORGS[orgId].mother,
});
const person = (memberId: number, ...functions: Array<[orgId: number, funkId: number]>): Person => ({
  memberId,
  functions: functions.map(([o, f]) => fn(o, f)),
});

const MEMBER = 32;
const LICENCE = 29;
const CHAIR = 1;
const TRAINER = 12;
const PRESIDENT = 8;
const NATIONAL_SQUAD = 36;
const ALL_FORMS = [46, 50, 51, 52, 55, 56, 58, 66, 200, 201, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1032];
const CLUB_ADMIN_FORMS = [46, 50, 51, 55, 56, 66, 200, 1000, 1006];

// The demo accounts.
const federationAdmin = person(1, ...ALL_FORMS.map((f): [number, number] => [1, f]), [18, MEMBER], [18, LICENCE]);
const clubAdmin = person(2, ...CLUB_ADMIN_FORMS.map((f): [number, number] => [11, f]), [11, MEMBER], [11, CHAIR], [11, LICENCE]);
const stateStaff = person(3, [4, 50], [4, 51], [12, MEMBER], [12, LICENCE]);
const trainer = person(4, [11, 51], [11, MEMBER], [11, TRAINER], [11, LICENCE]);
const plainMember = person(5, [11, MEMBER], [11, LICENCE]);

describe('function rank', () => {
  describe('functions that carry rank', () => {
    it.each([
      ['a system role in a club', fn(11, 51), true],
      ['a system role in the federation', fn(1, 52), true],
      ['any function in a state association', fn(4, PRESIDENT), true],
      ['any function in the federation', fn(1, NATIONAL_SQUAD), true],
      ['a club membership', fn(11, MEMBER), false],
      ['a licence', fn(11, LICENCE), false],
      ['an ordinary club function (chair, trainer)', fn(11, CHAIR), false],
    ])('%s', (_label, f, expected) => {
      expect(carriesRank(f)).toBe(expected);
    });
  });

  describe('the takeover chain of the demo accounts', () => {
    it('a trainer dominates neither the club administrator nor the state or the federation', () => {
      expect(dominates(trainer, clubAdmin)).toBe(false);
      expect(dominates(trainer, stateStaff)).toBe(false);
      expect(dominates(trainer, federationAdmin)).toBe(false);
      // what stands above: the administrator's forms the trainer does not hold
      expect(
        functionsAbove(trainer, clubAdmin)
          .map((f) => f.funkId)
          .sort((a, b) => a - b),
      ).toEqual(CLUB_ADMIN_FORMS.filter((f) => f !== 51));
    });

    it('a trainer dominates a plain member of the club', () => {
      expect(dominates(trainer, plainMember)).toBe(true);
    });

    it('the club administrator dominates the trainer and plain members, not the state or the federation', () => {
      expect(dominates(clubAdmin, trainer)).toBe(true);
      expect(dominates(clubAdmin, plainMember)).toBe(true);
      expect(dominates(clubAdmin, stateStaff)).toBe(false);
      expect(dominates(clubAdmin, federationAdmin)).toBe(false);
    });

    it('the federation administration dominates everyone', () => {
      for (const target of [clubAdmin, stateStaff, trainer, plainMember]) expect(dominates(federationAdmin, target)).toBe(true);
    });

    it('the state association dominates its own clubs, not the federation', () => {
      expect(dominates(stateStaff, clubAdmin)).toBe(true);
      expect(dominates(stateStaff, trainer)).toBe(true);
      expect(dominates(stateStaff, federationAdmin)).toBe(false);
    });

    it('everyone dominates themselves', () => {
      for (const p of [federationAdmin, clubAdmin, stateStaff, trainer, plainMember]) expect(dominates(p, p)).toBe(true);
    });

    it('a person without system roles dominates only people without rank', () => {
      expect(dominates(plainMember, person(9, [11, MEMBER], [11, CHAIR]))).toBe(true);
      expect(dominates(plainMember, trainer)).toBe(false);
    });
  });

  describe('organisations above and beside', () => {
    it('a state association is above its own clubs only', () => {
      const stateB = person(20, [10, 51]);
      expect(dominates(stateB, person(21, [18, 51]))).toBe(true);
      expect(dominates(stateB, person(22, [11, 51]))).toBe(false);
    });

    it('a club is never above another club: an administrator elsewhere who is our member stays out of reach', () => {
      const adminOfOtherClub = person(23, [11, MEMBER], [12, 51], [12, 66]);
      expect(dominates(clubAdmin, adminOfOtherClub)).toBe(false);
      expect(dominates(person(24, [12, 51], [12, 66]), adminOfOtherClub)).toBe(true);
    });

    it('memberships and ordinary functions in other clubs do not put anyone out of reach', () => {
      expect(dominates(trainer, person(25, [11, MEMBER], [12, MEMBER], [12, CHAIR], [18, LICENCE]))).toBe(true);
    });

    it('an officer of a state association or the federation is out of a club’s reach', () => {
      expect(dominates(clubAdmin, person(26, [11, MEMBER], [4, PRESIDENT]))).toBe(false);
      expect(dominates(clubAdmin, person(27, [11, MEMBER], [1, NATIONAL_SQUAD]))).toBe(false);
      expect(dominates(stateStaff, person(28, [12, MEMBER], [4, PRESIDENT]))).toBe(true);
      expect(dominates(federationAdmin, person(29, [4, PRESIDENT], [1, NATIONAL_SQUAD]))).toBe(true);
    });
  });

  describe('within one organisation', () => {
    it('covers a system role only when the caller holds it too', () => {
      const memberFormOnly = person(30, [1, 51]);
      expect(dominates(memberFormOnly, federationAdmin)).toBe(false);
      expect(dominates(person(31, [11, 51], [11, 66]), person(32, [11, 66]))).toBe(true);
      expect(dominates(person(33, [11, 51]), person(34, [11, 66]))).toBe(false);
    });

    it('peers with the same system roles dominate each other', () => {
      const otherAdmin = person(35, ...CLUB_ADMIN_FORMS.map((f): [number, number] => [11, f]));
      expect(dominates(clubAdmin, otherAdmin)).toBe(true);
      expect(dominates(otherAdmin, clubAdmin)).toBe(true);
    });

    it('covers the ordinary functions of an organisation where the caller holds any system role', () => {
      expect(dominates(person(36, [1, 51]), person(37, [1, PRESIDENT]))).toBe(true);
      expect(dominates(person(38, [4, 51]), person(39, [4, PRESIDENT]))).toBe(true);
    });

    it('does not count the caller’s ordinary functions as authority', () => {
      expect(dominates(person(40, [4, PRESIDENT]), person(41, [4, 51]))).toBe(false);
      expect(dominates(person(42, [4, PRESIDENT]), person(43, [12, 51]))).toBe(false);
    });
  });
});
