import { categoryOffers } from '@/lib/domain/orders/availability';
import {
  clubFeeCategoryName,
  isLicenceOrClubFee,
  isVisibleTo,
  licenceCategoryName,
  parseCategoryName,
} from '@/lib/domain/orders/categories';
import { itemsEditable, orderState } from '@/lib/domain/orders/status';

const TODAY = '2026-11-23';
const CATS = [
  'JAHRESLIZENZ_2025',
  'JAHRESLIZENZ_2026',
  'JAHRESLIZENZ_2027',
  'JAHRESLIZENZ_2028',
  'VEREINSBEITRAG_2027',
  'JAHRESLIZENZ_KOOP_2027',
  'VEREINSBEITRAG_KOOP_2027',
  'ABZEICHEN_GOLD',
];
const CLUB = { coopPartner: false, orgStartDate: '1976-03-12' };

describe('category names', () => {
  it('reads kind, KOOP variant and year', () => {
    expect(parseCategoryName('JAHRESLIZENZ_2027')).toEqual({ kind: 'licence', koop: false, year: 2027 });
    expect(parseCategoryName('VEREINSBEITRAG_KOOP_2027')).toEqual({ kind: 'clubFee', koop: true, year: 2027 });
    expect(parseCategoryName('ABZEICHEN_GOLD')).toEqual({ kind: 'other', koop: false, year: null });
    expect(licenceCategoryName(2027, true)).toBe('JAHRESLIZENZ_KOOP_2027');
    expect(clubFeeCategoryName(2027)).toBe('VEREINSBEITRAG_2027');
  });

  it('shows cooperation partners only KOOP categories and others only those without', () => {
    expect(isVisibleTo('JAHRESLIZENZ_KOOP_2027', true)).toBe(true);
    expect(isVisibleTo('JAHRESLIZENZ_2027', true)).toBe(false);
    expect(isVisibleTo('JAHRESLIZENZ_KOOP_2027', false)).toBe(false);
    expect(isVisibleTo('JAHRESLIZENZ_2027', false)).toBe(true);
  });

  it('lists only licence and club fee orders', () => {
    expect(isLicenceOrClubFee('JAHRESLIZENZ_2027')).toBe(true);
    expect(isLicenceOrClubFee('VEREINSBEITRAG_2027')).toBe(true);
    expect(isLicenceOrClubFee('KLEIDUNG_SHIRT')).toBe(false);
  });
});

describe('categories the wizard offers', () => {
  it('asks for the year’s club fee until it is released', () => {
    const none = categoryOffers(CATS, CLUB, [], TODAY);
    expect(none.find((o) => o.cat === 'JAHRESLIZENZ_2027')).toEqual({
      cat: 'JAHRESLIZENZ_2027',
      kind: 'licence',
      year: 2027,
      available: false,
      reason: 'clubFeeRequired',
      clubFee: 'VEREINSBEITRAG_2027',
    });
    const created = categoryOffers(CATS, CLUB, [{ category: 'VEREINSBEITRAG_2027', status: 'Erstellt' }], TODAY);
    expect(created.find((o) => o.cat === 'JAHRESLIZENZ_2027')).toMatchObject({ available: false, reason: 'clubFeeRequired' });
    const paid = categoryOffers(CATS, CLUB, [{ category: 'VEREINSBEITRAG_2027', status: 'Freigegeben' }], TODAY);
    expect(paid.find((o) => o.cat === 'JAHRESLIZENZ_2027')).toMatchObject({ available: true });
    const refunded = categoryOffers(['JAHRESLIZENZ_2027'], CLUB, [{ category: 'VEREINSBEITRAG_2027', status: 'canceled' }], TODAY)[0];
    expect(refunded).toMatchObject({ kind: 'licence', available: false, reason: 'clubFeeRequired' });
  });

  it('offers a club fee until it has an order that was not refunded', () => {
    const fee = (status?: string) =>
      categoryOffers(['VEREINSBEITRAG_2027'], CLUB, status ? [{ category: 'VEREINSBEITRAG_2027', status }] : [], TODAY)[0];
    expect(fee()).toMatchObject({ kind: 'clubFee', available: true });
    expect(fee('Erstellt')).toMatchObject({ available: false, reason: 'alreadyOrdered' });
    expect(fee('Freigegeben')).toMatchObject({ available: false, reason: 'alreadyOrdered' });
    expect(fee('canceled')).toMatchObject({ available: true });
  });

  it('offers a club founded this year the current and next year’s licences without a fee, and no other year', () => {
    const young = { coopPartner: false, orgStartDate: '2026-01-01' };
    const offers = categoryOffers(CATS, young, [], TODAY).filter((o) => o.kind === 'licence');
    expect(offers).toEqual([
      { cat: 'JAHRESLIZENZ_2026', kind: 'licence', year: 2026, available: true },
      { cat: 'JAHRESLIZENZ_2027', kind: 'licence', year: 2027, available: true },
    ]);
    // Founded last year: the ordinary rule again.
    const older = categoryOffers(CATS, { coopPartner: false, orgStartDate: '2025-12-31' }, [], TODAY);
    expect(older.filter((o) => o.kind === 'licence').every((o) => !o.available)).toBe(true);
  });

  it('splits KOOP categories from the others, fee included', () => {
    const koop = { coopPartner: true, orgStartDate: '2015-03-01' };
    const offers = categoryOffers(CATS, koop, [{ category: 'VEREINSBEITRAG_KOOP_2027', status: 'Freigegeben' }], TODAY);
    expect(offers.map((o) => o.cat)).toEqual(['JAHRESLIZENZ_KOOP_2027', 'VEREINSBEITRAG_KOOP_2027']);
    expect(offers[0]).toMatchObject({ available: true });
    expect(categoryOffers(CATS, CLUB, [], TODAY).some((o) => o.cat.includes('KOOP'))).toBe(false);
  });

  it('leaves other groups out', () => {
    expect(categoryOffers(CATS, CLUB, [], TODAY).some((o) => o.cat === 'ABZEICHEN_GOLD')).toBe(false);
  });
});

describe('order states', () => {
  it('is created, completed or remitted', () => {
    expect(orderState({ status: 'Erstellt', completed: null })).toBe('created');
    expect(orderState({ status: 'Freigegeben', completed: '2026-02-01' })).toBe('completed');
    expect(orderState({ status: 'canceled', completed: null })).toBe('remitted');
    expect(itemsEditable({ status: 'Erstellt', completed: null })).toBe(true);
    expect(itemsEditable({ status: 'Freigegeben', completed: '2026-02-01' })).toBe(false);
    expect(itemsEditable({ status: 'canceled', completed: null })).toBe(false);
  });
});
