import { centsToEuros, eurosToCents, formatEuros } from '@/lib/domain/orders/money';
import { invoiceReference, orderNumber } from '@/lib/domain/orders/order-number';

describe('money: cents inside, euros with two decimals at the edges', () => {
  it.each([
    ['149', 14900],
    ['149.5', 14950],
    ['149.50', 14950],
    ['0.05', 5],
    ['0', 0],
    [' 12.30 ', 1230],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005 * 100, 10050],
  ])('reads %p euros as %p cents', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  it.each([['12.345'], ['12,50'], ['abc'], [''], ['1e3'], ['.5'], [12.345], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses %p as an amount',
    (euros) => {
      expect(eurosToCents(euros)).toBeNull();
    },
  );

  it('answers euros from cents and refuses fractions of a cent', () => {
    expect(centsToEuros(14900)).toBe(149);
    expect(centsToEuros(1999)).toBe(19.99);
    expect(centsToEuros(5)).toBe(0.05);
    expect(() => centsToEuros(1.5)).toThrow(RangeError);
  });

  it('formats with two decimals in German and English', () => {
    expect(formatEuros(14900, 'de').replace(/\s/g, ' ')).toBe('149,00 €');
    expect(formatEuros(123456, 'de').replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatEuros(500, 'en')).toBe('€5.00');
  });
});

describe('order numbers', () => {
  it('pads the organisation to 4 digits and the order to 6', () => {
    expect(orderNumber(11, 123)).toBe('0011-000123');
    expect(orderNumber(1, 1)).toBe('0001-000001');
    expect(orderNumber(12345, 1234567)).toBe('12345-1234567');
  });

  it('quotes the BSO and the order padded to 7 digits on invoices', () => {
    expect(invoiceReference('3011', 123)).toBe('3011-0000123');
    expect(invoiceReference(null, 123)).toBe('0000123');
  });

  it('refuses ids that are not whole numbers', () => {
    expect(() => orderNumber(-1, 1)).toThrow(RangeError);
    expect(() => orderNumber(1, 1.5)).toThrow(RangeError);
  });
});
