/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createTranslator } from 'next-intl';
import de from '@/messages/de.json';
import {
  dismissPairAction,
  duplicatesAction,
  mergeAction,
  mergePlanAction,
  undoMergeAction,
} from '@/components/members/duplicates/actions';
import { call, createTestApp, signIn, type TestApp } from '../../api/helpers/test-app';
import { createTestDb, type TestDb } from '../../api/helpers/test-db';

/*
 * The 'Duplikate' view's actions against the REAL API (in-process, on loopback; PGlite with the
 * demo seed): the report, the plan, a stale merge refused with the screen's text, the merge, its
 * undo and a second undo refused; a club is refused the report.
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

let tdb: TestDb;
let t: TestApp;
let server: ServerType;
let federation = 'NONE';
const ids: Record<string, number> = {};

beforeAll(async () => {
  tdb = await createTestDb('pglite');
  t = createTestApp(tdb.db);
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  federation = await signIn(t.app, 'verband@example.org');
  const create = async (key: string, firstName: string, surname: string, birthDate: string) => {
    const res = await call(t.app, 'POST', '/api/v1/admin/member', {
      token: federation,
      json: { orgId: 11, firstName, surname, birthDate, gender: 'm' },
    });
    if (res.status !== 201) throw new Error(`${key}: ${res.status} ${JSON.stringify(res.body)}`);
    ids[key] = (res.body as { id: number }).id;
  };
  await create('survivor', 'Xaver', 'Pfefferkorn', '1971-04-23');
  await create('merged', 'Xaver', 'Pfeferkorn', '1971-04-23');
  await create('other', 'Zenzi', 'Quastenberger', '1966-02-09');
  await create('otherTwice', 'Quastenberger', 'Zenzi', '1966-02-09');
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await tdb.close();
  t.cleanup();
});

beforeEach(() => {
  token = federation;
});

const pairOf = async (a: number, b: number) => {
  for (let page = 1; page < 50; page++) {
    const result = await duplicatesAction({ page });
    if (!result.ok) throw new Error(result.message);
    const found = result.data.items.find((p) => [p.a.id, p.b.id].sort().join() === [a, b].sort().join());
    if (found || result.data.items.length === 0) return found;
  }
  return undefined;
};

describe('the Duplikate actions', () => {
  it('reports the pair, plans, refuses a stale merge, merges and undoes once', async () => {
    const pair = await pairOf(ids.survivor, ids.merged);
    expect(pair?.reasons).toContain('name_typo');

    const plan = await mergePlanAction({ survivorId: ids.survivor, mergedId: ids.merged, fields: { surname: 'merged' } });
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.data.fields.find((f) => f.field === 'surname')).toMatchObject({ differs: true, chosen: 'merged' });
    expect(plan.data.conflicts).toEqual([]);

    const stale = await mergeAction({
      survivorId: ids.survivor,
      mergedId: ids.merged,
      fields: {},
      survivorUpdatedAt: '2001-01-01T00:00:00.000Z',
      mergedUpdatedAt: plan.data.mergedUpdatedAt,
    });
    expect(stale).toMatchObject({ ok: false, code: 'stale', message: de.merge.errors.stale });

    const merged = await mergeAction({
      survivorId: ids.survivor,
      mergedId: ids.merged,
      fields: { surname: 'merged' },
      survivorUpdatedAt: plan.data.survivorUpdatedAt,
      mergedUpdatedAt: plan.data.mergedUpdatedAt,
    });
    if (!merged.ok) throw new Error(merged.message);
    expect(merged.data.message).toBe('Die Datensätze wurden zusammengeführt.');
    const mergeId = merged.data.mergeId as string;

    const undone = await undoMergeAction({ mergeId });
    expect(undone).toMatchObject({
      ok: true,
      data: { mergeId, stayedWithSurvivor: [], message: 'Die Zusammenführung wurde rückgängig gemacht.' },
    });
    expect(await undoMergeAction({ mergeId })).toMatchObject({
      ok: false,
      code: 'already_undone',
      message: de.merge.errors.already_undone,
    });
  }, 60_000);

  it("dismisses a pair for good with 'Nicht dieselbe Person'", async () => {
    expect(await pairOf(ids.other, ids.otherTwice)).toBeDefined();
    expect(await dismissPairAction({ aId: ids.other, bId: ids.otherTwice })).toMatchObject({ ok: true });
    expect(await pairOf(ids.other, ids.otherTwice)).toBeUndefined();
  }, 60_000);

  it('refuses a club the report', async () => {
    token = await signIn(t.app, 'verein@example.org');
    expect(await duplicatesAction({ org: 11, page: 1 })).toMatchObject({ ok: false, code: 'forbidden' });
  }, 60_000);
});
