import {
  buildVersion,
  displayName,
  proxiedImageSrc,
  formPath,
  formsFor,
  holdsOrganisation,
  organisationsOf,
  orgPath,
  parseFuncSegment,
  parseOrgSegment,
  routableRoles,
  routedRole,
  safeReturnPath,
  shellContextQuery,
} from '@/lib/domain/shell';

const role = (orgId: number, funkId: number, functionName = `F${funkId}`) => ({
  orgId,
  funkId,
  functionName,
  funkMgId: orgId * 1000 + funkId,
});

describe('organisationsOf', () => {
  it('joins trainer, admin and tournament-admin organisations, each once, by name', () => {
    const orgs = organisationsOf([
      { trainerOrg: [{ orgId: 30, orgName: 'BSV Wien', funkMgId: 1 }] },
      {
        adminOrg: [
          { orgId: 12, orgName: 'Bogensport Graz', funkMgId: 2 },
          { orgId: 30, orgName: 'BSV Wien', funkMgId: 3 },
        ],
      },
      { tunierAdmin: [{ orgId: 1, orgName: 'Österreichischer Bogensportverband', funkMgId: 4 }] },
    ]);
    expect(orgs).toEqual([
      { orgId: 12, orgName: 'Bogensport Graz' },
      { orgId: 30, orgName: 'BSV Wien' },
      { orgId: 1, orgName: 'Österreichischer Bogensportverband' },
    ]);
  });

  it('offers nothing to a user without such roles', () => {
    expect(organisationsOf([])).toEqual([]);
    expect(organisationsOf(null)).toEqual([]);
    expect(organisationsOf([{ trainerOrg: [] }, {}])).toEqual([]);
  });
});

describe('formsFor', () => {
  const roles = [role(5, 1006), role(5, 51), role(7, 50), role(5, 200), role(5, 51, 'Mitglieder (zweite Zuordnung)'), role(5, 46)];

  it('lists the distinct system roles of the chosen organisation sorted by function id', () => {
    expect(formsFor(roles, 5).map((f) => f.funkId)).toEqual([46, 51, 200, 1006]);
  });

  it('keeps the first name of a duplicated function', () => {
    expect(formsFor(roles, 5).find((f) => f.funkId === 51)?.functionName).toBe('F51');
  });

  it('sorts numerically, not as text', () => {
    expect(formsFor([role(1, 1000), role(1, 200), role(1, 66)], 1).map((f) => f.funkId)).toEqual([66, 200, 1000]);
  });

  it('offers nothing before an organisation is chosen or for a foreign one', () => {
    expect(formsFor(roles, null)).toEqual([]);
    expect(formsFor(roles, 99)).toEqual([]);
  });
});

describe('routableRoles (fewer than 4 club roles rule)', () => {
  it('routes all 3 roles whatever club is selected', () => {
    const three = [role(5, 51), role(7, 50), role(9, 200)];
    expect(routableRoles(three, 5)).toEqual(three);
    expect(routableRoles(three, null)).toEqual(three);
  });

  it('routes only the selected club once there are 4 roles', () => {
    const four = [role(5, 51), role(5, 46), role(7, 50), role(9, 200)];
    expect(routableRoles(four, 5)).toEqual([role(5, 51), role(5, 46)]);
    expect(routableRoles(four, 7)).toEqual([role(7, 50)]);
    expect(routableRoles(four, null)).toEqual([]);
  });
});

describe('routedRole: may the user open /form/O{org}/F{func}', () => {
  const few = [role(5, 51), role(7, 50)];
  const many = [role(5, 51), role(5, 46), role(5, 55), role(7, 50)];

  it('opens a function the user holds in that organisation', () => {
    expect(routedRole(few, 5, 51)).toEqual(role(5, 51));
    expect(routedRole(many, 7, 50)).toEqual(role(7, 50));
  });

  it('refuses a function the user holds only in another organisation', () => {
    expect(routedRole(few, 7, 51)).toBeUndefined();
    expect(routedRole(many, 7, 51)).toBeUndefined();
  });

  it('refuses a function the user does not hold at all, and everything without roles', () => {
    expect(routedRole(many, 5, 1006)).toBeUndefined();
    expect(routedRole([], 5, 51)).toBeUndefined();
  });
});

