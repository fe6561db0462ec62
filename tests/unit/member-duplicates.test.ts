import {
  dryRunMisses,
  limitNameKey,
  candidateBirthDates,
  compareName,
  DUPLICATE_CHECK_LIMITS,
  duplicateCheckAuditRecord,
  duplicateKeys,
  editDistance,
  foldName,
  identifiesPerson,
  matchDuplicate,
  swapDayMonth,
  newMemberBlock,
} from '@/lib/domain/member-duplicates';
import { foldSearch, searchWords } from '@/lib/domain/search-fold';

describe('foldName', () => {
  it('makes Müller, Mueller and Muller one name, and Strauß / Strauss', () => {
    expect(new Set(['Müller', 'Mueller', 'Muller', ' MÜLLER '].map(foldName))).toEqual(new Set(['muller']));
    expect(foldName('Strauß')).toBe(foldName('Strauss'));
    expect(foldName('Göbl')).toBe(foldName('Goebl'));
    expect(foldName('Anna-Maria')).toBe(foldName('Anna Maria'));
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps as one edit', () => {
    expect(editDistance('huber', 'huber')).toBe(0);
    expect(editDistance('huber', 'hubber')).toBe(1);
    expect(editDistance('huber', 'hube')).toBe(1);
    expect(editDistance('huber', 'hubar')).toBe(1);
    expect(editDistance('huber', 'hbuer')).toBe(1);
    expect(editDistance('huber', 'maier')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('compareName', () => {
  it('tells exact, spelling and typo matches apart', () => {
    expect(compareName('Müller', 'müller')).toBe('exact');
    expect(compareName('Müller', 'Mueller')).toBe('spelling');
    expect(compareName('Schneider', 'Schnieder')).toBe('typo');
    expect(compareName('Steiner', 'Stiener')).toBe('typo');
    expect(compareName('Katharina', 'Katarin')).toBe('typo'); // two edits on a long name
  });
  it('tolerates no typo in very short names and one in medium ones', () => {
    expect(compareName('Eva', 'Ava')).toBeNull();
    expect(compareName('Maier', 'Mayer')).toBe('typo');
    expect(compareName('Maier', 'Mayr')).toBeNull();
    expect(compareName('Huber', 'Gruber')).toBeNull();
  });
});

describe('swapDayMonth', () => {
  it('swaps day and month when that gives a real, different date', () => {
    expect(swapDayMonth('1980-03-04')).toBe('1980-04-03');
    expect(swapDayMonth('1980-12-11')).toBe('1980-11-12');
    expect(swapDayMonth('1980-03-13')).toBeNull(); // no 13th month
    expect(swapDayMonth('1980-05-05')).toBeNull(); // the same date
    expect(swapDayMonth('1981-02-30')).toBeNull();
    expect(candidateBirthDates('1980-03-04')).toEqual(['1980-03-04', '1980-04-03']);
    expect(candidateBirthDates('1980-03-20')).toEqual(['1980-03-20']);
  });
});

describe('matchDuplicate', () => {
  const existing = { firstName: 'Jürgen', surname: 'Müller', birthDate: '1980-03-04', email: 'jm@example.net' };

  it('scores the exact person highest', () => {
    expect(matchDuplicate({ ...existing, email: null }, existing)).toEqual({ reasons: ['same_name', 'same_birth_date'], score: 100 });
  });

  it.each([
    ['spelling', { firstName: 'Juergen', surname: 'Mueller' }, ['name_spelling', 'same_birth_date']],
    ['typo', { surname: 'Müler' }, ['name_typo', 'same_birth_date']],
    ['spelling and typo', { firstName: 'Juergen', surname: 'Müler' }, ['name_spelling', 'name_typo', 'same_birth_date']],
    ['swapped names', { firstName: 'Müller', surname: 'Jürgen' }, ['swapped_names', 'same_birth_date']],
    ['swapped names with spelling', { firstName: 'Mueller', surname: 'Jurgen' }, ['swapped_names', 'name_spelling', 'same_birth_date']],
    ['swapped day and month', { birthDate: '1980-04-03' }, ['same_name', 'swapped_day_month']],
    ['same e-mail too', { email: 'JM@example.net' }, ['same_email', 'same_name', 'same_birth_date']],
  ])('matches with %s', (_label, over, reasons) => {
    const m = matchDuplicate({ ...existing, email: null, ...over }, existing);
    expect(m?.reasons).toEqual(reasons);
    expect(m!.score).toBeLessThanOrEqual(100);
  });

  it('ranks closer matches higher', () => {
    const score = (over: object) => matchDuplicate({ ...existing, email: null, ...over }, existing)!.score;
    expect(score({})).toBeGreaterThan(score({ surname: 'Mueller' }));
    expect(score({ surname: 'Mueller' })).toBeGreaterThan(score({ surname: 'Müler' }));
    expect(score({ surname: 'Müler' })).toBeGreaterThan(score({ firstName: 'Müller', surname: 'Jürgen', birthDate: '1980-04-03' }) - 1);
  });

  it('matches on the e-mail alone, ranked below name matches', () => {
    const m = matchDuplicate({ firstName: 'Eva', surname: 'Berger', birthDate: '1990-01-01', email: 'jm@example.net' }, existing);
    expect(m).toEqual({ reasons: ['same_email'], score: 50 });
  });

  it('does not match another person with the same birth date, or the same name born another day', () => {
    expect(matchDuplicate({ firstName: 'Peter', surname: 'Müller', birthDate: '1980-03-04' }, existing)).toBeNull();
    expect(matchDuplicate({ firstName: 'Jürgen', surname: 'Müller', birthDate: '1980-03-05' }, existing)).toBeNull();
    expect(matchDuplicate({ ...existing, email: '' }, { ...existing, email: '' })?.reasons).toEqual(['same_name', 'same_birth_date']);
  });
});

describe('search folding (same as the database expression)', () => {
  it('lower-cases and drops accents, one letter for one letter', () => {
    expect(foldSearch('MÜLLER Ærø')).toBe('muller æro');
    expect(foldSearch('Strauß')).toBe('straus');
    expect(foldSearch('Čech Šárka')).toBe('cech sarka');
    // letters with no accent to drop, and Hungarian and Polish ones: written with the plain letter
    expect(foldSearch('Đorđević Łukasz Yılmaz Kőszegi Wałęsa Ayşe')).toBe('dordevic lukasz yilmaz koszegi walesa ayse');
    expect(searchWords('  Lena   STEINER ')).toEqual(['lena', 'steiner']);
    expect(searchWords(undefined)).toEqual([]);
  });
});

describe('identifiesPerson', () => {
  const existing = { firstName: 'Jürgen', surname: 'Müllner', birthDate: '1975-03-08', email: 'jm@example.net' };
  const identifies = (input: Parameters<typeof matchDuplicate>[0]) => {
    const match = matchDuplicate(input, existing);
    return match !== null && identifiesPerson(match);
  };

  it('identifies only the same name (case, spaces and written-out umlauts aside) with the full birth date', () => {
    expect(identifies({ firstName: 'Jürgen', surname: 'Müllner', birthDate: '1975-03-08' })).toBe(true);
    expect(identifies({ firstName: ' jürgen ', surname: 'MÜLLNER', birthDate: '1975-03-08' })).toBe(true);
    expect(identifies({ firstName: 'Juergen', surname: 'Muellner', birthDate: '1975-03-08' })).toBe(true);
  });

  it('does not identify a near match: typo, swapped names, day and month swapped, e-mail alone', () => {
    expect(identifies({ firstName: 'Juergen', surname: 'Muellner', birthDate: '1975-03-09' })).toBe(false);
    expect(identifies({ firstName: 'Jürgen', surname: 'Mülner', birthDate: '1975-03-08' })).toBe(false);
    expect(identifies({ firstName: 'Juergen', surname: 'Mülner', birthDate: '1975-03-08' })).toBe(false);
    expect(identifies({ firstName: 'Müllner', surname: 'Jürgen', birthDate: '1975-03-08' })).toBe(false);
    expect(identifies({ firstName: 'Jürgen', surname: 'Müllner', birthDate: '1975-08-03' })).toBe(false);
    expect(identifies({ firstName: 'Hans', surname: 'Anders', birthDate: '1960-01-01', email: 'jm@example.net' })).toBe(false);
  });
});

describe('duplicate check limits and audit record', () => {
  it('make trying every day of a year take days, not hours', () => {
    const [hourly, daily] = DUPLICATE_CHECK_LIMITS;
    expect(hourly.windowMs).toBe(60 * 60 * 1000);
    expect(daily.windowMs).toBe(24 * 60 * 60 * 1000);
    // a year's dates need more than three days' allowance
    expect(365 / daily.max).toBeGreaterThan(3);
    // a club secretary's evening of new members fits into an hour
    expect(hourly.max).toBeGreaterThanOrEqual(30);
  });

  it('keeps the name, only the birth year, whether an e-mail was given, counts and the identified ids', () => {
    const record = duplicateCheckAuditRecord(
      { firstName: ' Anna ', surname: 'Huber', birthDate: '1990-06-15', email: 'a@example.net' },
      { candidates: 2, identified: [7] },
    );
    expect(record).toEqual({ firstName: 'Anna', surname: 'Huber', birthYear: 1990, emailGiven: true, candidates: 2, identified: [7] });
    expect(JSON.stringify(record)).not.toContain('06-15');
    expect(JSON.stringify(record)).not.toContain('a@example.net');
  });
});

describe('newMemberBlock', () => {
  const entered = { firstName: 'Alois', surname: 'Brueckl', birthDate: '1991-11-13', gender: 'm', email: 'familie@example.net' };
  const person = {
    firstName: 'alois',
    surname: 'BRUECKL',
    birthDate: '1991-11-13',
    gender: 'm',
    reasons: ['same_name', 'same_birth_date'],
  };
  const emailOnly = { firstName: 'Maria', surname: 'Brueckl', birthDate: null, gender: 'f', reasons: ['same_email'] };

  it.each([
    ['nobody', [], null],
    ['the same person (name, gender, birth date)', [person], 'same_person'],
    ['the same person and another with the e-mail', [emailOnly, person], 'same_person'],
    ['another person with the e-mail', [emailOnly], 'email_taken'],
    ['the same name and birth date but another gender', [{ ...person, gender: 'f' }], null],
  ] as const)('%s', (_label, candidates, expected) => {
    expect(newMemberBlock(entered, candidates)).toBe(expected);
  });
});

describe('double names, other alphabets, twins and the stored keys', () => {
  const person = (firstName: string, surname: string, gender = 'm', birthDate = '1980-03-07') => ({
    firstName,
    surname,
    gender,
    birthDate,
  });

  it('matches a double name entered in part, and says so', () => {
    expect(compareName('Huber-Lang', 'Huber')).toBe('part');
    expect(compareName('Johann Georg', 'Johann')).toBe('part');
    expect(compareName('Hubertus', 'Huber')).toBeNull();
    expect(matchDuplicate(person('Maria', 'Huber-Lang', 'w'), person('Maria', 'Huber', 'w'))?.reasons).toEqual([
      'name_part',
      'same_birth_date',
    ]);
    expect(identifiesPerson(matchDuplicate(person('Maria', 'Huber-Lang', 'w'), person('Maria', 'Huber', 'w'))!)).toBe(false);
  });

  it('folds letters that have no accent to drop to their Latin spelling', () => {
    expect(foldName('Đorđević')).toBe('djordjevic');
    expect(compareName('Đorđević', 'Djordjevic')).toBe('spelling');
    expect(compareName('Łukasz', 'Lukasz')).toBe('spelling');
    expect(compareName('Yılmaz', 'Yilmaz')).toBe('spelling');
  });

  it('takes persons of different gender with different first names for twins, not one person', () => {
    expect(matchDuplicate(person('Paul', 'Schuster', 'm'), person('Paula', 'Schuster', 'w'))).toBeNull();
    expect(matchDuplicate(person('Paul', 'Schuster', 'm'), person('Paul', 'Schuster', 'w'))).not.toBeNull();
    // without a gender on one side (the create dialog may not have one yet) the typo rule applies
    expect(matchDuplicate({ ...person('Paul', 'Schuster'), gender: null }, person('Paula', 'Schuster', 'w'))).not.toBeNull();
  });

  it('gives both records of a pair the rules can find the same birth key and one name key', () => {
    expect(duplicateKeys(person('Waltraud', 'Oberhuber', 'w', '1959-03-07'))).toEqual(
      duplicateKeys(person('Waltraud', 'Oberhuber', 'w', '1959-07-03')),
    );
    expect(duplicateKeys(person('Jürgen', 'Müller', 'm', '1971-04-23'))).toEqual({
      dupBirthKey: '1971-04-23',
      dupFirstKey: 'jurgen',
      dupSurnameKey: 'muller',
    });
    expect(duplicateKeys(person('Anna-Lena', 'Huber-Lang', 'w', '1990-12-25')).dupSurnameKey).toBe('huber');
    expect(duplicateKeys(person('Gerhard', 'Bichler')).dupFirstKey).toBe(duplicateKeys(person('Gerhard', 'Pichler')).dupFirstKey);
  });
});

describe('import dry-run rows as duplicate checks', () => {
  it.each([
    ['Müller', 'Mueller'],
    ['Müller', 'Muller'],
    ['Strauß', 'Strauss'],
    ['Müller-Lüdenscheidt', 'mueller  lüdenscheidt'],
    ['Éva', 'eva'],
  ])('gives %s and %s one name key, as foldName does', (a, b) => {
    expect(limitNameKey(a)).toBe(limitNameKey(b));
    expect(foldName(a).replace(/ss/g, 's')).toBe(foldName(b).replace(/ss/g, 's'));
  });

  it('counts the rows that identified nobody while a stored person bears the name or half matches, and no other', () => {
    const row = (identified: boolean, partialMatch: boolean, nameStored: boolean) => ({ identified, partialMatch, nameStored });
    expect(dryRunMisses([row(false, false, true), row(false, true, false), row(false, true, true)])).toBe(3);
    // a new name matching nobody, and identified rows, are no misses
    expect(dryRunMisses([row(false, false, false), row(true, false, true), row(true, false, false)])).toBe(0);
  });
});
