import { believedForwardedFor, believedForwardedHost, believedHttps, clientIp, trustedProxyIps } from '@/lib/api/upstream';

/*
 * The address the API's sign-in rate limit counts per client. A browser's own X-Forwarded-For must
 * never decide it, or each attempt could claim a new client and never be limited.
 */
describe('believedForwardedFor (admin server)', () => {
  it('ignores a browser-sent X-Forwarded-For and uses the connecting address', () => {
    const header = believedForwardedFor('203.0.113.5', '198.51.100.1', []);
    expect(header).toBe('203.0.113.5');
    expect(clientIp(header)).toBe('203.0.113.5');
    expect(clientIp(believedForwardedFor('203.0.113.5', '198.51.100.2, 198.51.100.3', []))).toBe('203.0.113.5');
  });

  it('believes a trusted reverse proxy: the client is the right-most entry it appended', () => {
    const header = believedForwardedFor('10.0.0.2', 'forged, 203.0.113.9', ['10.0.0.2']);
    expect(clientIp(header)).toBe('203.0.113.9');
    // Node hands a repeated header over as a list.
    expect(clientIp(believedForwardedFor('10.0.0.2', ['forged', '203.0.113.8'], ['10.0.0.2']))).toBe('203.0.113.8');
  });

  it('uses the reverse proxy itself when it sent no header, and the socket when another peer claims to be one', () => {
    expect(believedForwardedFor('10.0.0.2', undefined, ['10.0.0.2'])).toBe('10.0.0.2');
    expect(clientIp(believedForwardedFor('10.0.0.3', '203.0.113.9', ['10.0.0.2']))).toBe('10.0.0.3');
  });

  it('trusts no proxy unless ADMIN_TRUSTED_PROXY_IPS lists it', () => {
    expect(trustedProxyIps(undefined)).toEqual([]);
    expect(trustedProxyIps(' 10.0.0.2 , ::1,')).toEqual(['10.0.0.2', '::1']);
  });
});

describe('believedHttps (admin server)', () => {
  it('believes X-Forwarded-Proto only from a trusted reverse proxy', () => {
    expect(believedHttps('10.0.0.2', false, 'https', ['10.0.0.2'])).toBe(true);
    expect(believedHttps('10.0.0.2', false, 'http', ['10.0.0.2'])).toBe(false);
    expect(believedHttps('203.0.113.5', false, 'https', ['10.0.0.2'])).toBe(false);
    expect(believedHttps('203.0.113.5', false, 'https', [])).toBe(false);
  });

  it('counts a TLS socket as HTTPS, and reads the first scheme of a list', () => {
    expect(believedHttps('203.0.113.5', true, undefined, [])).toBe(true);
    expect(believedHttps('10.0.0.2', false, ['HTTPS, http'], ['10.0.0.2'])).toBe(true);
  });
});

describe('believedForwardedHost (admin server)', () => {
  it('believes X-Forwarded-Host only from a trusted reverse proxy, its first entry', () => {
    expect(believedForwardedHost('10.0.0.2', 'verband.example', ['10.0.0.2'])).toBe('verband.example');
    expect(believedForwardedHost('10.0.0.2', ['verband.example, evil.example'], ['10.0.0.2'])).toBe('verband.example');
    expect(believedForwardedHost('203.0.113.5', 'evil.example', ['10.0.0.2'])).toBeUndefined();
    expect(believedForwardedHost('203.0.113.5', 'evil.example', [])).toBeUndefined();
    expect(believedForwardedHost('10.0.0.2', undefined, ['10.0.0.2'])).toBeUndefined();
  });
});
