/** @jest-environment node */
import { CALLER_CACHE_SIZE, CALLER_MAX_AGE_MS, CallerCache } from '@/server/services/caller-cache';
import type { Caller } from '@/server/services/access';

/** What the cache promises on its own: nothing kept unless it hears changes, nothing kept past its bounds. */

const NOW = new Date('2026-11-28T10:00:00Z');
const IN_AN_HOUR = new Date(NOW.getTime() + 3_600_000);
const caller = (memberId: number): Caller => ({ memberId, orgs: [{ id: 11, level: 4, motherId: 4, coopPartner: false, functions: [12] }] });
const later = (ms: number) => new Date(NOW.getTime() + ms);

function listeningCache() {
  const cache = new CallerCache();
  cache.resume();
  return cache;
}

describe('CallerCache', () => {
  const key = CallerCache.key(2, 'session-a', '2026-11-28');

  it('keeps a caller read while it hears changes, and answers it for that session only', () => {
    const cache = listeningCache();
    cache.keep(key, caller(2), IN_AN_HOUR, cache.mark(), NOW);
    expect(cache.get(key, later(1000))).toEqual(caller(2));
    expect(cache.get(CallerCache.key(2, 'session-b', '2026-11-28'), NOW)).toBeUndefined();
    expect(cache.get(CallerCache.key(3, 'session-a', '2026-11-28'), NOW)).toBeUndefined();
  });

  it('keeps nothing before it listens, and forgets everything when it stops hearing changes', () => {
    const cache = new CallerCache();
    cache.keep(key, caller(2), IN_AN_HOUR, cache.mark(), NOW);
    expect(cache.get(key, NOW)).toBeUndefined();

    cache.resume();
    cache.keep(key, caller(2), IN_AN_HOUR, cache.mark(), NOW);
    expect(cache.size).toBe(1);
    cache.pause();
    expect(cache.get(key, NOW)).toBeUndefined();
    cache.resume();
    // listening again: what was kept before the gap stays forgotten
    expect(cache.get(key, NOW)).toBeUndefined();
  });

  it('forgets every caller on a change', () => {
    const cache = listeningCache();
    const other = CallerCache.key(3, 'session-c', '2026-11-28');
    cache.keep(key, caller(2), IN_AN_HOUR, cache.mark(), NOW);
    cache.keep(other, caller(3), IN_AN_HOUR, cache.mark(), NOW);
    cache.invalidate();
    expect(cache.get(key, NOW)).toBeUndefined();
    expect(cache.get(other, NOW)).toBeUndefined();
  });

  it('does not keep a caller read before a change that was heard while it was being read', () => {
    const cache = listeningCache();
    const mark = cache.mark();
    cache.invalidate(); // the notification arrives while the statement runs
    cache.keep(key, caller(2), IN_AN_HOUR, mark, NOW);
    expect(cache.get(key, NOW)).toBeUndefined();
    cache.keep(key, caller(2), IN_AN_HOUR, cache.mark(), NOW);
    expect(cache.get(key, NOW)).toEqual(caller(2));
  });

  it('keeps a caller at most until the session ends and at most CALLER_MAX_AGE_MS', () => {
    const cache = listeningCache();
    cache.keep(key, caller(2), later(5_000), cache.mark(), NOW);
    expect(cache.get(key, later(4_999))).toBeDefined();
    expect(cache.get(key, later(5_000))).toBeUndefined();

    cache.keep(key, caller(2), IN_AN_HOUR, cache.mark(), NOW);
    expect(cache.get(key, later(CALLER_MAX_AGE_MS - 1))).toBeDefined();
    expect(cache.get(key, later(CALLER_MAX_AGE_MS))).toBeUndefined();
  });

  it('reads roles per day: the same session on the next day is read anew', () => {
    const cache = listeningCache();
    cache.keep(key, caller(2), IN_AN_HOUR, cache.mark(), NOW);
    expect(cache.get(CallerCache.key(2, 'session-a', '2026-11-29'), NOW)).toBeUndefined();
  });

  it(`holds at most ${CALLER_CACHE_SIZE} callers, forgetting the oldest first`, () => {
    const cache = listeningCache();
    for (let i = 0; i <= CALLER_CACHE_SIZE; i++)
      cache.keep(CallerCache.key(i, 's', '2026-11-28'), caller(i), IN_AN_HOUR, cache.mark(), NOW);
    expect(cache.size).toBe(CALLER_CACHE_SIZE);
    expect(cache.get(CallerCache.key(0, 's', '2026-11-28'), NOW)).toBeUndefined();
    expect(cache.get(CallerCache.key(CALLER_CACHE_SIZE, 's', '2026-11-28'), NOW)).toEqual(caller(CALLER_CACHE_SIZE));
  });
});
