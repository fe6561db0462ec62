import { minutesToWait } from '@/lib/domain/retry-after';

describe('minutes to wait after a refusal', () => {
  it.each([
    [900, 15],
    ['61', 2],
    [1, 1],
    [3600, 60],
  ])('rounds %s seconds up to %s whole minutes', (seconds, minutes) => {
    expect(minutesToWait(seconds, 99)).toBe(minutes);
  });

  it.each([[undefined], [null], ['soon'], [0], [-5]])('shows the limit window when the answer carries %s', (value) => {
    expect(minutesToWait(value, 15)).toBe(15);
  });
});
