/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createTranslator } from 'next-intl';
import { and, eq } from 'drizzle-orm';
import de from '@/messages/de.json';
import { undoImportAction } from '@/components/members/import/actions';
import { members } from '@/server/db/schema';
import { call, createTestApp, signIn, type TestApp } from '../../api/helpers/test-app';
import { createTestDb, type TestDb } from '../../api/helpers/test-db';

/*
 * The import screen's undo action against the REAL API (in-process, on loopback; PGlite with the
 * demo seed): the texts the user reads, and the rows changed since listed when the undo is refused.
 */
let token = 'NONE';
jest.mock('../../../lib/session', () => ({
  getToken: async () => token,
  getSession: async () => ({ destroy: () => undefined }),
}));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'de', messages: de, namespace: namespace as never }),
}));
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));

const CLUB = 11;
let tdb: TestDb;
let t: TestApp;
let server: ServerType;

beforeAll(async () => {
  tdb = await createTestDb('pglite');
  t = createTestApp(tdb.db);
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = await signIn(t.app, 'verein@example.org');
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await tdb.close();
  t.cleanup();
});

async function upload(lines: string[], query: string) {
  const form = new FormData();
  form.append('file', new Blob([lines.join('\r\n') + '\r\n']), 'liste.csv');
  return call(t.app, 'POST', `/api/v1/admin/members/${CLUB}/import?${query}`, { token, body: form });
}

/** Imports the rows (dry run, then its plan) and answers the import's id. */
async function imported(lines: string[]): Promise<string> {
  const dry = await upload(lines, 'dryRun=true');
  expect(dry.status).toBe(200);
  const res = await upload(lines, `planId=${dry.body.planId}`);
  expect(res.status).toBe(201);
  return res.body.importId;
}

describe('undoImportAction', () => {
  it('answers the rows changed since the import, undoing nothing', async () => {
    const importId = await imported(['Vorname;Nachname;Geburtsdatum;Geschlecht', 'Ida;Irrgang;05.05.1995;w', 'Jan;Jaklitsch;06.06.1996;m']);
    const [jan] = await tdb.db
      .select()
      .from(members)
      .where(and(eq(members.firstName, 'Jan'), eq(members.surname, 'Jaklitsch')));
    const edit = await call(t.app, 'PUT', '/api/v1/admin/member', { token, json: { id: jan.id, updatedAt: jan.updatedAt, city: 'Baden' } });
    expect(edit.status).toBe(200);

    const result = await undoImportAction({ importId });
    expect(result).toEqual({ ok: true, data: { undone: false, changed: [{ line: 3, verdict: 'create', memberId: jan.id }] } });
    expect(await tdb.db.select().from(members).where(eq(members.surname, 'Irrgang'))).toHaveLength(1);
  });

  it('undoes an untouched import once, then says it was undone already', async () => {
    const importId = await imported(['Vorname;Nachname;Geburtsdatum;Geschlecht', 'Kurt;Kollmann;07.07.1977;m']);
    expect(await undoImportAction({ importId })).toEqual({ ok: true, data: { undone: true, message: 'Import rückgängig gemacht' } });
    expect(await tdb.db.select().from(members).where(eq(members.surname, 'Kollmann'))).toHaveLength(0);

    expect(await undoImportAction({ importId })).toMatchObject({
      ok: false,
      message: 'Rückgängig machen fehlgeschlagen',
      description: 'Dieser Import wurde bereits rückgängig gemacht.',
      code: 'already_undone',
    });
  });
});
