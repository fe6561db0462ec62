/** @jest-environment node */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EnvError, loadEnv } from '@/server/env';

describe('loadEnv', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'env-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('has working defaults: port 4000, PGlite under the data folder, uploads and mails under it, 8 h tokens', () => {
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.apiPort).toBe(4000);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.pgliteDir).toBe(path.join(dir, 'pglite'));
    expect(env.uploadDir).toBe(path.join(dir, 'uploads'));
    expect(env.mailDir).toBe(path.join(dir, 'mail'));
    expect(env.jwtTtlSeconds).toBe(8 * 3600);
    expect(env.adminPublicUrl).toBe('http://localhost:3000/admin');
    expect(env.smtp).toBeUndefined();
  });

  it('generates a development JWT secret once and keeps it in the data folder', () => {
    const first = loadEnv({ DATA_DIR: dir }).jwtSecret;
    const file = path.join(dir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('requires JWT_SECRET in production and never writes one', () => {
    expect(() => loadEnv({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required when NODE_ENV=production/);
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    expect(loadEnv({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) }).jwtSecret).toBe('p'.repeat(40));
  });

  it('names every bad value in one clear message, hiding secrets', () => {
    let error: unknown;
    try {
      loadEnv({
        DATA_DIR: dir,
        API_PORT: 'vierzig',
        JWT_TTL: 'lange',
        ADMIN_PUBLIC_URL: 'nicht-url',
        SMTP_SECURE: 'vielleicht',
        JWT_SECRET: 'kurz',
        DATABASE_URL: 'mysql://x',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const name of ['API_PORT', 'JWT_TTL', 'ADMIN_PUBLIC_URL', 'SMTP_SECURE', 'JWT_SECRET', 'DATABASE_URL'])
      expect(message).toContain(name);
    expect(message).toContain('"vierzig"');
    expect(message).not.toContain('kurz');
    expect((error as EnvError).problems).toHaveLength(6);
  });

  it('refuses a port that fetch() will not connect to (4190 is a "bad port"), naming it', () => {
    expect(() => loadEnv({ DATA_DIR: dir, API_PORT: '4190' })).toThrow(/API_PORT.*bad port/s);
    expect(loadEnv({ DATA_DIR: dir, API_PORT: '4191' }).apiPort).toBe(4191);
  });

  it('reads the SMTP settings and the reply-to list', () => {
    const env = loadEnv({
      DATA_DIR: dir,
      SMTP_HOST: 'mail.example.org',
      SMTP_SECURE: 'true',
      SMTP_USER: 'u',
      SMTP_PASSWORD: 'p',
      MAIL_REPLY_TO: 'Geschäftsstelle <office@example.org>; sport@example.org',
      JWT_TTL: '30m',
      API_PORT: '4100',
      UPLOAD_DIR: path.join(dir, 'elsewhere'),
    });
    expect(env.smtp).toEqual({ host: 'mail.example.org', port: 465, secure: true, user: 'u', password: 'p' });
    expect(env.mailReplyTo).toEqual([
      { title: 'Geschäftsstelle', value: 'office@example.org' },
      { title: 'sport@example.org', value: 'sport@example.org' },
    ]);
    expect(env.jwtTtlSeconds).toBe(1800);
    expect(env.apiPort).toBe(4100);
    expect(env.uploadDir).toBe(path.join(dir, 'elsewhere'));
  });
});
