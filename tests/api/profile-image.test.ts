/** @jest-environment node */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { members, uploadedFiles } from '@/server/db/schema';
import { closeApi, openApi } from './helpers/open-api';
import { png } from './helpers/sample-files';
import { call, signIn, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/** Minimal JPEG: SOI, JFIF APP0, EOI — enough for content sniffing. */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);

function form(bytes: Buffer, filename: string, type: string, field = 'file'): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

describe.each(testDrivers())('profile image on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;
  let myId: number;

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { mitglied: token },
    } = await openApi(driver, ['mitglied']));
    myId = (await call(t.app, 'GET', '/api/v1/getUser', { token })).body.mg_id;
  });
  afterAll(() => closeApi({ tdb, t }));

  const upload = (memberId: number, body: FormData | string, as = token, headers?: Record<string, string>) =>
    call(t.app, 'POST', `/api/v1/profile/image/${memberId}`, { token: as, body, headers });

  const storedFiles = () => {
    const root = path.join(t.env.uploadDir, 'member_image');
    const walk = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [e.name]))
        : [];
    return walk(root);
  };

  it('accepts a real PNG, points the member at it and serves it back with Content-Type and Content-Length', async () => {
    const bytes = png();
    const res = await upload(myId, form(bytes, 'me.png', 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), imageLink: `/api/v1/profile/image/${res.body.uuid}` });

    const user = await call(t.app, 'GET', '/api/v1/getUser', { token });
    expect(user.body.imageLink).toBe(res.body.imageLink);

    const image = await call(t.app, 'GET', res.body.imageLink, { token });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await image.raw.arrayBuffer()).equals(bytes)).toBe(true);

    const [row] = await tdb.db.select().from(uploadedFiles).where(eq(uploadedFiles.uuid, res.body.uuid));
    expect(row).toMatchObject({ ownerType: 'member_image', ownerId: myId, mime: 'image/png', size: bytes.length, originalName: 'me.png' });
    // stored under a generated name, not the uploaded one
    expect(row.storedPath).not.toContain('me.png');
  });

  it('accepts a JPEG sent with a misleading name and type, by its content', async () => {
    const res = await upload(myId, form(JPEG, 'picture.gif', 'application/octet-stream'));
    expect(res.status).toBe(200);
    const image = await call(t.app, 'GET', res.body.imageLink, { token });
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('content-length')).toBe(String(JPEG.length));
  });

  it('replaces the previous picture: the old one is gone', async () => {
    const first = await upload(myId, form(png(2, 2), 'a.png', 'image/png'));
    const filesBefore = storedFiles().length;
    const second = await upload(myId, form(png(5, 5), 'b.png', 'image/png'));
    expect(second.status).toBe(200);
    expect((await call(t.app, 'GET', first.body.imageLink, { token })).status).toBe(404);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('refuses a text file named x.png with 415, stores nothing and keeps the current picture', async () => {
    const [before] = await tdb.db.select({ uuid: members.uuid }).from(members).where(eq(members.id, myId));
    const filesBefore = storedFiles().length;
    const res = await upload(myId, form(Buffer.from('this is just text, not an image\n'), 'x.png', 'image/png'));
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_type');
    const [after] = await tdb.db.select({ uuid: members.uuid }).from(members).where(eq(members.id, myId));
    expect(after.uuid).toBe(before.uuid);
    expect(storedFiles().length).toBe(filesBefore);
    expect(readdirSync(path.join(t.env.uploadDir, '.tmp'))).toEqual([]);
  });

  it('refuses another member\u2019s record with 403, before reading the file', async () => {
    const other = await signIn(t.app, 'verein@example.org');
    const otherId = (await call(t.app, 'GET', '/api/v1/getUser', { token: other })).body.mg_id;
    const res = await upload(otherId, form(png(), 'them.png', 'image/png'));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    const [row] = await tdb.db.select({ uuid: members.uuid }).from(members).where(eq(members.id, otherId));
    const theirs = await call(t.app, 'GET', '/api/v1/getUser', { token: other });
    expect(theirs.body.imageLink).toBe(row.uuid ? `/api/v1/profile/image/${row.uuid}` : null);
  });

  it('lets the federation, which may edit every member, change another member\u2019s picture', async () => {
    const federation = await signIn(t.app, 'verband@example.org');
    const res = await upload(myId, form(png(), 'by-federation.png', 'image/png'), federation);
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/getUser', { token })).body.imageLink).toBe(res.body.imageLink);
  });

  it('refuses a member id that does not exist with 404', async () => {
    const federation = await signIn(t.app, 'verband@example.org');
    expect((await upload(99_999_999, form(png(), 'x.png', 'image/png'), federation)).status).toBe(404);
  });

  it('refuses a body without the file field, and one that is not multipart', async () => {
    const wrongField = await upload(myId, form(png(), 'x.png', 'image/png', 'picture'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error.code).toBe('file_missing');
    const notMultipart = await upload(myId, 'hello', token, { 'content-type': 'text/plain' });
    expect(notMultipart.status).toBe(415);
  });

  it('refuses a file over 50 MB with 413', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0);
    png().copy(big); // starts like a PNG, so only the size is wrong
    const res = await upload(myId, form(big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('too_large');
    expect(readdirSync(path.join(t.env.uploadDir, '.tmp'))).toEqual([]);
  });

  it('refuses an over-long upload without Content-Length while streaming (413)', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const boundary = 'xxBOUNDARYxx';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        sent += 1;
        if (sent > 60) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        } else controller.enqueue(chunk);
      },
    });
    const raw = await t.app.request(
      `/api/v1/profile/image/${myId}`,
      {
        method: 'POST',
        body: stream,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        duplex: 'half',
      } as RequestInit,
      { incoming: { socket: { remoteAddress: '203.0.113.1' } } } as never,
    );
    expect(raw.status).toBe(413);
    expect(sent).toBeLessThan(60); // stopped reading early
  });

  it('answers 404 for an unknown picture id and 422 for a malformed one', async () => {
    expect((await call(t.app, 'GET', '/api/v1/profile/image/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
    const res = await call(t.app, 'GET', '/api/v1/profile/image/..%2F..%2Fetc%2Fpasswd', { token });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation', field: 'id' });
  });
});
