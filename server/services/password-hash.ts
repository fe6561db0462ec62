import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes with node:crypto scrypt (memory-hard, no native addon).
 *
 * Stored format (one string, `$`-separated, so the cost can be raised later and old hashes
 * still verify with the parameters they were made with):
 *
 *     scrypt$<N>$<r>$<p>$<salt, base64url>$<derived key, base64url>
 *
 * N=16384, r=8, p=1, 16-byte random salt, 64-byte key (~16 MB of memory, ~50 ms per hash).
 */

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 256 * options.N! * options.r! }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison; a malformed or missing hash simply does not match. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check, so a missing hash is not told apart by timing.
    await derive(password, DUMMY_SALT, { N, r: R, p: P }, KEY_LENGTH);
    return false;
  }
  const [, n, r, p, saltText, keyText] = parts;
  const expected = Buffer.from(keyText, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Number.isInteger(options.N) || !Number.isInteger(options.r) || !Number.isInteger(options.p) || expected.length === 0) {
    return false;
  }
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), options, expected.length);
  return timingSafeEqual(actual, expected);
}

const DUMMY_SALT = randomBytes(SALT_LENGTH);
