/** @jest-environment node */
import { MAX_BODY_DEPTH, nestsTooDeep, unsafeBodyReason, unsafeJsonTextReason } from '@/server/http/safe-body';

/** The body rules: measured on the raw text first, then one iterative walk; none of it recurses. */

describe('nestsTooDeep', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsTooDeep('['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH))).toBe(false);
    expect(nestsTooDeep('['.repeat(MAX_BODY_DEPTH + 1) + ']'.repeat(MAX_BODY_DEPTH + 1))).toBe(true);
    expect(nestsTooDeep(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' + '{'.repeat(100) }))).toBe(false);
    expect(nestsTooDeep(`{"a":"\\\\"${',"b":['.repeat(40)}`)).toBe(true); // an escaped backslash ends the string
  });
});

describe('unsafeJsonTextReason', () => {
  it('refuses 300,000 levels with a NUL inside at once, without parsing it', () => {
    const text = '['.repeat(300_000) + '"\\u0000"' + ']'.repeat(300_000);
    const parse = jest.spyOn(JSON, 'parse');
    expect(unsafeJsonTextReason(text)).toMatchObject({ code: 'unsafe_body' });
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });

  it('leaves malformed JSON to the route (400 there)', () => {
    expect(unsafeJsonTextReason('{"a":')).toBeNull();
  });
});

describe('unsafeBodyReason', () => {
  it('names the first offending text in document order, keys and values alike', () => {
    expect(unsafeBodyReason({ a: 'ok', b: ['x', 'y\u0000'], c: '\ud800' })).toMatchObject({ code: 'invalid_character', field: 'b.1' });
    expect(unsafeBodyReason({ a: { 'k\udc00': 1 } })).toMatchObject({ code: 'invalid_character', field: 'a.k\udc00' });
    expect(unsafeBodyReason({ p: { __proto__: null, constructor: 1 } })).toMatchObject({ code: 'unsafe_body', field: 'p.constructor' });
    expect(unsafeBodyReason('\ud800')).toMatchObject({ code: 'invalid_character', field: undefined });
  });

  it('passes surrogate pairs and ordinary text', () => {
    expect(unsafeBodyReason({ name: 'Bogen 🏹', list: ['Ä', 'ß', '\u{1F600}'] })).toBeNull();
  });

  it('walks a parsed body deeper than the cap without recursing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeBodyReason(deep)).toMatchObject({ code: 'unsafe_body', field: Array(MAX_BODY_DEPTH).fill('0').join('.') });
  });
});
