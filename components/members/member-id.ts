/**
 * The id segment of /form/O{org}/F51/{id}: 'new' (or a negative number, as on the organisation
 * page) creates a member, a positive number opens one, nothing or 0 shows the list only; anything
 * else is a wrong address ('Something went wrong. Check id of member!').
 */
export function parseMemberId(id: string | undefined): 'new' | number | null | 'invalid' {
  if (id === undefined || id === '' || id === '0') return null;
  if (id === 'new') return 'new';
  if (!/^-?\d{1,9}$/.test(id)) return 'invalid';
  const n = Number(id);
  if (n === 0) return null;
  return n < 0 ? 'new' : n;
}
