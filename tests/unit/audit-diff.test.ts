import { diffRecords, isSecretField } from '@/lib/domain/audit-diff';

describe('audit diff', () => {
  it('lists only changed fields, before and after', () => {
    expect(diffRecords({ name: 'A', city: 'Wien', zip: '1010' }, { name: 'B', city: 'Wien', zip: '1010' })).toEqual({
      name: { before: 'A', after: 'B' },
    });
  });

  it('treats undefined and null alike and compares objects by value, whatever their key order', () => {
    expect(diffRecords({ a: null, p: { x: 1, y: 2 } }, { a: undefined, p: { y: 2, x: 1 } })).toEqual({});
    expect(diffRecords({ p: { x: 1 } }, { p: { x: 2 } })).toEqual({ p: { before: { x: 1 }, after: { x: 2 } } });
  });

  it('lists every field of a created or deleted record against null', () => {
    expect(diffRecords(null, { id: 3, name: 'Neu' })).toEqual({ id: { before: null, after: 3 }, name: { before: null, after: 'Neu' } });
    expect(diffRecords({ id: 3 }, null)).toEqual({ id: { before: 3, after: null } });
  });

  it('never records secrets or bookkeeping timestamps', () => {
    const changes = diffRecords(
      { passwordHash: 'old', resetToken: 'a', proof: 'p', updatedAt: '1', email: 'a@x.at' },
      { passwordHash: 'new', resetToken: 'b', proof: 'q', updatedAt: '2', email: 'b@x.at' },
    );
    expect(changes).toEqual({ email: { before: 'a@x.at', after: 'b@x.at' } });
    for (const name of ['password', 'passwordHash', 'jwtToken', 'sessionSecret', 'credentialFingerprint'])
      expect(isSecretField(name)).toBe(true);
    expect(isSecretField('email')).toBe(false);
  });
});
