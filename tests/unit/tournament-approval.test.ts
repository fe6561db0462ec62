import { approvalAfterChange, nextCalendarSequence, publicChanges, type TournamentVersion } from '@/lib/domain/tournaments/approval';
import { tournamentStatus } from '@/lib/domain/tournaments/status';

/** What a change after the approval does: which fields need a new approval, the state, the SEQUENCE. */

const approved: TournamentVersion = {
  name: 'Hallenturnier',
  start: '2027-01-10',
  end: '2027-01-11',
  openFrom: '2026-12-01',
  openTo: '2027-01-09',
  params: {
    location: 'Sporthalle',
    linkToRegistration: 'https://verein.example.org/anmeldung',
    contactPerson: 'Eva Muster',
    email: 'turnier@example.org',
    phone: null,
    discipline: 1,
    rule: 'WA Halle 18 m',
    divisions: ['Recurve'],
  },
};
const withParams = (p: Partial<TournamentVersion['params']>, over: Partial<TournamentVersion> = {}): TournamentVersion => ({
  ...approved,
  ...over,
  params: { ...approved.params, ...p },
});

describe('public changes', () => {
  it('names every field the public sees that differs, in a fixed order', () => {
    expect(publicChanges(approved, approved)).toEqual([]);
    expect(publicChanges(approved, withParams({ linkToRegistration: 'https://anderswo.example.com' }, { name: 'Neu' }))).toEqual([
      'name',
      'linkToRegistration',
    ]);
    for (const [over, field] of [
      [{ start: '2027-01-09' }, 'start'],
      [{ end: '2027-01-12' }, 'end'],
      [{ openFrom: '2026-12-02' }, 'openFrom'],
      [{ openTo: '2027-01-08' }, 'openTo'],
    ] as const)
      expect(publicChanges(approved, { ...approved, ...over })).toEqual([field]);
    expect(
      publicChanges(
        approved,
        withParams({
          location: 'Halle Nord',
          contactPerson: 'Max',
          email: 'x@example.org',
          phone: '+43 1',
          discipline: 2,
          rule: 'WA 70 m',
          divisions: ['Recurve', 'Compound'],
        }),
      ),
    ).toEqual(['location', 'contactPerson', 'email', 'phone', 'discipline', 'rule', 'divisions']);
  });

  it('reads absent and empty alike, and ignores what only the federation and the club see', () => {
    expect(publicChanges(approved, withParams({ phone: undefined }))).toEqual([]);
    const internal = {
      ...withParams({}),
      params: { ...approved.params, gradeCodes: ['A'], referees: [{ id: 3 }], numberAnimals: 20 },
    } as TournamentVersion;
    expect(publicChanges(approved, internal)).toEqual([]);
  });
});

describe('approval after a change', () => {
  const renamed = { ...approved, name: 'Neu' };
  it('waits for approval when a club changes what the public sees of an approved tournament', () => {
    expect(approvalAfterChange({ state: true, approved, next: renamed, byApprover: false })).toEqual({ state: false, publish: false });
    expect(approvalAfterChange({ state: false, approved, next: renamed, byApprover: false })).toEqual({ state: false, publish: false });
  });
  it('stays approved for other changes, and a change back undoes the waiting', () => {
    expect(approvalAfterChange({ state: true, approved, next: approved, byApprover: false })).toEqual({ state: true, publish: false });
    expect(approvalAfterChange({ state: false, approved, next: approved, byApprover: false })).toEqual({ state: true, publish: false });
  });
  it("publishes the approvers' change at once", () => {
    expect(approvalAfterChange({ state: true, approved, next: renamed, byApprover: true })).toEqual({ state: true, publish: true });
    expect(approvalAfterChange({ state: false, approved, next: renamed, byApprover: true })).toEqual({ state: true, publish: true });
  });
  it('leaves a never approved tournament unapproved, whoever saves it', () => {
    expect(approvalAfterChange({ state: null, approved: null, next: renamed, byApprover: true })).toEqual({ state: null, publish: false });
    expect(approvalAfterChange({ state: null, approved: null, next: renamed, byApprover: false })).toEqual({ state: null, publish: false });
  });
  it('shows a changed tournament as changed until it starts', () => {
    expect(tournamentStatus({ start: '2027-01-10', end: '2027-01-11', approved: false, canceled: false }, '2026-11-24')).toBe('changed');
    expect(tournamentStatus({ start: '2027-01-10', end: '2027-01-11', approved: false, canceled: false }, '2027-01-10')).toBe('ongoing');
    expect(tournamentStatus({ start: '2027-01-10', end: '2027-01-11', approved: false, canceled: true }, '2026-11-24')).toBe('canceled');
  });
});

describe('calendar SEQUENCE', () => {
  it('starts at 0 and goes up with each published change the public sees', () => {
    expect(nextCalendarSequence(0, null, approved)).toBe(0);
    expect(nextCalendarSequence(0, approved, { ...approved, name: 'Neu' })).toBe(1);
    expect(nextCalendarSequence(3, approved, withParams({ linkToRegistration: 'https://anderswo.example.com' }))).toBe(4);
    expect(nextCalendarSequence(3, approved, approved)).toBe(3);
  });
});
