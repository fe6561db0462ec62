/** @jest-environment node */
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { members, uploadedFiles } from '@/server/db/schema';
import { MAX_UPLOAD_BYTES } from '@/server/files/multipart-upload';
import { closeApi, openApi } from './helpers/open-api';
import { PDF, png } from './helpers/sample-files';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * One request must never stop the API, and uploads leave exactly what they say: an over-limit
 * upload without Content-Length is a 413 that keeps nothing, the connection ends cleanly after a
 * 413, exactly 50 MB is allowed, and parallel uploads of one picture leave one record and one file.
 */

const BOUNDARY = 'xxROBUSTxx';
const partHead = (name = 'file', filename = 'big.png') =>
  new TextEncoder().encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );

function form(bytes: Buffer, filename: string, type: string, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

/** A PNG padded with zeros to exactly `size` bytes: valid by content, only its size matters. */
function pngOfSize(size: number): Buffer {
  const big = Buffer.alloc(size, 0);
  png().copy(big);
  return big;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe.each(testDrivers())('upload robustness on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;
  let federation: string;
  let myId: number;

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { mitglied: token, verband: federation },
    } = await openApi(driver, ['mitglied', 'verband']));
    myId = (await call(t.app, 'GET', '/api/v1/getUser', { token })).body.mg_id;
  });
  afterAll(() => closeApi({ tdb, t }));

  const tmpFiles = () => filesUnder(path.join(t.env.uploadDir, '.tmp'));
  const upload = (memberId: number, body: FormData) => call(t.app, 'POST', `/api/v1/profile/image/${memberId}`, { token, body });

  it('answers 413 to an over-limit chunked upload whose stream is slow to cancel, with no unhandled rejection, nothing kept', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const [before] = await tdb.db.select({ uuid: members.uuid }).from(members).where(eq(members.id, myId));
      const chunk = new Uint8Array(1024 * 1024);
      let sent = 0;
      // Like a socket: cancelling takes a while, so the body pipeline settles well after the file stream failed.
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(partHead());
          sent += 1;
          controller.enqueue(chunk);
        },
        cancel: () => new Promise((resolve) => setTimeout(resolve, 200)),
      });
      const raw = await t.app.request(
        `/api/v1/profile/image/${myId}`,
        {
          method: 'POST',
          body: stream,
          headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          duplex: 'half',
        } as RequestInit,
        { incoming: { socket: { remoteAddress: '203.0.113.1' } } } as never,
      );
      expect(raw.status).toBe(413);
      expect(await raw.json()).toEqual({ error: { code: 'too_large', message: expect.any(String), value: MAX_UPLOAD_BYTES } });
      expect(raw.headers.get('connection')).toBe('close');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(rejections).toEqual([]);
      expect(tmpFiles()).toEqual([]);
      const [after] = await tdb.db.select({ uuid: members.uuid }).from(members).where(eq(members.id, myId));
      expect(after.uuid).toBe(before.uuid);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('accepts a file of exactly 50 MB and refuses 50 MB + 1 byte', async () => {
    const exact = await upload(myId, form(pngOfSize(MAX_UPLOAD_BYTES), 'exact.png', 'image/png'));
    expect(exact.status).toBe(200);
    const [row] = await tdb.db.select().from(uploadedFiles).where(eq(uploadedFiles.uuid, exact.body.uuid));
    // received whole; stored is the picture itself: what follows its end is not kept
    expect(row.size).toBe(png().length);

    const over = await upload(myId, form(pngOfSize(MAX_UPLOAD_BYTES + 1), 'over.png', 'image/png'));
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe('too_large');
    expect((await call(t.app, 'GET', '/api/v1/getUser', { token })).body.imageLink).toBe(exact.body.imageLink);
    expect(tmpFiles()).toEqual([]);
  });

  it('leaves one record and one file after 20 parallel uploads of one picture', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(myId, form(png(2 + i, 2), `p${i}.png`, 'image/png'))));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));

    const rows = await tdb.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerType, 'member_image'));
    const mine = rows.filter((r) => r.ownerId === myId);
    const [me] = await tdb.db.select({ uuid: members.uuid }).from(members).where(eq(members.id, myId));
    expect(mine.map((r) => r.uuid)).toEqual([me.uuid]);
    // Every picture file on disk belongs to a record (no orphans), and the member's file is there.
    const onDisk = filesUnder(path.join(t.env.uploadDir, 'member_image')).map((f) =>
      path.relative(t.env.uploadDir, f).split(path.sep).join('/'),
    );
    // (the demo seed's pictures live under seed/, outside the folder uploads write to)
    const uploaded = rows.filter((r) => r.storedPath.startsWith('member_image/'));
    expect(onDisk.sort()).toEqual(uploaded.map((r) => r.storedPath).sort());
    expect(tmpFiles()).toEqual([]);
  });

  it('stores one record and one file per document when 10 are uploaded in parallel', async () => {
    const orgId = 11;
    const before = await tdb.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerType, 'org_document'));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t.app, 'POST', `/api/v1/admin/org/${orgId}/documents`, {
          token: federation,
          body: form(PDF, `d${i}.pdf`, 'application/pdf', { type: 'Statuten' }),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const rows = await tdb.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerType, 'org_document'));
    expect(rows.length).toBe(before.length + 10);
    const onDisk = filesUnder(path.join(t.env.uploadDir, 'org_document')).map((f) =>
      path.relative(t.env.uploadDir, f).split(path.sep).join('/'),
    );
    expect(onDisk.sort()).toEqual(rows.map((r) => r.storedPath).sort());
  });

  describe('over a real socket', () => {
    let server: ServerType;
    let port: number;
    beforeAll(async () => {
      server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
      await new Promise((resolve) => server.once('listening', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    /** Sends `head` and then `chunks` (chunked transfer) on one connection; resolves with what came back once the server closed it. */
    function rawExchange(head: string, chunks: number): Promise<{ text: string; closedByServer: boolean }> {
      return new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let text = '';
        let sending = true;
        const timer = setTimeout(() => {
          sending = false;
          socket.destroy();
          resolve({ text, closedByServer: false });
        }, 10_000);
        socket.on('data', (d) => (text += d.toString('latin1')));
        socket.on('error', () => undefined); // writes after the server closed: expected
        socket.on('close', () => {
          sending = false;
          clearTimeout(timer);
          resolve({ text, closedByServer: true });
        });
        socket.write(head);
        const mb = Buffer.alloc(1024 * 1024, 7);
        (async () => {
          socket.write(`${partHead().length.toString(16)}\r\n`);
          socket.write(partHead());
          socket.write('\r\n');
          for (let i = 0; i < chunks && sending; i++) {
            socket.write(`${mb.length.toString(16)}\r\n`);
            socket.write(mb);
            if (!socket.write('\r\n')) await new Promise((r) => socket.once('drain', r));
          }
        })();
      });
    }

    it('after a 413 on a keep-alive connection says Connection: close and closes it; the API keeps serving', async () => {
      const head =
        `POST /api/v1/profile/image/${myId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n`;
      const { text, closedByServer } = await rawExchange(head, 80);
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(text).not.toMatch(/keep-alive/i);
      expect(closedByServer).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(tmpFiles()).toEqual([]);
    }, 30_000);

    it('closes the connection after refusing a declared Content-Length over the limit', async () => {
      const head =
        `POST /api/v1/profile/image/${myId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${MAX_UPLOAD_BYTES * 2}\r\n\r\n`;
      const result = await new Promise<{ text: string; closed: boolean }>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let text = '';
        const timer = setTimeout(() => {
          socket.destroy();
          resolve({ text, closed: false });
        }, 5_000);
        socket.on('data', (d) => (text += d.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve({ text, closed: true });
        });
        socket.write(head);
        socket.write(Buffer.alloc(64 * 1024, 1));
      });
      expect(result.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(result.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(result.closed).toBe(true);
    }, 30_000);
  });
});
