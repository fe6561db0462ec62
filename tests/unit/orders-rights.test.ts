import { mayDecideOrders, mayEditCategories, mayOrderFor, mayReadOrders, type OrderActor } from '@/lib/domain/orders/order-rights';
import { decide, decisionForStatus, orderBadge } from '@/lib/domain/orders/status';

/** Who may do what with orders, and which status moves the federation can make. */

const federation: OrderActor = { id: 1, level: 1, coopPartner: false, functions: [55, 56, 1005, 1032] };
const state: OrderActor = { id: 4, level: 2, coopPartner: false, functions: [56] };
const club: OrderActor = { id: 11, level: 3, coopPartner: false, functions: [55, 56] };
const trainerOnly: OrderActor = { id: 11, level: 3, coopPartner: false, functions: [51] };

const ownClub = { id: 11, motherId: 4 };
const foreignClub = { id: 18, motherId: 3 };

describe('order rights', () => {
  it('lets the federation read every organisation’s orders, a state association its clubs’, a club its own', () => {
    expect(mayReadOrders(federation, foreignClub)).toBe(true);
    expect(mayReadOrders(state, ownClub)).toBe(true);
    expect(mayReadOrders(state, foreignClub)).toBe(false);
    expect(mayReadOrders(club, ownClub)).toBe(true);
    expect(mayReadOrders(club, foreignClub)).toBe(false);
  });

  it('needs an order screen to read at all', () => {
    expect(mayReadOrders(trainerOnly, ownClub)).toBe(false);
    expect(mayReadOrders({ ...federation, functions: [50] }, ownClub)).toBe(false);
  });

  it('lets a club order for itself with the wizard (55) only, the federation for anyone', () => {
    expect(mayOrderFor(club, 11)).toBe(true);
    expect(mayOrderFor(club, 18)).toBe(false);
    expect(mayOrderFor({ ...club, functions: [56] }, 11)).toBe(false);
    expect(mayOrderFor(state, 11)).toBe(false);
    expect(mayOrderFor(federation, 18)).toBe(true);
  });

  it('keeps release, refund, send back and the categories to the federation', () => {
    expect(mayDecideOrders(federation)).toBe(true);
    expect(mayDecideOrders({ ...federation, functions: [55] })).toBe(false);
    expect(mayDecideOrders(club)).toBe(false);
    expect(mayDecideOrders({ ...state, functions: [56, 1005] })).toBe(false);
    expect(mayEditCategories(federation)).toBe(true);
    expect(mayEditCategories({ ...federation, functions: [55, 56, 1005] })).toBe(false);
    expect(mayEditCategories({ ...club, functions: [1032] })).toBe(false);
  });
});

describe('order decisions', () => {
  const created = { status: 'Erstellt', completed: null };
  const released = { status: 'Freigegeben', completed: '2026-11-24' };
  const refunded = { status: 'canceled', completed: null };

  it('maps the status texts to decisions', () => {
    expect(decisionForStatus('Freigegeben')).toBe('release');
    expect(decisionForStatus('canceled')).toBe('refund');
    expect(decisionForStatus('Erstellt')).toBe('sendBack');
    expect(decisionForStatus('Bezahlt')).toBeNull();
  });

  it('releases only a created order; releasing twice changes nothing', () => {
    expect(decide(created, 'release')).toBe('apply');
    expect(decide(released, 'release')).toBe('unchanged');
    expect(decide(refunded, 'release')).toBe('refused');
  });

  it('refunds a created or a released order', () => {
    expect(decide(created, 'refund')).toBe('apply');
    expect(decide(released, 'refund')).toBe('apply');
    expect(decide(refunded, 'refund')).toBe('unchanged');
  });

  it('sends back only a released order', () => {
    expect(decide(released, 'sendBack')).toBe('apply');
    expect(decide(created, 'sendBack')).toBe('unchanged');
    expect(decide(refunded, 'sendBack')).toBe('refused');
  });
});

describe('shell order badges', () => {
  it("shows submitted orders as 'Bezahlt', created ones as 'neu', others with their status", () => {
    expect(orderBadge('submitted')).toEqual({ kind: 'paid' });
    expect(orderBadge('Erstellt')).toEqual({ kind: 'new' });
    expect(orderBadge('erstellt')).toEqual({ kind: 'new' });
    expect(orderBadge('Freigegeben')).toEqual({ kind: 'text', text: 'Freigegeben' });
    expect(orderBadge('canceled')).toEqual({ kind: 'text', text: 'canceled' });
  });
});
