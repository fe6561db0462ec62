import { licenceCardStatus, licenceHeld, orderLicencesHeld } from '@/lib/domain/licence-card';

const created = { status: 'Erstellt', completed: null };
const released = { status: 'Freigegeben', completed: '2026-10-02' };
const refunded = { status: 'canceled', completed: null };
const sentBack = { status: 'Erstellt', completed: null };

describe('which licences are held (and so have a card)', () => {
  it('holds the licences of a released order only', () => {
    expect(orderLicencesHeld(released)).toBe(true);
    for (const o of [created, refunded, sentBack]) expect(orderLicencesHeld(o)).toBe(false);
    // a canceled status takes the licences back whatever the completed date says
    expect(orderLicencesHeld({ status: 'canceled', completed: '2026-10-02' })).toBe(false);
  });

  it('needs a held order and the licence on record', () => {
    expect(licenceHeld([released], true)).toBe(true);
    expect(licenceHeld([released], false)).toBe(false);
    expect(licenceHeld([refunded, created], true)).toBe(false);
    expect(licenceHeld([refunded, released], true)).toBe(true);
    expect(licenceHeld([], true)).toBe(false);
  });
});

describe('the online status of a card', () => {
  it('is unknown without the federation signature or without any order of the year', () => {
    expect(licenceCardStatus({ genuine: false, ordersOfYear: [released], licenceOnRecord: true })).toBe('unknown');
    expect(licenceCardStatus({ genuine: true, ordersOfYear: [], licenceOnRecord: true })).toBe('unknown');
  });

  it('is valid while held, revoked once refunded, sent back, never released or removed', () => {
    expect(licenceCardStatus({ genuine: true, ordersOfYear: [released], licenceOnRecord: true })).toBe('valid');
    expect(licenceCardStatus({ genuine: true, ordersOfYear: [refunded], licenceOnRecord: false })).toBe('revoked');
    expect(licenceCardStatus({ genuine: true, ordersOfYear: [sentBack], licenceOnRecord: false })).toBe('revoked');
    expect(licenceCardStatus({ genuine: true, ordersOfYear: [created], licenceOnRecord: false })).toBe('revoked');
    expect(licenceCardStatus({ genuine: true, ordersOfYear: [released], licenceOnRecord: false })).toBe('revoked');
  });
});
