import { deriveRolesOrg } from '@/lib/domain/roles-org';

const r = (funkId: number, orgId: number, funkMgId = funkId * 10 + orgId) => ({
  funkId,
  orgId,
  funkMgId,
  functionName: `F${funkId}`,
  orgName: `Org ${orgId}`,
});

describe('deriveRolesOrg', () => {
  it('puts a trainer (member form only) under trainerOrg', () => {
    expect(deriveRolesOrg([r(51, 7)])).toEqual([
      { trainerOrg: [{ orgId: 7, orgName: 'Org 7', funkMgId: 517 }] },
      { adminOrg: [] },
      { tunierAdmin: [] },
    ]);
  });
  it('puts a club administrator under adminOrg once, and tournament functions under tunierAdmin', () => {
    const [trainer, admin, tournament] = deriveRolesOrg([r(51, 7), r(50, 7), r(1000, 7), r(66, 7)]);
    expect(trainer.trainerOrg).toEqual([]);
    expect(admin.adminOrg).toEqual([{ orgId: 7, orgName: 'Org 7', funkMgId: 507 }]);
    expect(tournament.tunierAdmin).toEqual([{ orgId: 7, orgName: 'Org 7', funkMgId: 10007 }]);
  });
  it('ignores ordinary functions (membership, licence, board roles)', () => {
    expect(deriveRolesOrg([r(32, 7), r(29, 7), r(3, 7)])).toEqual([{ trainerOrg: [] }, { adminOrg: [] }, { tunierAdmin: [] }]);
  });
  it('keeps organisations apart', () => {
    const [, admin] = deriveRolesOrg([r(50, 2), r(51, 3)]);
    expect(admin.adminOrg.map((e) => e.orgId)).toEqual([2]);
  });
});
