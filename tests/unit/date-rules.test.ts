import { assignmentDatesProblem } from '@/lib/domain/role-assignment';
import { memberInputSchema, withBirthDateRule } from '@/lib/schemas/members';
import { formIssues } from '@/components/tournaments/tournament-form-check';
import { tournamentParamsInput } from '@/lib/schemas/tournaments';
import { toFormValues } from '@/components/tournaments/tournament-view';
import type { TournamentType } from '@/lib/api/tournaments';

/** The rules that read a date field see only complete dates: half-typed text neither crashes nor compares. */

describe('role assignment dates', () => {
  it('never compares half-typed text', () => {
    const today = '2025-02-15';
    expect(assignmentDatesProblem('2025-03-01', '1', today)).toBe('dateInvalid');
    expect(assignmentDatesProblem('1', null, today)).toBe('dateInvalid');
    expect(assignmentDatesProblem(null, '2025-0', today)).toBe('dateInvalid');
    expect(assignmentDatesProblem('2025-03-01', '2025-02-28', today)).toBe('dateWrong');
    expect(assignmentDatesProblem('2025-03-01', null, today)).toBeNull();
    expect(assignmentDatesProblem(null, '2025-12-31', today)).toBeNull();
    expect(assignmentDatesProblem(null, null, today)).toBe('dateMissing');
  });
});

describe('birth-date rule', () => {
  const schema = withBirthDateRule(memberInputSchema.omit({ orgId: true }), '2025-06-01');
  const messagesAt = (value: Record<string, unknown>) =>
    (schema.safeParse(value).error?.issues ?? []).filter((i) => i.path.join('.') === 'birthDate').map((i) => i.message);

  it('is checked while other fields are still missing, and never on half-typed text', () => {
    expect(messagesAt({ firstName: 'Alois', surname: 'Brueckl', birthDate: '2024-12-01' })).toEqual(['birthDateTooRecent']);
    expect(messagesAt({ firstName: 'Alois', surname: 'Brueckl', birthDate: '1' })).not.toContain('birthDateTooRecent');
    expect(messagesAt({ firstName: 'Alois', surname: 'Brueckl', birthDate: '1' })).toContain('invalidDate');
  });
});

describe('tournament form check', () => {
  const types: TournamentType[] = [
    { id: 5, name: 'T', param: { filter: 'Breitensport', disciplines: [2, 4], rules: [], gradeCodes: [], ordercat: null } },
  ];
  const filled = {
    ...toFormValues(null),
    name: 'T',
    type: 5,
    start: '2025-07-01',
    end: '2025-07-02',
    openFrom: '2025-06-02',
    openTo: '2025-06-20',
    location: 'Wien',
    contactPerson: 'A',
    email: 'a@example.org',
    discipline: 2,
  };

  it.each(['1', '2025-0', '12.07.2025', '2025-02-30'])('takes %p in any date field as an invalid date, without throwing', (text) => {
    for (const f of ['start', 'end', 'openFrom', 'openTo'] as const) {
      expect(formIssues(tournamentParamsInput.shape, { ...filled, [f]: text }, types, [], 11, '2025-06-01')[f]).toBe('invalidDate');
    }
  });

  it('neither checks nor counts the number of animals outside 3D', () => {
    expect(formIssues(tournamentParamsInput.shape, { ...filled, numberAnimals: '20' }, types, [], 11, '2025-06-01')).toEqual({});
    expect(
      formIssues(tournamentParamsInput.shape, { ...filled, discipline: 4, numberAnimals: '600' }, types, [], 11, '2025-06-01'),
    ).toEqual({ numberAnimals: 'tooLarge' });
  });

  it('checks the registration link with the API schema', () => {
    expect(
      formIssues(tournamentParamsInput.shape, { ...filled, linkToRegistration: 'javascript:alert(1)' }, types, [], 11, '2025-06-01'),
    ).toEqual({ linkToRegistration: 'urlInvalid' });
  });
});
