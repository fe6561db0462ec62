/**
 * A web address the system stores or publishes (an organisation's homepage, a tournament's
 * registration link, a feed's links) is an absolute http or https address and nothing else: no
 * `javascript:`, `data:`, `vbscript:` or any other scheme, in any spelling, and no control
 * characters or white space anywhere in it (a browser drops those before reading the scheme, so
 * they could hide one).
 */

/** Longest web address kept. */
export const WEB_ADDRESS_MAX = 500;

const WEB_SCHEMES = new Set(['http:', 'https:']);
// C0 controls, space, DEL, C1 controls, and the Unicode spaces and invisible format characters
export const HIDDEN_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/;

/** True for an absolute http(s) address with a host, as written (leading and trailing white space is not trimmed here). */
export function isWebAddress(value: string): boolean {
  if (value.length === 0 || value.length > WEB_ADDRESS_MAX || HIDDEN_CHARACTERS.test(value)) return false;
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return WEB_SCHEMES.has(url.protocol) && url.hostname.length > 0;
}

/** The address when it is a web address, else null: what a feed may link to. */
export function webAddressOrNull(value: string | null | undefined): string | null {
  return typeof value === 'string' && isWebAddress(value) ? value : null;
}
