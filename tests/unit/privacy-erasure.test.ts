import { msUntilNextHourUtc } from '@/server/privacy/retention-worker';
import { PERSON_REFERENCES, type PersonReferenceKey } from '@/server/db/person-references';
import {
  anonymousBirthDate,
  anonymousName,
  ERASURE_RULES,
  erasurePlan,
  erasureRefusals,
  formerMemberCutoff,
  namesPerson,
} from '@/lib/domain/privacy/erasure';

const noRows = () => Object.fromEntries(PERSON_REFERENCES.map((r) => [r.key, 0])) as Record<PersonReferenceKey, number>;

describe('erasure rules', () => {
  it('refuses for an open order and an active function, naming them, and for an erased person', () => {
    expect(erasureRefusals({ openOrders: [], activeFunctions: [], erased: false })).toEqual([]);
    const refusals = erasureRefusals({
      openOrders: [{ id: 42, category: 'JAHRESLIZENZ_2027' }],
      activeFunctions: [{ roleId: 12, roleName: 'Trainer', orgId: 11, orgName: 'BSV Wiener Neustadt', dateTo: '2999-12-31' }],
      erased: false,
    });
    expect(refusals.map((r) => r.code)).toEqual(['open_order', 'active_function']);
    expect(refusals[0].message).toContain('42');
    expect(refusals[1].message).toContain('Trainer in BSV Wiener Neustadt');
    // the screen words them itself from code and parameters
    expect(refusals.map((r) => r.params)).toEqual([
      { orderId: 42, category: 'JAHRESLIZENZ_2027' },
      { roleId: 12, roleName: 'Trainer', orgId: 11, orgName: 'BSV Wiener Neustadt', dateTo: '2999-12-31' },
    ]);
    expect(erasureRefusals({ openOrders: [], activeFunctions: [], erased: true }).map((r) => r.code)).toEqual(['already_erased']);
  });

  it('finds the person in a name typed as free text: first name and surname as words, case and accents aside', () => {
    const person = { firstName: 'Łukasz', surname: 'Kovačević-Szőke' };
    expect(namesPerson('Łukasz Kovačević-Szőke', person)).toBe(true);
    expect(namesPerson('KOVAČEVIĆ-SZŐKE, łukasz (Kampfrichter)', person)).toBe(true);
    expect(namesPerson('Jurgen Muller', { firstName: 'Jürgen', surname: 'Müller' })).toBe(true);
    expect(namesPerson('Frau Anna Maria Huber', { firstName: 'Anna Maria', surname: 'Huber' })).toBe(true);
    // the surname alone may be a relative; another first name is another person; a longer word is another name
    expect(namesPerson('Fam. Kovačević-Szőke', person)).toBe(false);
    expect(namesPerson('Marta Kovačević-Szőke', person)).toBe(false);
    expect(namesPerson('Anna Hubermann', { firstName: 'Anna', surname: 'Huber' })).toBe(false);
    expect(namesPerson('', person)).toBe(false);
    expect(namesPerson(null, person)).toBe(false);
  });

  it('keeps invoices and order lines 7 years after the end of the year of the newest, and says so only for kept places with rows', () => {
    const counts = { ...noRows(), 'order_invoices.lines': 2, 'order_items.member_id': 3, 'sessions.member_id': 4 };
    const plan = erasurePlan(counts, { 'order_invoices.lines': 2024, 'order_items.member_id': 2025 });
    const item = (p: string) => plan.find((i) => i.place === p)!;
    expect(item('order_invoices.lines')).toMatchObject({ action: 'keep', rows: 2, keptUntil: '2031-12-31' });
    expect(item('order_items.member_id')).toMatchObject({ action: 'keep', rows: 3, keptUntil: '2032-12-31' });
    expect(item('sessions.member_id')).toMatchObject({ action: 'delete', rows: 4, keptUntil: null });
    expect(item('members')).toMatchObject({ action: 'anonymise', rows: 1 });
    expect(erasurePlan(noRows(), { 'order_invoices.lines': 2024 }).find((i) => i.place === 'order_invoices.lines')!.keptUntil).toBeNull();
  });

  it('plans every place of the list once', () => {
    const places = erasurePlan(noRows(), {}).map((i) => i.place);
    expect(places).toEqual(['members', ...PERSON_REFERENCES.map((r) => r.key)]);
    expect(Object.keys(ERASURE_RULES).sort()).toEqual(PERSON_REFERENCES.map((r) => r.key).sort());
  });

  it('deletes login, devices, pictures and free text; anonymises licence history and tournament roles', () => {
    for (const key of [
      'sessions.member_id',
      'push_subscriptions.member_id',
      'password_reset_tokens.member_id',
      'uploaded_files.owner_id',
      'tournaments.comments',
      'orders.comments',
    ] as const) {
      expect([key, ERASURE_RULES[key].action]).toEqual([key, 'delete']);
    }
    expect(ERASURE_RULES['function_assignments.member_id'].action).toBe('anonymise');
    expect(ERASURE_RULES['tournaments.params'].action).toBe('anonymise');
  });

  it('keeps birth year and an anonymous name unique per record', () => {
    expect(anonymousBirthDate('1990-05-17')).toBe('1990-01-01');
    expect(anonymousName(7)).toEqual({ firstName: 'Anonym', surname: '#7' });
    expect(anonymousName(7)).not.toEqual(anonymousName(8));
  });

  it('counts the retention years back from today (29 February to 28th)', () => {
    expect(formerMemberCutoff('2026-11-27', 10)).toBe('2016-11-27');
    expect(formerMemberCutoff('2028-02-29', 10)).toBe('2018-02-28');
  });
});

describe('the retention worker', () => {
  it('runs nightly at 03:00 UTC', () => {
    expect(msUntilNextHourUtc(new Date('2026-11-27T01:30:00Z'), 3)).toBe(90 * 60_000);
    expect(msUntilNextHourUtc(new Date('2026-11-27T03:00:00Z'), 3)).toBe(24 * 3600_000);
    expect(msUntilNextHourUtc(new Date('2026-11-30T23:00:00Z'), 3)).toBe(4 * 3600_000);
  });
});
