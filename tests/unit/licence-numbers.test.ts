import { maySetLicenceNumber, parseLicenceNumber } from '@/lib/domain/licence-numbers';

describe('licence numbers', () => {
  it('only the federation sets one by hand', () => {
    expect(maySetLicenceNumber([1])).toBe(true);
    expect(maySetLicenceNumber([3, 1])).toBe(true);
    expect(maySetLicenceNumber([3])).toBe(false);
    expect(maySetLicenceNumber([2, 3])).toBe(false);
    expect(maySetLicenceNumber([])).toBe(false);
  });

  it('counts only plain numbers of up to nine digits; other (old) numbers are kept as text', () => {
    expect(parseLicenceNumber('9000001')).toBe(9000001);
    expect(parseLicenceNumber(' 42 ')).toBe(42);
    expect(parseLicenceNumber('0042')).toBeNull();
    expect(parseLicenceNumber('ALT-4711')).toBeNull();
    expect(parseLicenceNumber('1234567890')).toBeNull();
    expect(parseLicenceNumber('')).toBeNull();
  });
});
