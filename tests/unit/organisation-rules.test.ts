import {
  canCreateOrg,
  canEditOrg,
  canReadOrg,
  checkOrgChange,
  endDateRange,
  federalStateRequired,
  fieldRights,
  formatCoordinates,
  isDissolving,
  isEndDateInRange,
  parseCoordinates,
  type OrgRuleValues,
} from '@/lib/domain/organisation-rules';

const federation = { id: 1, level: 1, coopPartner: false };
const lowerAustria = { id: 4, level: 2, coopPartner: false };
const club11 = { id: 11, level: 3, coopPartner: false };
const coopPartner = { id: 30, level: 3, coopPartner: true };

describe('who may see an organisation', () => {
  it('federation sees every organisation', () => {
    expect(canReadOrg(federation, { id: 25, motherId: 7 })).toBe(true);
    expect(canReadOrg(federation, { id: 4, motherId: 1 })).toBe(true);
  });
  it('a state association sees itself and its own clubs, not other clubs or other states', () => {
    expect(canReadOrg(lowerAustria, { id: 4, motherId: 1 })).toBe(true);
    expect(canReadOrg(lowerAustria, { id: 11, motherId: 4 })).toBe(true);
    expect(canReadOrg(lowerAustria, { id: 30, motherId: 5 })).toBe(false);
    expect(canReadOrg(lowerAustria, { id: 5, motherId: 1 })).toBe(false);
    expect(canReadOrg(lowerAustria, { id: 1, motherId: null })).toBe(false);
  });
  it('a club and a cooperation partner see only themselves', () => {
    expect(canReadOrg(club11, { id: 11, motherId: 4 })).toBe(true);
    expect(canReadOrg(club11, { id: 12, motherId: 4 })).toBe(false);
    expect(canReadOrg(club11, { id: 4, motherId: 1 })).toBe(false);
    expect(canReadOrg(coopPartner, { id: 30, motherId: 5 })).toBe(true);
    expect(canReadOrg(coopPartner, { id: 31, motherId: 5 })).toBe(false);
  });
  it('a state association flagged as cooperation partner does not see clubs', () => {
    expect(canReadOrg({ id: 4, level: 2, coopPartner: true }, { id: 11, motherId: 4 })).toBe(false);
  });
});

describe('who may change an organisation', () => {
  it('federation edits all and creates', () => {
    expect(canEditOrg(federation, { id: 11 })).toBe(true);
    expect(canCreateOrg(federation)).toBe(true);
  });
  it('a state association edits itself but not its clubs, and creates nothing', () => {
    expect(canEditOrg(lowerAustria, { id: 4 })).toBe(true);
    expect(canEditOrg(lowerAustria, { id: 11 })).toBe(false);
    expect(canCreateOrg(lowerAustria)).toBe(false);
  });
  it('a club edits only itself', () => {
    expect(canEditOrg(club11, { id: 11 })).toBe(true);
    expect(canEditOrg(club11, { id: 12 })).toBe(false);
    expect(canCreateOrg(club11)).toBe(false);
  });
});

describe('field rights by level', () => {
  it.each([
    [1, { dates: true, bso: true, coopPartner: true, parent: true }],
    [2, { dates: false, bso: true, coopPartner: false, parent: false }],
    [3, { dates: false, bso: false, coopPartner: false, parent: false }],
  ])('level %i', (level, rights) => {
    expect(fieldRights({ level })).toEqual(rights);
  });
});

describe('end date range', () => {
  it('is today up to 364 days ahead, inclusive', () => {
    expect(endDateRange('2026-03-01')).toEqual({ min: '2026-03-01', max: '2027-02-28' });
    expect(isEndDateInRange('2026-03-01', '2026-03-01')).toBe(true);
    expect(isEndDateInRange('2027-02-28', '2026-03-01')).toBe(true);
    expect(isEndDateInRange('2027-03-01', '2026-03-01')).toBe(false);
    expect(isEndDateInRange('2026-02-28', '2026-03-01')).toBe(false);
  });
  it('counts the leap day', () => {
    expect(endDateRange('2027-03-01').max).toBe('2028-02-28');
    expect(endDateRange('2028-01-01').max).toBe('2028-12-30');
  });
});

describe('federal state requirement', () => {
  it('is required for everyone but organisation 1', () => {
    expect(federalStateRequired(1)).toBe(false);
    expect(federalStateRequired(11)).toBe(true);
    expect(federalStateRequired(null)).toBe(true);
  });
});

const TODAY = '2026-06-15';
const club: OrgRuleValues = {
  id: 11,
  orgStartDate: '1980-01-01',
  orgEndDate: null,
  inoperativeSince: null,
  bso: '3011',
  coopPartner: false,
  orgLevel: 3,
  orgMotherId: 4,
  federalState: 'Niederösterreich',
};

