/** @jest-environment node */
import { activeLicence, shownLicence } from '@/server/services/members/member-shape';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';

/** Which licence a member's card shows once next year's has been released. */
const licence = (dateFrom: string, dateTo: string) => ({ funcId: FUNCTION_LICENCE, dateFrom, dateTo });
const TODAY = '2026-11-27';

describe('the licence a member shows', () => {
  it('shows next year’s released licence rather than this year’s, and counts this year’s as valid today', () => {
    const rows = [
      licence('2026-01-01', '2026-12-31'),
      licence('2027-01-01', '2027-12-31'),
      { funcId: FUNCTION_MEMBERSHIP, dateFrom: '2020-01-01', dateTo: '2999-12-31' },
    ];
    expect(shownLicence(rows, TODAY)).toEqual(licence('2027-01-01', '2027-12-31'));
    expect(activeLicence(rows, TODAY)).toEqual(licence('2026-01-01', '2026-12-31'));
  });

  it('shows a licence that has not started when it is the only one held, with no licence valid today', () => {
    const rows = [licence('2024-01-01', '2024-12-31'), licence('2027-01-01', '2027-12-31')];
    expect(shownLicence(rows, TODAY)).toEqual(licence('2027-01-01', '2027-12-31'));
    expect(activeLicence(rows, TODAY)).toBeUndefined();
  });

  it('shows the licence that ended last when none is held', () => {
    const rows = [licence('2023-01-01', '2023-12-31'), licence('2025-01-01', '2025-12-31'), licence('2024-01-01', '2024-12-31')];
    expect(shownLicence(rows, TODAY)).toEqual(licence('2025-01-01', '2025-12-31'));
  });
});
