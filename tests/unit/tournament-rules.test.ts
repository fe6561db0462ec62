import { latestRegistrationDay, latestTournamentDay, tournamentIssues, type TournamentFacts } from '@/lib/domain/tournaments/rules';
import { tournamentStatus } from '@/lib/domain/tournaments/status';

/** The tournament's display status order and its date windows at their edges, with a fixed day. */

const TODAY = '2026-11-24';

describe('display status', () => {
  const t = { start: '2026-12-05', end: '2026-12-06', approved: true, canceled: false };
  it('is derived in the order cancelled, over, ongoing, approved, created', () => {
    expect(tournamentStatus({ ...t, canceled: true, start: '2026-01-01', end: '2026-01-02' }, TODAY)).toBe('canceled');
    expect(tournamentStatus({ ...t, start: '2026-11-20', end: '2026-11-23' }, TODAY)).toBe('over');
    expect(tournamentStatus({ ...t, start: '2026-11-24', end: '2026-11-24' }, TODAY)).toBe('ongoing');
    expect(tournamentStatus({ ...t, start: '2026-11-23', end: '2026-11-25', approved: null }, TODAY)).toBe('ongoing');
    expect(tournamentStatus(t, TODAY)).toBe('approved');
    expect(tournamentStatus({ ...t, approved: null }, TODAY)).toBe('created');
  });
});

describe('date windows', () => {
  const type = {
    params: { rules: [{ name: 'R', divisions: [] }], gradeCodes: [], disciplines: [1, 4], ordercat: null, filter: 'Breitensport' as const },
  };
  const facts = (over: Partial<TournamentFacts>): TournamentFacts => ({
    orgId: 11,
    start: '2027-01-10',
    end: '2027-01-11',
    openFrom: TODAY,
    openTo: '2027-01-10',
    discipline: 1,
    rule: 'R',
    divisions: [],
    gradeCodes: [],
    mainRefereeId: null,
    refereeIds: [],
    numberAnimals: null,
    ...over,
  });
  const rules = (over: Partial<TournamentFacts>) =>
    tournamentIssues(facts(over), type, TODAY, new Map()).map((i) => `${i.field}:${i.rule}`);

  it('starts from today to less than 24 months ahead', () => {
    expect(latestTournamentDay(TODAY)).toBe('2028-11-23');
    expect(rules({ start: TODAY, end: TODAY, openTo: TODAY })).toEqual([]);
    expect(rules({ start: '2026-11-23' })).toContain('start:beforeToday');
    expect(rules({ start: '2028-11-23', end: '2028-11-23' })).toEqual([]);
    expect(rules({ start: '2028-11-24', end: '2028-11-24' })).toEqual(['start:tooFarAhead', 'end:tooFarAhead']);
  });

  it('registers from today up to the day after the end', () => {
    expect(latestRegistrationDay('2027-01-11')).toBe('2027-01-12');
    expect(rules({ openTo: '2027-01-12' })).toEqual([]);
    expect(rules({ openTo: '2027-01-13' })).toEqual(['openTo:afterEvent']);
    expect(rules({ openFrom: '2026-11-23' })).toEqual(['openFrom:beforeToday']);
    expect(rules({ openFrom: '2027-01-05', openTo: '2027-01-04' })).toEqual(['openTo:endBeforeStart']);
  });

  it('counts animals only for 3D', () => {
    expect(rules({ discipline: 4, numberAnimals: 28 })).toEqual([]);
    expect(rules({ discipline: 1, numberAnimals: 28 })).toEqual(['numberAnimals:only3D']);
  });
});