describe('holdsOrganisation', () => {
  it('accepts an organisation of rolesOrg or of the system roles, and refuses others', () => {
    const rolesOrg = [{ adminOrg: [{ orgId: 12, orgName: 'Graz', funkMgId: 1 }] }];
    expect(holdsOrganisation(rolesOrg, [], 12)).toBe(true);
    expect(holdsOrganisation([], [role(5, 51)], 5)).toBe(true);
    expect(holdsOrganisation(rolesOrg, [role(5, 51)], 13)).toBe(false);
  });
});

describe('address segments', () => {
  it.each([
    ['O1', 1],
    ['O12', 12],
    ['O123456789', 123456789],
  ])('reads %s as organisation %i', (seg, id) => expect(parseOrgSegment(seg)).toBe(id));

  it.each(['o12', 'O', 'O0', 'O012', 'O-1', 'O1x', '12', 'F12', 'O1234567890', '', undefined])('refuses %p', (seg) => {
    expect(parseOrgSegment(seg)).toBeNull();
  });

  it('reads F segments the same way', () => {
    expect(parseFuncSegment('F1006')).toBe(1006);
    expect(parseFuncSegment('O1006')).toBeNull();
    expect(parseFuncSegment('f51')).toBeNull();
  });

  it('builds the routes of the header', () => {
    expect(orgPath(5)).toBe('/form/O5');
    expect(formPath(5, 51)).toBe('/form/O5/F51');
    expect(formPath(5, 51, 'new')).toBe('/form/O5/F51/new');
    expect(formPath(5, 51, 1234)).toBe('/form/O5/F51/1234');
  });
});

describe('buildVersion (footer)', () => {
  it('derives the version from the build timestamp in UTC', () => {
    expect(buildVersion('2026-11-21T08:12:59.999Z')).toBe('2026.11.21-0812');
    expect(buildVersion('2027-01-05T23:05:00+01:00')).toBe('2027.01.05-2205');
  });
  it('shows nothing for a missing or broken timestamp', () => {
    expect(buildVersion(undefined)).toBe('');
    expect(buildVersion('yesterday')).toBe('');
  });
});

describe('displayName and proxiedImageSrc', () => {
  it('joins the names, falling back to the e-mail', () => {
    expect(displayName({ givenName: 'Anna', familyName: 'Huber', email: 'a@b.at' })).toBe('Anna Huber');
    expect(displayName({ givenName: null, familyName: 'Huber' })).toBe('Huber');
    expect(displayName({ givenName: ' ', familyName: null, email: 'a@b.at' })).toBe('a@b.at');
  });
  it('sends API image links through the /admin proxy', () => {
    expect(proxiedImageSrc('/api/v1/profile/image/abc')).toBe('/admin/api/v1/profile/image/abc');
    expect(proxiedImageSrc('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(proxiedImageSrc(null)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('lets the sign-in return to a form or the profile of this app', () => {
    expect(safeReturnPath('/form/O11/F51/955')).toBe('/form/O11/F51/955');
    expect(safeReturnPath('/form/O1/F50/new')).toBe('/form/O1/F50/new');
    expect(safeReturnPath('/profile?o=11&f=51')).toBe('/profile?o=11&f=51');
  });

  it('never to another site, the API or anything odd', () => {
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      '/api/v1/getUser',
      '/form/O1/../../x',
      'form/O1',
      '/profile#x',
      '',
      null,
      undefined,
      `/form/O1/F50/${'x'.repeat(400)}`,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});

describe('shellContextQuery', () => {
  it('keeps organisation and form in the address, the form only with its organisation', () => {
    expect(shellContextQuery(11, 51)).toBe('?o=11&f=51');
    expect(shellContextQuery(11)).toBe('?o=11');
    expect(shellContextQuery(undefined, 51)).toBe('');
  });
});
