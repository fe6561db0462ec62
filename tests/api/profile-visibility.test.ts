/** @jest-environment node */
import { and, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import { functionAssignments, members, organisations } from '@/server/db/schema';
import { closeApi, openApi } from './helpers/open-api';
import { png } from './helpers/sample-files';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/*
 * A profile picture follows the member's profileVisible: shown, every signed-in caller gets it;
 * hidden (or never set), only the member and whoever may read their record do, everyone else gets
 * 404 as for a picture that does not exist.
 */

const OTHER_CLUB = 18;

function form(bytes: Buffer): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'bild.png');
  return data;
}

describe.each(testDrivers())('profile picture visibility on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land', 'trainer', 'mitglied']));
  });
  afterAll(() => closeApi({ tdb, t }));

  const status = async (link: string, who: string) => (await call(t.app, 'GET', link, { token: tokens[who] })).status;
  const setVisible = (id: number, profileVisible: boolean | undefined) =>
    tdb.db
      .update(members)
      .set({
        params: sql`(${members.params} - 'profileVisible') || ${JSON.stringify(profileVisible === undefined ? {} : { profileVisible })}::jsonb`,
      })
      .where(eq(members.id, id));

  it("hidden: the member themselves and their organisations' member forms see it; shown: everyone signed in", async () => {
    // the demo member (5) hides their profile; club 11's trainer and administrator, the state and the federation read their record
    const me = (await call(t.app, 'GET', '/api/v1/getUser', { token: tokens.mitglied })).body.mg_id;
    await setVisible(me, false);
    const own = await call(t.app, 'POST', `/api/v1/profile/image/${me}`, { token: tokens.mitglied, body: form(png(4, 4)) });
    expect(own.status).toBe(200);
    for (const who of ['mitglied', 'trainer', 'verein', 'land', 'verband'])
      expect([who, await status(own.body.imageLink, who)]).toEqual([who, 200]);
  });

  it("hidden: a caller who cannot read the member's record gets 404; shown: 200", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const clubsOfState4 = tdb.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.orgMotherId, 4));
    const inside = tdb.db
      .select({ id: functionAssignments.memberId })
      .from(functionAssignments)
      .where(
        and(
          sql`(${functionAssignments.orgId} in (4, 11) or ${functionAssignments.orgId} in ${clubsOfState4})`,
          lte(functionAssignments.dateFrom, today),
          gte(functionAssignments.dateTo, today),
        ),
      );
    const [stranger] = await tdb.db
      .select({ id: members.id })
      .from(functionAssignments)
      .innerJoin(members, eq(members.id, functionAssignments.memberId))
      .where(
        and(
          eq(functionAssignments.orgId, OTHER_CLUB),
          lte(functionAssignments.dateFrom, today),
          gte(functionAssignments.dateTo, today),
          notInArray(members.id, inside),
          sql`${members.id} > 5`,
        ),
      )
      .limit(1);
    expect((await call(t.app, 'GET', `/api/v1/admin/member/11/${stranger.id}`, { token: tokens.verein })).status).toBe(403);

    const uploaded = await call(t.app, 'POST', `/api/v1/profile/image/${stranger.id}`, { token: tokens.verband, body: form(png(5, 5)) });
    expect(uploaded.status).toBe(200);
    const link = uploaded.body.imageLink;

    for (const hidden of [false, undefined]) {
      await setVisible(stranger.id, hidden);
      for (const who of ['mitglied', 'trainer', 'verein', 'land'])
        expect([hidden, who, await status(link, who)]).toEqual([hidden, who, 404]);
      expect(await status(link, 'verband')).toBe(200);
    }
    await setVisible(stranger.id, true);
    for (const who of ['mitglied', 'trainer', 'verein', 'land', 'verband']) expect([who, await status(link, who)]).toEqual([who, 200]);
  });
});