describe('checkOrgChange', () => {
  it('lets anyone send the record back unchanged', () => {
    for (const level of [1, 2, 3]) expect(checkOrgChange({ level }, club, { ...club }, TODAY)).toBeNull();
  });
  it('dates: federation yes, state association and club no', () => {
    const changed = { ...club, orgStartDate: '1981-01-01' };
    expect(checkOrgChange({ level: 1 }, club, changed, TODAY)).toBeNull();
    expect(checkOrgChange({ level: 2 }, club, changed, TODAY)).toEqual({ kind: 'field_not_allowed', field: 'orgStartDate' });
    expect(checkOrgChange({ level: 3 }, club, { ...club, orgEndDate: TODAY }, TODAY)).toEqual({
      kind: 'field_not_allowed',
      field: 'orgEndDate',
    });
    expect(checkOrgChange({ level: 3 }, club, { ...club, inoperativeSince: TODAY }, TODAY)).toEqual({
      kind: 'field_not_allowed',
      field: 'inoperativeSince',
    });
  });
  it('BSO: levels 1 and 2 yes, level 3 no', () => {
    const changed = { ...club, bso: '3999' };
    expect(checkOrgChange({ level: 1 }, club, changed, TODAY)).toBeNull();
    expect(checkOrgChange({ level: 2 }, club, changed, TODAY)).toBeNull();
    expect(checkOrgChange({ level: 3 }, club, changed, TODAY)).toEqual({ kind: 'field_not_allowed', field: 'bso' });
    expect(checkOrgChange({ level: 3 }, club, { ...club, bso: null }, TODAY)).toEqual({ kind: 'field_not_allowed', field: 'bso' });
  });
  it('cooperation flag and parent: level 1 only', () => {
    expect(checkOrgChange({ level: 1 }, club, { ...club, coopPartner: true }, TODAY)).toBeNull();
    expect(checkOrgChange({ level: 2 }, club, { ...club, coopPartner: true }, TODAY)).toEqual({
      kind: 'field_not_allowed',
      field: 'params.coop_partner',
    });
    expect(checkOrgChange({ level: 3 }, club, { ...club, orgMotherId: 5 }, TODAY)).toEqual({
      kind: 'field_not_allowed',
      field: 'orgMotherId',
    });
    expect(checkOrgChange({ level: 3 }, club, { ...club, orgLevel: 2 }, TODAY)).toEqual({ kind: 'field_not_allowed', field: 'orgLevel' });
  });
  it('end date at the range boundaries', () => {
    const { max } = endDateRange(TODAY);
    expect(checkOrgChange({ level: 1 }, club, { ...club, orgEndDate: TODAY }, TODAY)).toBeNull();
    expect(checkOrgChange({ level: 1 }, club, { ...club, orgEndDate: max }, TODAY)).toBeNull();
    expect(checkOrgChange({ level: 1 }, club, { ...club, orgEndDate: '2026-06-14' }, TODAY)).toMatchObject({ kind: 'end_date_range' });
    expect(checkOrgChange({ level: 1 }, club, { ...club, orgEndDate: '2027-06-15' }, TODAY)).toMatchObject({
      kind: 'end_date_range',
      min: TODAY,
      max: '2027-06-14',
    });
  });
  it('an end date in the past that is not changed stays valid (dissolved clubs remain editable)', () => {
    const dissolved = { ...club, orgEndDate: '2019-12-31' };
    expect(checkOrgChange({ level: 1 }, dissolved, { ...dissolved, name: 'x' } as OrgRuleValues, TODAY)).toBeNull();
  });
  it('the federation itself can not be dissolved', () => {
    const fed = { ...club, id: 1, orgLevel: 1, orgMotherId: null, federalState: null, bso: null };
    expect(checkOrgChange({ level: 1 }, fed, { ...fed, orgEndDate: TODAY }, TODAY)).toEqual({
      kind: 'field_not_allowed',
      field: 'orgEndDate',
    });
  });
  it('federal state missing: refused except for organisation 1', () => {
    expect(checkOrgChange({ level: 1 }, club, { ...club, federalState: ' ' }, TODAY)).toEqual({
      kind: 'required',
      field: 'params.federalState',
    });
    const fed = { ...club, id: 1, orgLevel: 1, orgMotherId: null, federalState: null };
    expect(checkOrgChange({ level: 1 }, fed, { ...fed, zvr: 'x' } as OrgRuleValues, TODAY)).toBeNull();
  });
  it('creating: restricted fields count as changed from empty', () => {
    const created = { ...club, id: null };
    expect(checkOrgChange({ level: 1 }, null, created, TODAY)).toBeNull();
    expect(checkOrgChange({ level: 2 }, null, created, TODAY)).toMatchObject({ kind: 'field_not_allowed' });
  });
});

describe('isDissolving', () => {
  it('is true when an end date is set or changed, not when kept or cleared', () => {
    expect(isDissolving({ orgEndDate: null }, { orgEndDate: '2026-07-01' })).toBe(true);
    expect(isDissolving({ orgEndDate: '2026-07-01' }, { orgEndDate: '2026-08-01' })).toBe(true);
    expect(isDissolving({ orgEndDate: '2026-07-01' }, { orgEndDate: '2026-07-01' })).toBe(false);
    expect(isDissolving({ orgEndDate: '2026-07-01' }, { orgEndDate: null })).toBe(false);
  });
});

describe('coordinates', () => {
  it.each([
    ['48.2082, 16.3738', { lat: 48.2082, lon: 16.3738 }],
    [' -90 , 180 ', { lat: -90, lon: 180 }],
    ['90,-180', { lat: 90, lon: -180 }],
    ['47; 15.5', { lat: 47, lon: 15.5 }],
  ])('parses %p', (text, expected) => {
    expect(parseCoordinates(text)).toEqual(expected);
  });
  it.each(['', '48.2', '48.2, ', 'abc, 16', '90.0001, 0', '-90.5, 0', '0, 180.01', '0, -181', '1e2, 3', '48.2 16.3', '1,2,3'])(
    'refuses %p',
    (text) => {
      expect(parseCoordinates(text)).toBeNull();
    },
  );
  it('formats stored coordinates back', () => {
    expect(formatCoordinates(48.2, 16.37)).toBe('48.2, 16.37');
    expect(formatCoordinates(null, 16)).toBe('');
  });
});
