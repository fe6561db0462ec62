/** @jest-environment node */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loggable, loggableMessage } from '@/server/http/errors';

// Plain JavaScript without type declarations: loaded by a path TypeScript does not resolve.
const NEXT_CONFIG: string = '../../next.config.mjs';

/**
 * Secrets stay out of logs in every mode: the development server does not print server-action
 * arguments (`signIn({"email":…,"password":…})`), and the API logs a failed statement with its
 * SQL and the database's message, never with its parameters.
 */

it('next.config.mjs turns off the logging of server-action calls and their arguments', async () => {
  const config = (await import(NEXT_CONFIG)).default as { logging?: { serverFunctions?: boolean } };
  expect(config.logging?.serverFunctions).toBe(false);
});

describe('loggable', () => {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "members_email_key"'), { code: '23505' });
  const failed = new DrizzleQueryError(
    'insert into "members" ("email", "password_hash") values ($1, $2)',
    ['anna@example.org', 'scrypt$secret-hash'],
    cause,
  );

  it('keeps the SQL and the database message, drops the parameters', () => {
    const safe = loggable(failed) as Error;
    expect(safe.message).toContain('insert into "members"');
    expect(safe.message).toContain('members_email_key');
    expect(safe.message).not.toMatch(/anna@example\.org|secret-hash/);
    expect(safe.stack).not.toMatch(/anna@example\.org|secret-hash/);
    expect(loggableMessage(failed)).not.toMatch(/anna@example\.org|secret-hash/);
  });

  it('passes other errors as they are', () => {
    const plain = new Error('boom');
    expect(loggable(plain)).toBe(plain);
    expect(loggableMessage('text')).toBe('text');
  });
});
