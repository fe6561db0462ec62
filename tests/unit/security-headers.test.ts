import { tileSource } from '@/lib/map-tiles';
import { EMBED_HOSTS } from '@/lib/domain/news/rich-text';
import { contentSecurityPolicy, securityHeaders } from '@/lib/security-headers';
import { sanitizeRichText } from '@/server/services/news/sanitize';

describe('security headers of the admin app', () => {
  it('sends HSTS only over HTTPS', () => {
    expect(securityHeaders(true)['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(securityHeaders(false)).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaders(false)).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' });
  });

  it("allows 'unsafe-eval' and the reload websocket only in development", () => {
    expect(contentSecurityPolicy('abc', false)).not.toMatch(/unsafe-eval|ws:/);
    expect(contentSecurityPolicy('abc', true)).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy('abc', false)).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
  });

  it('lets the app register its own service worker (push notifications) and no other', () => {
    expect(contentSecurityPolicy('abc', false)).toContain("worker-src 'self';");
  });
});

describe('tileSource (img-src of the places map)', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
    ['http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:8080'],
  ])('%s → %s', (template, source) => expect(tileSource(template)).toBe(source));

  it.each(['/tiles/{z}/{x}/{y}.png', "https://evil.example; script-src *'/{z}.png", 'javascript:alert(1)'])(
    'gives nothing for a relative or odd template (%s)',
    (template) => expect(tileSource(template)).toBeNull(),
  );
});

describe('embedded videos: the policy frames exactly what the sanitiser keeps', () => {
  const frameSources = (csp: string) =>
    csp
      .split('; ')
      .find((d) => d.startsWith('frame-src '))
      ?.split(' ')
      .slice(1) ?? [];

  it('has a frame-src naming every embed host over HTTPS and nothing else', () => {
    expect(frameSources(contentSecurityPolicy('abc', false)).sort()).toEqual(EMBED_HOSTS.map((h) => `https://${h}`).sort());
  });

  it("allows the editor's youtube-nocookie embed, which the sanitiser keeps", () => {
    const src = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(sanitizeRichText(`<iframe src="${src}"></iframe>`)).toContain(src);
    expect(frameSources(contentSecurityPolicy('abc', false))).toContain(new URL(src).origin);
  });

  it.each(EMBED_HOSTS.map((h) => [h]))('%s: kept by the sanitiser and framed by the policy', (host) => {
    const src = `https://${host}/embed/x`;
    expect(sanitizeRichText(`<iframe src="${src}"></iframe>`)).toContain(src);
    expect(frameSources(contentSecurityPolicy('abc', false))).toContain(`https://${host}`);
  });

  it('a host the sanitiser drops is not framed either', () => {
    expect(sanitizeRichText('<iframe src="https://evil.example/embed/x"></iframe>')).not.toContain('evil.example');
    expect(contentSecurityPolicy('abc', false)).not.toContain('evil.example');
  });
});
