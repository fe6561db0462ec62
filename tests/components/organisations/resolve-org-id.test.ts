import { resolveOrgId } from '@/components/organisations/resolve-org-id';

/** The id segment rules of /form/O{org}/F50/{id}. */
const visible = [1, 4, 11, 12, 25];
const federation = { ownOnly: false, ownId: 1, canCreate: true };
const state = { ownOnly: false, ownId: 4, canCreate: false };
const club = { ownOnly: true, ownId: 11, canCreate: false };

describe('resolveOrgId', () => {
  it("opens a visible organisation by id, and 'new' for creating", () => {
    expect(resolveOrgId('12', visible, federation)).toEqual({ kind: 'org', id: 12 });
    expect(resolveOrgId('new', visible, federation)).toEqual({ kind: 'new' });
    expect(resolveOrgId(undefined, visible, federation)).toEqual({ kind: 'none' });
  });

  it("turns a negative id into 'new'", () => {
    expect(resolveOrgId('-1', visible, federation)).toEqual({ kind: 'redirect', to: 'new' });
    expect(resolveOrgId('-42', visible, federation)).toEqual({ kind: 'redirect', to: 'new' });
  });

  it('omits 0, and sends unknown or malformed ids to the route without id', () => {
    expect(resolveOrgId('0', visible, federation)).toEqual({ kind: 'redirect', to: undefined });
    expect(resolveOrgId('999', visible, federation)).toEqual({ kind: 'redirect', to: undefined });
    expect(resolveOrgId('12abc', visible, federation)).toEqual({ kind: 'redirect', to: undefined });
    expect(resolveOrgId('1.5', visible, federation)).toEqual({ kind: 'redirect', to: undefined });
  });

  it("does not offer 'new' to an organisation that may not create (state association)", () => {
    expect(resolveOrgId('new', visible, state)).toEqual({ kind: 'redirect', to: undefined });
    expect(resolveOrgId('-3', visible, state)).toEqual({ kind: 'redirect', to: undefined });
    expect(resolveOrgId('11', visible, state)).toEqual({ kind: 'org', id: 11 });
  });

  it('always shows a club or cooperation partner its own organisation', () => {
    expect(resolveOrgId(undefined, [11], club)).toEqual({ kind: 'org', id: 11 });
    expect(resolveOrgId('11', [11], club)).toEqual({ kind: 'org', id: 11 });
    // another club's id, 'new', negative and 0 all lead back to the own organisation's route
    for (const segment of ['12', 'new', '-1', '0', 'x']) {
      expect(resolveOrgId(segment, [11], club)).toEqual({ kind: 'redirect', to: undefined });
    }
  });
});
