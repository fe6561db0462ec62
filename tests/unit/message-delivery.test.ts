import { MAX_DELIVERY_ATTEMPTS, missingMessageFields, retryDelayMs } from '@/lib/domain/messages/delivery';

describe('retry waits of the message outbox', () => {
  it('doubles from the base after each failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(3, 50)).toBe(200);
  });

  it('never waits longer than the maximum, not even after many attempts', () => {
    expect(retryDelayMs(13)).toBe(30 * 60_000);
    // a mail server that is down for an hour and a half still gets every delivery
    const waits = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1));
    expect(waits.reduce((a, b) => a + b, 0)).toBe(6_155_000);
    expect(retryDelayMs(1_000)).toBe(30 * 60_000);
    expect(retryDelayMs(4, 5_000, 15_000)).toBe(15_000);
  });

  it('treats zero or negative attempts as the first', () => {
    expect(retryDelayMs(0)).toBe(5_000);
    expect(retryDelayMs(-3)).toBe(5_000);
  });
});

describe('required fields of a message', () => {
  it('names roles, title and language when they are missing, in the form order', () => {
    expect(missingMessageFields({ roles: [], title: '  ', lang: '' })).toEqual(['roles', 'title', 'lang']);
    expect(missingMessageFields({ roles: [32], title: 'Hallo', lang: 'de' })).toEqual([]);
    expect(missingMessageFields({ roles: [32], title: '', lang: 'en' })).toEqual(['title']);
  });
});
