/** @jest-environment node */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { organisations, uploadedFiles } from '@/server/db/schema';
import { closeApi, openApi } from './helpers/open-api';
import { DOCX, PDF, PLAIN_ZIP, png, XLSX } from './helpers/sample-files';
import { answerOf, call, type TestApp, uploadAnswer } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';
import { form, getOrg } from './organisations-fixtures';
import { uploadDocumentDoc } from '@/server/api/organisation-files/routes';
import { rfc3339 } from '@/server/services/timestamps';

/** Organisation image, documents (upload, list, download, delete) and GET uploads?file=. */

const MB = 1024 * 1024;

describe.each(testDrivers())('organisation files on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let fed: string;
  let club: string;
  let state: string;

  /** Every stored file under the upload root (temp files excluded). */
  const storedFiles = (): string[] => {
    const root = t.env.uploadDir;
    if (!existsSync(root)) return [];
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
      .filter((p) => !p.startsWith('.tmp'));
  };
  const tmpFiles = () => {
    const dir = path.join(t.env.uploadDir, '.tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const documentRows = async () =>
    (
      await tdb.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.ownerType, 'org_document'))
    )[0].n;

  const uploadDocument = (token: string, orgId: number, acting: number, body: FormData, query = '') =>
    call(t.app, 'POST', `/api/v1/admin/org/${orgId}/documents?actingOrgId=${acting}${query}`, { token, body });

  /** Asserts the refused upload left neither a row, nor a stored file, nor a temp file behind. */
  async function expectNothingStored(before: { rows: number; files: string[] }) {
    expect(await documentRows()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
    expect(tmpFiles()).toEqual([]);
  }
  const snapshot = async () => ({ rows: await documentRows(), files: storedFiles() });

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { verband: fed, verein: club, land: state },
    } = await openApi(driver, ['verband', 'verein', 'land']));
  });

  afterAll(() => closeApi({ tdb, t }));

  describe('documents', () => {
    let statuten: ReturnType<typeof uploadAnswer<typeof uploadDocumentDoc, 201>>;

    it('a club uploads a PDF; it is listed and downloads with type, length and the original name', async () => {
      const before = await answerOf(getOrg(t, club, 11, 11), 200);
      const res = await uploadDocument(club, 11, 11, form(PDF, 'Statuten 2026 – Vereinsgründung.pdf', { type: 'Statuten' }));
      statuten = uploadAnswer(res, uploadDocumentDoc, 201);
      expect(statuten).toMatchObject({
        name: 'Statuten 2026 – Vereinsgründung.pdf',
        type: 'Statuten',
        mime: 'application/pdf',
        size: PDF.length,
      });
      expect(statuten.url).toMatch(/^\/api\/v1\/uploads\?file=org_document%2F\d{4}%2F\d{2}%2F[0-9a-f-]{36}\.pdf$/);

      const org = await answerOf(getOrg(t, club, 11, 11), 200);
      expect(org.params.files).toEqual([statuten]);
      // Documents do not make an open form stale.
      expect(org.updatedAt).toBe(before.updatedAt);

      const download = await call(t.app, 'GET', statuten.url, { token: club });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-length')).toBe(String(PDF.length));
      const disposition = download.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^attachment; filename="Statuten 2026 _ Vereinsgr_ndung\.pdf"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe('Statuten 2026 – Vereinsgründung.pdf');
      expect(Buffer.from(await download.raw.arrayBuffer()).equals(PDF)).toBe(true);
    });

    it('accepts DOCX and XLSX, recognised from the zip content; the type may come in the query', async () => {
      const docx = await uploadDocument(club, 11, 11, form(DOCX, 'zvr.docx', { type: 'ZVR-Auszug' }));
      expect(docx.status).toBe(201);
      expect(docx.body.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const xlsx = await uploadDocument(club, 11, 11, form(XLSX, 'gruendung.xlsx'), '&type=Vereinsgr%C3%BCndung');
      expect(xlsx.status).toBe(201);
      expect(xlsx.body).toMatchObject({
        type: 'Vereinsgründung',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      const download = await call(t.app, 'GET', xlsx.body.url, { token: club });
      expect(download.headers.get('content-length')).toBe(String(XLSX.length));
    });

    it.each([
      ['a text file named .pdf', Buffer.from('just some text, not a PDF\n'), 'statuten.pdf'],
      ['a plain zip named .docx', PLAIN_ZIP, 'statuten.docx'],
      ['a PNG named .pdf', png(), 'statuten.pdf'],
    ])('refuses %s with 415, storing nothing', async (_label, bytes, name) => {
      const before = await snapshot();
      const res = await uploadDocument(club, 11, 11, form(bytes, name, { type: 'Statuten' }, 'application/pdf'));
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('unsupported_type');
      await expectNothingStored(before);
    });

    it('refuses an unknown or missing document type with 422', async () => {
      const before = await snapshot();
      const wrong = await uploadDocument(club, 11, 11, form(PDF, 'x.pdf', { type: 'Rechnung' }));
      expect(wrong.status).toBe(422);
      expect(wrong.body.error).toMatchObject({ code: 'validation', field: 'type' });
      const missing = await uploadDocument(club, 11, 11, form(PDF, 'x.pdf'));
      expect(missing.status).toBe(422);
      await expectNothingStored(before);
    });

    it.each(['../../../etc/passwd.pdf', '..\\..\\evil.pdf', 'sub/dir.pdf', '..'])('refuses the file name %p with 400', async (name) => {
      const before = await snapshot();
      const res = await uploadDocument(club, 11, 11, form(PDF, name, { type: 'Statuten' }));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'bad_path', field: 'file' });
      await expectNothingStored(before);
      expect(existsSync(path.resolve(t.env.uploadDir, '../../../etc/passwd.pdf'))).toBe(false);
    });

    it('refuses a file over 50 MB with 413 while streaming (no Content-Length), storing nothing', async () => {
      const before = await snapshot();
      const boundary = '----org-documents-test';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nStatuten\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      // One 1 MB chunk, sent 51 times: the test never holds the whole body.
      const chunk = new Uint8Array(MB).fill(0x20);
      let sent = -1;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === -1) controller.enqueue(new Uint8Array(head));
          else if (sent < 51) controller.enqueue(chunk);
          else {
            controller.enqueue(new Uint8Array(tail));
            controller.close();
          }
          sent += 1;
        },
      });
      const raw = await t.app.request(
        '/api/v1/admin/org/11/documents?actingOrgId=11',
        {
          method: 'POST',
          headers: { authorization: `Bearer ${club}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
          duplex: 'half',
        } as RequestInit,
        { incoming: { socket: { remoteAddress: '203.0.113.10' } } } as never,
      );
      expect(raw.status).toBe(413);
      expect((await raw.json()).error.code).toBe('too_large');
      await expectNothingStored(before);
    });

    it('refuses an announced oversized body before reading it', async () => {
      const res = await call(t.app, 'POST', '/api/v1/admin/org/11/documents?actingOrgId=11', {
        token: club,
        body: 'x',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * MB) },
      });
      expect(res.status).toBe(413);
    });

    it("may not upload to, or delete from, another club's documents; a state association only reads", async () => {
      const before = await snapshot();
      const other = await uploadDocument(club, 12, 11, form(PDF, 'x.pdf', { type: 'Statuten' }));
      expect(other.status).toBe(403);
      const byState = await uploadDocument(state, 11, 4, form(PDF, 'x.pdf', { type: 'Statuten' }));
      expect(byState.status).toBe(403);
      await expectNothingStored(before);

      const del = await call(t.app, 'DELETE', `/api/v1/admin/org/11/documents/${statuten.uuid}?actingOrgId=4`, { token: state });
      expect(del.status).toBe(403);
      // The state association may download its club's document.
      const read = await call(t.app, 'GET', `${statuten.url}&actingOrgId=4`, { token: state });
      expect(read.status).toBe(200);
    });

    it('another club may not download the document', async () => {
      const fedDoc = await uploadDocument(fed, 12, 1, form(PDF, 'stp.pdf', { type: 'Statuten' }));
      expect(fedDoc.status).toBe(201);
      const res = await call(t.app, 'GET', fedDoc.body.url, { token: club });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect((await call(t.app, 'GET', fedDoc.body.url, { token: fed })).status).toBe(200);
    });

    it.each([
      '../../../../etc/passwd',
      '/etc/passwd',
      'org_document/../../secret.pdf',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '..%2F..%2Fetc%2Fpasswd',
      'org_document\\2026\\01\\x.pdf',
      'C:\\Windows\\win.ini',
      '',
    ])('GET uploads?file=%p → 400 bad_path', async (key) => {
      const res = await call(t.app, 'GET', `/api/v1/uploads?file=${encodeURIComponent(key)}`, { token: club });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_path');
    });

    it('GET uploads: a raw (unencoded) ../ path and a missing file parameter are refused too', async () => {
      expect((await call(t.app, 'GET', '/api/v1/uploads?file=../../etc/passwd', { token: club })).status).toBe(400);
      expect((await call(t.app, 'GET', '/api/v1/uploads', { token: club })).status).toBe(400);
      expect((await call(t.app, 'GET', statuten.url, {})).status).toBe(401);
    });

    it('GET uploads: a well-formed key that was never stored → 404', async () => {
      const res = await call(
        t.app,
        'GET',
        `/api/v1/uploads?file=${encodeURIComponent('org_document/2026/01/0b5c2f7e-1111-4222-8333-444455556666.pdf')}`,
        {
          token: club,
        },
      );
      expect(res.status).toBe(404);
    });

    it('the club deletes its document: gone from the list, the disk and the download', async () => {
      const [row] = await tdb.db
        .select()
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.uuid, statuten.uuid)));
      const file = path.join(t.env.uploadDir, row.storedPath);
      expect(existsSync(file)).toBe(true);
      const res = await call(t.app, 'DELETE', `/api/v1/admin/org/11/documents/${statuten.uuid}?actingOrgId=11`, { token: club });
      expect(res.status).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect((await answerOf(getOrg(t, club, 11, 11), 200)).params.files.map((f) => f.uuid)).not.toContain(statuten.uuid);
      expect((await call(t.app, 'GET', statuten.url, { token: club })).status).toBe(404);
      expect((await call(t.app, 'DELETE', `/api/v1/admin/org/11/documents/${statuten.uuid}?actingOrgId=11`, { token: club })).status).toBe(
        404,
      );
    });
  });

  describe('organisation image', () => {
    it('a club uploads a PNG for its organisation; it is served with type and length', async () => {
      const before = (await tdb.db.select().from(organisations).where(eq(organisations.id, 11)))[0];
      const image = png(3, 2);
      const res = await call(t.app, 'POST', '/api/v1/org/image/11?actingOrgId=11', {
        token: club,
        body: form(image, 'logo.png', {}, 'image/png'),
      });
      expect(res.status).toBe(200);
      expect(res.body.imageLink).toBe(`/api/v1/org/image/${res.body.uuid}`);
      const org = await answerOf(getOrg(t, club, 11, 11), 200);
      expect(org.uuid).toBe(res.body.uuid);
      expect(org.updatedAt).toBe(rfc3339(before.updatedAt));

      const served = await call(t.app, 'GET', res.body.imageLink, { token: state });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('content-length')).toBe(String(image.length));

      // A second upload replaces the first, whose file is removed.
      const second = await call(t.app, 'POST', '/api/v1/org/image/11?actingOrgId=11', { token: club, body: form(png(1, 1), 'logo2.png') });
      expect(second.status).toBe(200);
      expect((await call(t.app, 'GET', res.body.imageLink, { token: club })).status).toBe(404);
    });

    it('refuses a non-image and another club', async () => {
      const before = storedFiles();
      const text = await call(t.app, 'POST', '/api/v1/org/image/11?actingOrgId=11', {
        token: club,
        body: form(Buffer.from('GIF? no'), 'logo.png'),
      });
      expect(text.status).toBe(415);
      const pdf = await call(t.app, 'POST', '/api/v1/org/image/11?actingOrgId=11', { token: club, body: form(PDF, 'logo.jpg') });
      expect(pdf.status).toBe(415);
      const other = await call(t.app, 'POST', '/api/v1/org/image/12?actingOrgId=11', { token: club, body: form(png(), 'logo.png') });
      expect(other.status).toBe(403);
      expect(storedFiles()).toEqual(before);
      expect(
        (await call(t.app, 'POST', '/api/v1/org/image/99999?actingOrgId=1', { token: fed, body: form(png(), 'logo.png') })).status,
      ).toBe(404);
    });
  });
});
