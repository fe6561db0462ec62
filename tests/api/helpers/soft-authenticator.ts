import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for API tests: registers P-256 credentials (attestation
 * `none`, user verified) and signs assertions, as a phone or security key would, for the options
 * the API hands out. Each credential is discoverable (it keeps the user handle it was made for).
 */

type Stored = { id: Uint8Array; privateKey: KeyObject; userHandle: string; counter: number };

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export function softAuthenticator(origin = 'http://localhost:3000') {
  const rpId = new URL(origin).hostname;
  const credentials: Stored[] = [];

  return {
    credentials,
    /** The answer to registration options (`options` as the API answered them). */
    register(options: { challenge: string; user: { id: string } }, { userVerified = true } = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const id = new Uint8Array(randomBytes(16));
      const flags = FLAG_UP | FLAG_AT | (userVerified ? FLAG_UV : 0);
      const authData = concat(
        sha256(rpId),
        new Uint8Array([flags]),
        uint32(0),
        new Uint8Array(16),
        new Uint8Array([0, id.length]),
        id,
        isoCBOR.encode(cose),
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
      credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(Buffer.from(clientDataJSON)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /**
     * The answer to authentication options: with the credential the options allow, else (a
     * discoverable sign-in) the last one registered, or the one `credentialId` names.
     */
    authenticate(
      options: { challenge: string; allowCredentials?: Array<{ id: string }> },
      { credentialId, challenge, origin: answerOrigin = origin }: { credentialId?: string; challenge?: string; origin?: string } = {},
    ) {
      const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
      const wanted = credentialId ?? [...allowed][0];
      const cred = wanted ? credentials.find((c) => b64(c.id) === wanted) : credentials[credentials.length - 1];
      if (!cred) throw new Error('no such credential');
      cred.counter += 1;
      const authData = concat(sha256(rpId), new Uint8Array([FLAG_UP | FLAG_UV]), uint32(cred.counter));
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge: challenge ?? options.challenge, origin: answerOrigin }),
      );
      const signature = sign('sha256', Buffer.from(concat(authData, sha256(clientDataJSON))), cred.privateKey);
      return {
        id: b64(cred.id),
        rawId: b64(cred.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: cred.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
