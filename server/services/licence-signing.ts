import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { toBase64Url } from '@/lib/domain/licence-card';
import { readOrCreateOnce } from '../files/created-once';

/**
 * The federation's Ed25519 key that signs licence cards. Generated once and kept in the data
 * folder (like the other secrets), so cards stay verifiable across restarts; the public half is
 * published at GET /api/v1/licence-key and built into the verification page.
 */

const keys = new Map<string, { privateKey: KeyObject; publicKey: KeyObject }>();

function keyPair(file: string) {
  let pair = keys.get(file);
  if (pair) return pair;
  // one key for every process sharing the data folder: a card signed by one verifies at any
  const pem = readOrCreateOnce(file, () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  const privateKey: KeyObject = createPrivateKey(pem);
  pair = { privateKey, publicKey: createPublicKey(privateKey) };
  keys.set(file, pair);
  return pair;
}

export function signLicenceText(file: string, text: string): Uint8Array {
  return new Uint8Array(sign(null, Buffer.from(text, 'utf8'), keyPair(file).privateKey));
}

/** Whether `signature` is the federation's signature over `bytes`. */
export function verifyLicenceBytes(file: string, bytes: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verify(null, bytes, keyPair(file).publicKey, signature);
  } catch {
    return false;
  }
}

/** The raw 32-byte public key, base64url (what WebCrypto's importKey('raw', …, 'Ed25519') takes). */
export function licencePublicKey(file: string): string {
  const jwk = keyPair(file).publicKey.export({ format: 'jwk' }) as { x: string };
  return jwk.x ?? toBase64Url(new Uint8Array());
}
