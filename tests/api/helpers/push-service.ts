import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore: http_ece has no type declarations
import ece from 'http_ece';

/**
 * A local Web Push service: it keeps what the API posts to each subscription endpoint and decrypts
 * the payload (aes128gcm) with that subscription's private keys, as a browser would. An endpoint
 * can be told to answer 410 (expired) or 500 (service trouble).
 */

export type ReceivedPush = {
  endpoint: string;
  topic: string | null;
  payload: { title: string; body: string; notificationId: number; url: string };
};

export async function startPushService() {
  const received: ReceivedPush[] = [];
  const keys = new Map<string, ReturnType<typeof createECDH>>();
  const secrets = new Map<string, string>();
  const answers = new Map<string, number>();

  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const endpoint = `${base}${req.url}`;
    const forced = answers.get(endpoint);
    if (forced) {
      res.writeHead(forced).end();
      return;
    }
    const ecdh = keys.get(endpoint);
    if (!ecdh || req.method !== 'POST' || !/^vapid t=/.test(String(req.headers.authorization))) {
      res.writeHead(ecdh ? 401 : 404).end();
      return;
    }
    const plain: Buffer = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: ecdh, authSecret: secrets.get(endpoint) });
    received.push({ endpoint, topic: (req.headers.topic as string) ?? null, payload: JSON.parse(plain.toString('utf8')) });
    res.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `http://${host}`;

  /** A new browser subscription (what PushSubscription.toJSON() gives). */
  function subscription() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `${base}/push/${randomBytes(8).toString('hex')}`;
    const auth = randomBytes(16).toString('base64url');
    keys.set(endpoint, ecdh);
    secrets.set(endpoint, auth);
    return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
  }

  return {
    host,
    received,
    subscription,
    /** From now on this endpoint answers `status` (410 expired, 500 trouble); 0 = normal again. */
    answer: (endpoint: string, status: number) => (status ? answers.set(endpoint, status) : answers.delete(endpoint)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
