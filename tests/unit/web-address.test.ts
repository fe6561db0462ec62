import { isWebAddress, WEB_ADDRESS_MAX, webAddressOrNull } from '@/lib/domain/web-address';
import { isRichTextHref } from '@/lib/domain/news/rich-text';
import { optionalWebAddress } from '@/lib/schemas/common';
import { HOSTILE_URLS } from '../api/helpers/hostile-urls';

describe('web addresses: absolute http(s) only', () => {
  it.each([
    'https://example.org',
    'http://example.org/anmeldung?x=1#top',
    'HTTPS://Example.org',
    'https://bsv-wn.example.org/anmeldung',
    'https://xn--bgen-0ra.example/ä',
  ])('takes %j', (v) => {
    expect(isWebAddress(v)).toBe(true);
    expect(webAddressOrNull(v)).toBe(v);
  });

  it.each(HOSTILE_URLS.map((v) => [v]))('refuses %j', (v) => {
    expect(isWebAddress(v)).toBe(false);
    expect(webAddressOrNull(v)).toBeNull();
  });

  it('refuses what is too long, and gives null for nothing', () => {
    expect(isWebAddress(`https://example.org/${'a'.repeat(WEB_ADDRESS_MAX)}`)).toBe(false);
    expect(webAddressOrNull(null)).toBeNull();
    expect(webAddressOrNull(undefined)).toBeNull();
  });

  it('the schema trims, clears with "" and null, and names the message keys', () => {
    const schema = optionalWebAddress();
    expect(schema.parse('  https://example.org ')).toBe('https://example.org');
    expect(schema.parse('')).toBeNull();
    expect(schema.parse('   ')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
    for (const v of HOSTILE_URLS.filter((u) => u.trim() !== '')) expect(schema.safeParse(v).error?.issues[0].message).toBe('urlInvalid');
    expect(schema.safeParse(`https://example.org/${'a'.repeat(WEB_ADDRESS_MAX)}`).error?.issues[0].message).toBe('tooLong');
  });
});

describe('links of rich text', () => {
  it.each(['https://example.org/x', 'mailto:office@example.org', '/admin/news', '#oben'])('may lead to %j', (href) =>
    expect(isRichTextHref(href)).toBe(true),
  );
  it.each(
    [
      ...HOSTILE_URLS.filter((u) => !['mailto:x@example.org', '/relative/path'].includes(u)),
      'mailto:\u0001x@example.org',
      '/\\evil.example',
    ].map((v) => [v]),
  )('may not lead to %j', (href) => expect(isRichTextHref(href)).toBe(false));
});
