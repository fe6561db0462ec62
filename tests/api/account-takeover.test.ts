/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import { functionAssignments, members } from '@/server/db/schema';
import { createMailer } from '@/server/mail/mailer';
import { callsWith } from './helpers/open-api';
import { decodeHeader, parseMessage, plainText } from './helpers/mime';
import { png } from './helpers/sample-files';
import { startSmtpSink } from './helpers/smtp-sink';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * The account takeover found by probing: a club trainer connected the federation administrator
 * to the club by bare id, changed the e-mail of the now "own" member and requested a password
 * reset to it. Closed by three rules, each proven here from both sides:
 * - connecting an existing person needs the proof the duplicate check gave for the name and birth
 *   date the caller entered (or the caller may already edit the person);
 * - nobody changes the record of a person who holds functions above them (403 outranked);
 * - a changed login e-mail sends a notice to the old address (real SMTP).
 */

const FEDERATION_ADMIN = { id: 1, email: 'verband@example.org', firstName: 'Elisabeth', surname: 'Wallner', birthDate: '1971-09-14' };
const CLUB_ADMIN = { id: 2, email: 'verein@example.org' };
const TRAINER = { id: 4, email: 'trainer@example.org', firstName: 'Thomas', surname: 'Huber', birthDate: '1985-07-30' };

type Candidate = { id: number; proof: string | null; birthDate: string | null; reasons: string[] };

