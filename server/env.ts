import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { eurosToCents } from '../lib/domain/orders/money';
import { readOrCreateOnce } from './files/created-once';

/**
 * The API's configuration, read once at start from the environment and validated, so a bad
 * value stops the process with a message naming the variable instead of failing later.
 * Tests call `loadEnv({...})` with their own values.
 */

const LOOPBACK = '127.0.0.1,::1,::ffff:127.0.0.1';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

/**
 * Ports that fetch() (browsers and Node's undici) refuses to connect to ("bad ports" of the Fetch
 * standard): a service on one of them would start and then be unreachable for the admin app.
 */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

const portNumber = z.coerce
  .number({ message: 'expected a port number' })
  .int('expected a whole number')
  .min(1, 'expected a port number between 1 and 65535')
  .max(65535, 'expected a port number between 1 and 65535')
  .refine((p) => !FETCH_BLOCKED_PORTS.has(p), 'this port is blocked by browsers and fetch() (a "bad port"); choose another');

/** "8h", "30m", "45s", "2d" or a plain number of seconds. */
const DURATION = /^(\d+)\s*([smhd]?)$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

const rawSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test'], { message: 'expected development, production or test' }).default('development'),
  ),
  API_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  API_PORT: z.preprocess(emptyToUndefined, portNumber.default(4000)),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// connection URL')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters long (e.g. `openssl rand -base64 48`)').optional(),
  ),
  JWT_TTL: z.preprocess(emptyToUndefined, z.string().regex(DURATION, 'expected a duration such as 8h, 30m, 3600s or 1d').default('8h')),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.preprocess(emptyToUndefined, portNumber.optional()),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_SECURE: booleanFlag,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Bogensportverband <noreply@example.org>')),
  MAIL_REPLY_TO: optionalString,
  ADMIN_PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: 'expected an http(s) URL such as http://localhost:3000/admin' }).optional(),
  ),
  /** Port of the admin app; only used for the default ADMIN_PUBLIC_URL. */
  PORT: z.preprocess(emptyToUndefined, portNumber.default(3000)),
  UPLOAD_DIR: optionalString,
  TRUSTED_PROXY_IPS: z.preprocess(emptyToUndefined, z.string().default(LOOPBACK)),
  BANK_ACCOUNT_NAME: z.preprocess(emptyToUndefined, z.string().max(70).default('Österreichischer Bogensportverband')),
  BANK_IBAN: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
    z
      .string()
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'expected an IBAN such as AT61 1904 3002 3457 3201')
      .default('AT611904300234573201'),
  ),
  BANK_BIC: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'expected a BIC such as BKAUATWW')
      .default('BKAUATWW'),
  ),
  PUSH_ALLOWED_HOSTS: z.preprocess(emptyToUndefined, z.string().default('')),
  OUTBOX_LEASE: z.preprocess(emptyToUndefined, z.string().regex(DURATION, 'expected a duration such as 2m or 90s').default('2m')),
  MESSAGE_BATCH: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1_000)),
  TWO_FACTOR_REQUIRED_LEVELS: z
    .string()
    .regex(/^\s*([123](\s*,\s*[123])*)?\s*$/, 'expected organisation levels separated by commas, e.g. 1,2 (or empty for none)')
    .optional(),
  RETENTION_FORMER_MEMBER_YEARS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(10)),
  ORDER_BASE_AMOUNT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, 'expected euros with at most two decimals, e.g. 149 or 149.50')
      .default('149'),
  ),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  apiHost: string;
  apiPort: number;
  /** PostgreSQL connection; absent → embedded PGlite under `pgliteDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** PGlite data folder, or `memory://` for a throwaway in-memory database. */
  pgliteDir: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  smtp?: { host: string; port: number; secure: boolean; user?: string; password?: string };
  mailFrom: string;
  /** Reply-to addresses offered to the admin app (getUser.sysconfig.EMAIL_REPLY_TO). */
  mailReplyTo: { title: string; value: string }[];
  /** Where `.eml` files go when no SMTP server is configured. */
  mailDir: string;
  adminPublicUrl: string;
  uploadDir: string;
  /** Socket addresses whose X-Forwarded-For is believed (the admin BFF). */
  trustedProxyIps: string[];
  /** Base amount added to every licence order, in cents (ORDER_BASE_AMOUNT in euros, default 149). */
  orderBaseCents: number;
  /** The federation's account that invoices name (BANK_ACCOUNT_NAME, BANK_IBAN, BANK_BIC). */
  bank: { name: string; iban: string; bic: string };
  /** Where the licence cards' Ed25519 signing key is kept (generated on first use). */
  licenceKeyFile: string;
  /** Where the Web Push VAPID key pair is kept (generated on first use). */
  vapidKeyFile: string;
  /**
   * Push endpoints are accepted only at the known push services (https); PUSH_ALLOWED_HOSTS adds
   * host:port pairs (comma-separated) that are accepted too, over http as well (a test's push server).
   */
  pushAllowedHosts: string[];
  /**
   * How long the outbox worker's claim of a delivery holds (OUTBOX_LEASE, default 2m): after a
   * crash, the deliveries in hand are taken again once it has run out. Longer than the slowest
   * single delivery (SMTP gives up after 30 s of silence, push after 15 s).
   */
  outboxLeaseMs: number;
  /**
   * Recipients of a message written per batch (MESSAGE_BATCH, default 1000): a message to at most
   * this many is written inside its request; a bigger one by the preparation job, batch by batch.
   */
  messageBatch: number;
  /**
   * Organisation levels (1 federation, 2 state association, 3 club) whose function holders must
   * sign in with a second factor (TWO_FACTOR_REQUIRED_LEVELS; default 1,2 on PostgreSQL, none on
   * the embedded database).
   */
  twoFactorRequiredLevels: number[];
  /**
   * Former members are anonymised this many years after their last function ended
   * (RETENTION_FORMER_MEMBER_YEARS, default 10), by the nightly retention job.
   */
  retentionFormerMemberYears: number;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

