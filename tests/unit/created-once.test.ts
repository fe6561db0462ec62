/** @jest-environment node */
import crypto from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { readOrCreateOnce } from '@/server/files/created-once';
import { vapidKeys } from '@/server/messages/push';
import { licencePublicKey } from '@/server/services/licence-signing';

/*
 * Keys the server makes itself are made once per data folder: when several API processes start
 * together on a fresh folder, the one whose file is in place first wins and the others take its
 * file (simulated here by writing "the other process's" file while this one makes its own).
 */

describe('a key file made once for every process sharing the data folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'created-once-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the file another process put in place meanwhile, and leaves no temporary file', () => {
    const file = path.join(dir, 'keys', 'secret');
    const text = readOrCreateOnce(file, () => {
      writeFileSync(file, 'theirs');
      return 'mine';
    });
    expect(text).toBe('theirs');
    expect(readFileSync(file, 'utf8')).toBe('theirs');
    expect(readdirSync(path.dirname(file))).toEqual(['secret']);
  });

  it('makes the file when there is none, then reads it; replaces an unusable one', () => {
    const file = path.join(dir, 'secret');
    expect(readOrCreateOnce(file, () => 'first')).toBe('first');
    expect(readOrCreateOnce(file, () => 'second')).toBe('first');
    writeFileSync(file, '');
    expect(
      readOrCreateOnce(
        file,
        () => 'third',
        (t) => t.length > 0,
      ),
    ).toBe('third');
  });

  it('push: answers the VAPID keys of the process that was first', () => {
    const file = path.join(dir, 'vapid-keys.json');
    const theirs = webpush.generateVAPIDKeys();
    const mine = webpush.generateVAPIDKeys();
    jest.spyOn(webpush, 'generateVAPIDKeys').mockImplementation(() => {
      writeFileSync(file, JSON.stringify(theirs));
      return mine;
    });
    expect(vapidKeys(file).publicKey).toBe(theirs.publicKey);
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(theirs.publicKey);
  });

  it('licence cards: signs with the key of the process that was first', () => {
    const file = path.join(dir, 'licence-signing-key.pem');
    const theirs = crypto.generateKeyPairSync('ed25519');
    const make = crypto.generateKeyPairSync;
    jest.spyOn(crypto, 'generateKeyPairSync').mockImplementation(((...args: Parameters<typeof make>) => {
      writeFileSync(file, theirs.privateKey.export({ type: 'pkcs8', format: 'pem' }));
      return make(...args);
    }) as typeof make);
    const published = licencePublicKey(file);
    expect(published).toBe((theirs.publicKey.export({ format: 'jwk' }) as { x: string }).x);
  });
});