describe.each(testDrivers())('no account takeover on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailer: ReturnType<typeof createMailer>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    smtp = await startSmtpSink();
    t = createTestApp(tdb.db, {
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', MAIL_FROM: 'Verband <noreply@verband.test>' },
      mailer: (env) => {
        mailer = createMailer(env, () => undefined);
        return mailer;
      },
    });
    for (const who of ['verband', 'verein', 'land', 'trainer']) tokens[who] = await signIn(t.app, `${who}@example.org`);
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    t?.cleanup();
    await tdb?.close();
  });

  const as = (who: string) => callsWith(t, tokens[who]);
  const emailOf = async (id: number) => (await tdb.db.select({ email: members.email }).from(members).where(eq(members.id, id)))[0].email;
  const membershipsIn = async (memberId: number, orgId: number) =>
    tdb.db
      .select({ id: functionAssignments.id })
      .from(functionAssignments)
      .where(and(eq(functionAssignments.memberId, memberId), eq(functionAssignments.orgId, orgId), eq(functionAssignments.roleId, 32)));
  const duplicates = async (who: string, person: { firstName: string; surname: string; birthDate: string; email?: string }) => {
    const res = await as(who).put('/api/v1/admin/member/duplicates', person);
    expect(res.status).toBe(200);
    return res.body.candidates as Candidate[];
  };
  const proofFor = async (who: string, person: { id: number; firstName: string; surname: string; birthDate: string }) => {
    const { firstName, surname, birthDate } = person;
    const found = (await duplicates(who, { firstName, surname, birthDate })).find((c) => c.id === person.id);
    expect(found?.proof).toEqual(expect.any(String));
    return found!.proof!;
  };
  const connect = (who: string, body: Record<string, unknown>) => as(who).post('/api/v1/admin/member/membership', body);

  /** The update body a screen sends: the record as read, with `over` changed. */
  async function edit(who: string, actingOrg: number, memberId: number, over: Record<string, unknown>) {
    const read = await as('verband').get(`/api/v1/admin/member/1/${memberId}`);
    const m = read.body;
    const body = {
      id: m.id,
      updatedAt: m.updatedAt,
      orgId: actingOrg,
      firstName: m.firstName,
      middleName: m.middleName,
      surname: m.surname,
      birthDate: m.birthDate,
      gender: m.gender,
      nationality: m.nationality,
      country: m.country,
      street: m.street,
      houseNumber: m.houseNumber,
      doorNumber: m.doorNumber,
      zip: m.zip,
      city: m.city,
      phoneMobile: m.phoneMobile,
      email: m.email,
      regNr: m.regNr,
      ...over,
    };
    return as(who).put('/api/v1/admin/member', body);
  }

  describe('the takeover chain of the issue', () => {
    it('refuses the trainer connecting the federation administrator by bare id, and writes nothing', async () => {
      const res = await connect('trainer', { orgId: 11, memberId: FEDERATION_ADMIN.id });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'proof_required', field: 'proof' });
      expect(await membershipsIn(FEDERATION_ADMIN.id, 11)).toEqual([]);
    });

    it('gives no proof and no birth date for a match by e-mail alone', async () => {
      const [candidate] = await duplicates('trainer', {
        firstName: 'Irgend',
        surname: 'Wer',
        birthDate: '1990-01-01',
        email: FEDERATION_ADMIN.email,
      });
      expect(candidate).toMatchObject({ id: FEDERATION_ADMIN.id, reasons: ['same_email'], proof: null, birthDate: null });
    });

    it('even connected with a valid proof, the trainer cannot change the federation administrator’s e-mail', async () => {
      const proof = await proofFor('trainer', FEDERATION_ADMIN);
      expect((await connect('trainer', { orgId: 11, memberId: FEDERATION_ADMIN.id, proof })).status).toBe(201);
      const read = await as('trainer').get(`/api/v1/admin/member/11/${FEDERATION_ADMIN.id}`);
      expect(read.status).toBe(200);
      expect(read.body.access).toMatchObject({ canEdit: false, outranked: true });

      const before = smtp.messages.length;
      const res = await edit('trainer', 11, FEDERATION_ADMIN.id, { email: 'attacker@example.net' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('outranked');
      expect(await emailOf(FEDERATION_ADMIN.id)).toBe(FEDERATION_ADMIN.email);
      // any other personal data neither
      expect((await edit('trainer', 11, FEDERATION_ADMIN.id, { city: 'Anderswo' })).body.error.code).toBe('outranked');
      // the reset to the attacker's address finds no account
      expect((await call(t.app, 'PUT', '/api/v1/auth/request_password/attacker%40example.net')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.messages.slice(before).filter((m) => m.to.includes('attacker@example.net'))).toEqual([]);
    });

    it('refuses the trainer changing the club administrator’s e-mail, picture and data (403), and shows it read-only', async () => {
      const read = await as('trainer').get(`/api/v1/admin/member/11/${CLUB_ADMIN.id}`);
      expect(read.body.access).toMatchObject({ canEdit: false, outranked: true });
      const res = await edit('trainer', 11, CLUB_ADMIN.id, { email: 'attacker@example.net' });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'outranked', message: expect.any(String) });
      expect(await emailOf(CLUB_ADMIN.id)).toBe(CLUB_ADMIN.email);

      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'x.png');
      const upload = await call(t.app, 'POST', `/api/v1/profile/image/${CLUB_ADMIN.id}`, { token: tokens.trainer, body: form });
      expect(upload.status).toBe(403);
      const [row] = await tdb.db.select({ uuid: members.uuid }).from(members).where(eq(members.id, CLUB_ADMIN.id));
      expect(row.uuid).toBeNull();
    });

    it('the trainer still edits a plain member of the club', async () => {
      const res = await edit('trainer', 11, 5, { city: 'Baden' });
      expect(res.status).toBe(200);
      expect(res.body.city).toBe('Baden');
    });
  });

  describe('who may change a login e-mail', () => {
    it('lets the club administrator change the trainer’s e-mail; the old address gets a notice, German first', async () => {
      expect((await as('verein').get(`/api/v1/admin/member/11/${TRAINER.id}`)).body.access).toMatchObject({
        canEdit: true,
        outranked: false,
      });
      const before = smtp.messages.length;
      const res = await edit('verein', 11, TRAINER.id, { email: 'thomas.huber@example.net' });
      expect(res.status).toBe(200);
      expect(await emailOf(TRAINER.id)).toBe('thomas.huber@example.net');

      const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
      expect(mail.to).toEqual([TRAINER.email]);
      const parsed = parseMessage(mail.raw);
      expect(decodeHeader(parsed.headers.subject)).toBe(
        'E-Mail-Adresse Ihres Kontos geändert / The e-mail address of your account was changed',
      );
      const text = plainText(mail.raw);
      expect(text).toContain('Hallo Thomas Huber,');
      expect(text).toContain(
        'Markus Gruber hat die E-Mail-Adresse Ihres Kontos von trainer@example.org auf thomas.huber@example.net geändert.',
      );
      expect(text.indexOf('Hallo')).toBeLessThan(text.indexOf('Hello'));
      // signing in now takes the new address
      expect(
        (
          await call(t.app, 'POST', '/api/v1/auth/login', {
            json: { email: 'thomas.huber@example.net', password: 'Bogen2026!' },
            ip: '203.0.113.90',
          })
        ).status,
      ).toBe(200);
    });

    it('sends no notice when the e-mail stays the same (other fields or only its case changed)', async () => {
      const before = smtp.messages.length;
      expect((await edit('verein', 11, TRAINER.id, { email: 'Thomas.Huber@Example.NET', city: 'Mödling' })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.messages.length).toBe(before);
    });

    it('refuses the club administrator changing a state association officer or the federation administrator', async () => {
      // land@ holds forms in state association 4 and is a member of club 12; make them a member of club 11 too
      expect((await connect('verband', { orgId: 11, memberId: 3 })).status).toBe(201);
      expect((await edit('verein', 11, 3, { email: 'x@example.net' })).body.error.code).toBe('outranked');
      expect((await edit('verein', 11, FEDERATION_ADMIN.id, { email: 'x@example.net' })).body.error.code).toBe('outranked');
      expect(await emailOf(3)).toBe('land@example.org');
    });

    it('lets the federation change anyone, the club administrator included; the notice reaches the old address', async () => {
      const before = smtp.messages.length;
      const res = await edit('verband', 1, CLUB_ADMIN.id, { email: 'markus.gruber@example.net' });
      expect(res.status).toBe(200);
      const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
      expect(mail.to).toEqual([CLUB_ADMIN.email]);
      expect(plainText(mail.raw)).toContain(
        'Elisabeth Wallner hat die E-Mail-Adresse Ihres Kontos von verein@example.org auf markus.gruber@example.net geändert.',
      );
      expect((await edit('verband', 1, 3, { city: 'Tulln' })).status).toBe(200);
    });

    it('tells the old address when the e-mail is removed', async () => {
      const before = smtp.messages.length;
      expect((await edit('verband', 1, 5, { email: null })).status).toBe(200);
      const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
      expect(mail.to).toEqual(['mitglied@example.org']);
      expect(plainText(mail.raw)).toContain('hat die E-Mail-Adresse mitglied@example.org aus Ihrem Konto entfernt');
    });
  });

  describe('the proof of the duplicate check', () => {
    // A person of another club whom club 11 finds by name and birth date.
    let person: { id: number; firstName: string; surname: string; birthDate: string };

    beforeAll(async () => {
      const created = await as('verband').post('/api/v1/admin/member', {
        orgId: 12,
        firstName: 'Valentina',
        surname: 'Kogler',
        birthDate: '1994-02-11',
        gender: 'w',
      });
      expect(created.status).toBe(201);
      person = { id: created.body.id, firstName: 'Valentina', surname: 'Kogler', birthDate: '1994-02-11' };
      expect((await connect('verband', { orgId: 12, memberId: person.id })).status).toBe(409); // already there
    });

    it.each([
      ['missing', () => Promise.resolve(undefined), 'proof_required'],
      ['garbage', () => Promise.resolve('not-a-proof'), 'invalid_proof'],
      ['a sign-in token', () => Promise.resolve(tokens.trainer), 'invalid_proof'],
    ])('refuses a connect with the proof %s', async (_label, proof, code) => {
      const res = await connect('trainer', { orgId: 11, memberId: person.id, proof: await proof() });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe(code);
      expect(await membershipsIn(person.id, 11)).toEqual([]);
    });

    it('refuses a proof given for another member', async () => {
      const proof = await proofFor('trainer', FEDERATION_ADMIN);
      const res = await connect('trainer', { orgId: 11, memberId: person.id, proof });
      expect(res.body.error.code).toBe('invalid_proof');
      expect(await membershipsIn(person.id, 11)).toEqual([]);
    });

    it('refuses a proof given to another caller', async () => {
      const proof = await proofFor('verband', person);
      const res = await connect('trainer', { orgId: 11, memberId: person.id, proof });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('invalid_proof');
      expect(await membershipsIn(person.id, 11)).toEqual([]);
    });

    it('refuses an expired proof (after 15 minutes)', async () => {
      const proof = await proofFor('trainer', person);
      t.clock.advance(15 * 60_000 + 1000);
      try {
        const res = await connect('trainer', { orgId: 11, memberId: person.id, proof });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('invalid_proof');
      } finally {
        t.clock.advance(-(15 * 60_000 + 1000));
      }
      expect(await membershipsIn(person.id, 11)).toEqual([]);
    });

    it('is not a sign-in token', async () => {
      const proof = await proofFor('trainer', person);
      expect((await call(t.app, 'GET', '/api/v1/getUser', { token: proof })).status).toBe(401);
    });

    it('connects with a fresh proof for this person and caller (membership from today)', async () => {
      // a typo lists the person, but identifies nobody: no proof
      const near = (
        await duplicates('trainer', { firstName: person.firstName, surname: `${person.surname}x`, birthDate: person.birthDate })
      ).find((c) => c.id === person.id);
      expect(near?.proof ?? null).toBeNull();
      const proof = await proofFor('trainer', person);
      const res = await connect('trainer', { orgId: 11, memberId: person.id, proof });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orgId: 11, memberId: person.id, roleId: 32, dateTo: '2999-12-31' });
      expect(await membershipsIn(person.id, 11)).toHaveLength(1);
      expect((await as('trainer').get(`/api/v1/admin/member/11/${person.id}`)).body.access).toMatchObject({
        canEdit: true,
        outranked: false,
      });
    });

    it('lets the federation connect a person it may edit without a proof', async () => {
      const res = await connect('verband', { orgId: 13, memberId: person.id });
      expect(res.status).toBe(201);
    });
  });
});
