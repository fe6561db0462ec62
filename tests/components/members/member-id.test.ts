import { parseMemberId } from '@/components/members/member-id';

describe('parseMemberId (the {id} of /form/O{org}/F51/{id})', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['0', null],
    ['-0', null],
    ['new', 'new'],
    ['-1', 'new'],
    ['955', 955],
    ['abc', 'invalid'],
    ['12x', 'invalid'],
    ['1.5', 'invalid'],
    ['9999999999', 'invalid'],
  ])('%p → %p', (segment, expected) => {
    expect(parseMemberId(segment)).toBe(expected);
  });
});
