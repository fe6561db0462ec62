import { randomBytes } from 'node:crypto';
import { formatRecoveryCode, mustUseSecondFactor, normaliseRecoveryCode, secondFactorMethods } from '@/lib/domain/two-factor';

describe('two-factor rules', () => {
  it('requires a second factor of holders of functions in the configured levels only', () => {
    expect(mustUseSecondFactor([1, 2], [1])).toBe(true);
    expect(mustUseSecondFactor([1, 2], [3, 2])).toBe(true);
    expect(mustUseSecondFactor([1, 2], [3])).toBe(false);
    expect(mustUseSecondFactor([1, 2], [])).toBe(false);
    expect(mustUseSecondFactor([], [1, 2, 3])).toBe(false);
    expect(mustUseSecondFactor([3], [3])).toBe(true);
  });

  it('offers the passkey first, the code next, the recovery code last, and only what is enrolled', () => {
    expect(secondFactorMethods({ passkeys: 2, totp: true, recoveryCodes: 10 })).toEqual(['passkey', 'totp', 'recovery']);
    expect(secondFactorMethods({ passkeys: 0, totp: true, recoveryCodes: 0 })).toEqual(['totp']);
    expect(secondFactorMethods({ passkeys: 1, totp: false, recoveryCodes: 3 })).toEqual(['passkey', 'recovery']);
    expect(secondFactorMethods({ passkeys: 0, totp: false, recoveryCodes: 0 })).toEqual([]);
  });

  it('makes recovery codes of ten unambiguous characters, read alike in any case and spacing', () => {
    for (let i = 0; i < 200; i++) {
      const code = formatRecoveryCode(randomBytes(10));
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
      expect(normaliseRecoveryCode(code.toLowerCase().replace('-', ' '))).toBe(code.replace('-', ''));
    }
    expect(normaliseRecoveryCode(' abcde - fghjk ')).toBe('ABCDEFGHJK');
  });
});