type Source = Record<string, string | undefined>;

export function loadEnv(source: Source = process.env): Env {
  const parsed = rawSchema.safeParse(source);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '');
        const given = source[name];
        const secret = name.includes('SECRET') || name.includes('PASSWORD');
        const shown = given === undefined ? '' : ` (got ${JSON.stringify(secret ? '***' : given)})`;
        return `${name}: ${issue.message}${shown}`;
      });
  // Checked outside the schema so it is reported together with any other bad value.
  if (source.NODE_ENV === 'production' && !source.JWT_SECRET?.trim()) {
    problems.push('JWT_SECRET: is required when NODE_ENV=production (at least 32 random characters)');
  }
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR);
  const [, amount, unit] = DURATION.exec(v.JWT_TTL)!;
  const jwtTtlSeconds = Number(amount) * UNIT_SECONDS[unit];
  if (jwtTtlSeconds <= 0) throw new EnvError([`JWT_TTL: must be longer than 0 (got "${v.JWT_TTL}")`]);
  const [, leaseAmount, leaseUnit] = DURATION.exec(v.OUTBOX_LEASE)!;
  const outboxLeaseMs = Number(leaseAmount) * UNIT_SECONDS[leaseUnit] * 1000;
  if (outboxLeaseMs <= 0) throw new EnvError([`OUTBOX_LEASE: must be longer than 0 (got "${v.OUTBOX_LEASE}")`]);

  const smtp = v.SMTP_HOST
    ? {
        host: v.SMTP_HOST,
        secure: v.SMTP_SECURE,
        port: v.SMTP_PORT ?? (v.SMTP_SECURE ? 465 : 587),
        user: v.SMTP_USER,
        password: v.SMTP_PASSWORD,
      }
    : undefined;

  return {
    nodeEnv: v.NODE_ENV,
    isProduction: v.NODE_ENV === 'production',
    apiHost: v.API_HOST,
    apiPort: v.API_PORT,
    databaseUrl: v.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    jwtSecret: v.JWT_SECRET ?? developmentSecret(dataDir),
    jwtTtlSeconds,
    smtp,
    mailFrom: v.MAIL_FROM,
    mailReplyTo: parseReplyTo(v.MAIL_REPLY_TO, v.MAIL_FROM),
    mailDir: path.join(dataDir, 'mail'),
    adminPublicUrl: (v.ADMIN_PUBLIC_URL ?? `http://localhost:${v.PORT}/admin`).replace(/\/+$/, ''),
    uploadDir: path.resolve(v.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    trustedProxyIps: v.TRUSTED_PROXY_IPS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    orderBaseCents: eurosToCents(v.ORDER_BASE_AMOUNT)!,
    bank: { name: v.BANK_ACCOUNT_NAME, iban: v.BANK_IBAN, bic: v.BANK_BIC },
    licenceKeyFile: path.join(dataDir, 'licence-signing-key.pem'),
    vapidKeyFile: path.join(dataDir, 'vapid-keys.json'),
    outboxLeaseMs,
    messageBatch: v.MESSAGE_BATCH,
    twoFactorRequiredLevels: [
      ...new Set(
        (v.TWO_FACTOR_REQUIRED_LEVELS ?? (v.DATABASE_URL ? '1,2' : ''))
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number),
      ),
    ].sort((a, b) => a - b),
    retentionFormerMemberYears: v.RETENTION_FORMER_MEMBER_YEARS,
    pushAllowedHosts: v.PUSH_ALLOWED_HOSTS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  };
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR/jwt-secret,
 * so tokens survive a restart without the newcomer configuring anything.
 */
function developmentSecret(dataDir: string): string {
  // the same for every process sharing the data folder, so a token from one is accepted by all
  const text = readOrCreateOnce(
    path.join(dataDir, 'jwt-secret'),
    () => `${randomBytes(48).toString('base64url')}\n`,
    (kept) => kept.trim().length >= 32,
  );
  return text.trim();
}

/**
 * MAIL_REPLY_TO: "Title <address>; Title 2 <address2>" (or bare addresses).
 * Without it the sender address is the only reply-to offered.
 */
function parseReplyTo(value: string | undefined, mailFrom: string): { title: string; value: string }[] {
  const entries = (value ?? mailFrom)
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const m = /^(.*?)\s*<([^>]+)>$/.exec(entry);
    if (m) return { title: m[1].replace(/^"|"$/g, '') || m[2], value: m[2] };
    return { title: entry, value: entry };
  });
}
