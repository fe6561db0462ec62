import { createHash } from 'node:crypto';
import { maySetLicenceNumber } from '@/lib/domain/licence-numbers';
import {
  candidateBirthDates,
  dryRunMisses,
  foldName,
  identifiesPerson,
  limitNameKey,
  matchDuplicate,
  type DryRunCheck,
  type DuplicateReason,
} from '@/lib/domain/member-duplicates';
import {
  countVerdicts,
  headerKey,
  IMPORT_FIELDS,
  mapColumns,
  MAX_BIRTH_DATES_PER_NAME,
  type ImportColumn,
  type ImportCounts,
  type ImportField,
  type ImportVerdict,
} from '@/lib/domain/member-import';
import type { OrgRef } from '@/lib/domain/member-permissions';
import { connectionGround, type ConnectionGround } from '@/lib/domain/reach';
import { memberInputSchema, withBirthDateRule, type MemberData } from '@/lib/schemas/members';
import type { Db } from '../../db/client';
import { countries } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import type { Caller } from '../access';
import { isAboveCaller } from '../member-access';
import { reachFactsOf } from '../reach';
import type { ReadSheet } from './sheet-rows';
import { message, readRow, type FieldError, type Lang } from './plan-row-input';
import { activeIn, candidatesOf, storedNames, type Stored } from './plan-candidates';

/**
 * The dry run of a member import: one verdict per row, decided the same way the member screen
 * decides one person.
 *
 * - Every row is validated with the member schema the API's create uses (lib/schemas/members.ts,
 *   with the birth-date rule), and refused with every field error, in the caller's language.
 * - The duplicate rules (lib/domain/member-duplicates.ts) compare it with the persons sharing its
 *   birth date (or the day/month-swapped one) or its e-mail. A row whose name and full birth date
 *   identify one person exactly is that person: an own member of the club is updated (only the
 *   fields the file lists, names and birth date being what identified them), anyone else is
 *   connected, on the reach rule's proof ground (lib/domain/reach.ts): the row is the duplicate
 *   check that identified them. A near match (typo, swapped names or dates) or an e-mail of another
 *   person is refused with its reasons and names nobody.
 * - Rows that are the same person as an earlier row of the file are refused as duplicates in the
 *   file; a name that comes with more than MAX_BIRTH_DATES_PER_NAME birth dates is refused, since
 *   trying dates must not identify anyone.
 *
 * The plan id is a hash of the file, the mapping, the caller and organisation and every row's
 * verdict with the updatedAt of the person it touches: the import applies a plan only while
 * it still has this id.
 */

export type PlanRow = {
  line: number;
  verdict: ImportVerdict;
  /** The name as the file writes it. */
  name: string;
  /** connect / update / unchanged: the person. */
  memberId?: number;
  /** What identified the person (connect / update / unchanged) or the near match (refused). */
  reasons?: DuplicateReason[];
  /** connect: the reach rule's ground. */
  ground?: ConnectionGround;
  /** update: the fields that change. */
  changes?: Partial<Record<ImportField, { before: unknown; after: unknown }>>;
  errors?: FieldError[];
  warnings?: FieldError[];
  /** refused as the same person as this earlier line. */
  duplicateOf?: number;
  /** internal: what is written */
  data?: Omit<MemberData, 'orgId'>;
  updatedAt?: string;
};

export type Plan = {
  planId: string;
  columns: ImportColumn[];
  missingFields: ImportField[];
  rows: PlanRow[];
  counts: ImportCounts;
  /** Rows that count as duplicate checks without an identified person (dryRunMisses). */
  misses: number;
};

export type PlanInput = {
  callerId: number;
  caller: Caller;
  /** The club imported into. */
  org: { id: number; level: number };
  /** The caller's organisations that edit members (reach facts). */
  actingOrgs: readonly OrgRef[];
  fileHash: string;
  sheet: ReadSheet;
  mapping: Record<string, ImportField | null>;
  lang: Lang;
  today: string;
};

const REQUIRED: readonly ImportField[] = ['firstName', 'surname', 'birthDate', 'gender'];
/** Fields an update may change: not those that identified the person. */
const UPDATABLE: readonly ImportField[] = IMPORT_FIELDS.filter((f) => !['firstName', 'surname', 'birthDate'].includes(f));

const norm = (v: unknown) => (v === undefined || v === '' ? null : v);

/**
 * The plan for one file. `db` is the database or, when the plan is applied, the transaction
 * (then the persons it touches are locked until the import commits).
 */
export async function planImport(deps: AppDeps, db: Db, p: PlanInput, options: { lock?: boolean } = {}): Promise<Plan> {
  const columns = mapColumns(p.sheet.headers, p.mapping);
  const mapped = new Set(columns.flatMap((c) => (c.field ? [c.field] : [])));
  const missingFields = REQUIRED.filter((f) => !mapped.has(f));
  const federation = maySetLicenceNumber(p.actingOrgs.map((o) => o.level));

  const countryIds = new Map<string, number>();
  for (const c of await db.select().from(countries)) {
    for (const name of [c.nameDe, c.nameEn, c.iso2]) countryIds.set(headerKey(name), c.id);
  }

  const schema = withBirthDateRule(memberInputSchema, p.today);
  const rows: PlanRow[] = [];
  const valid: Array<{ row: PlanRow; data: Omit<MemberData, 'orgId'>; listed: Set<ImportField> }> = [];
  for (const sheetRow of p.sheet.rows) {
    const r = readRow(sheetRow.cells, sheetRow.formulas, sheetRow.line, columns, countryIds, federation, p.lang);
    const row: PlanRow = { line: r.line, verdict: 'refused', name: r.name };
    if (r.warnings.length) row.warnings = r.warnings;
    rows.push(row);
    const parsed = schema.safeParse({ orgId: p.org.id, ...r.input });
    const errors = [...r.errors];
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'file');
        if (!errors.some((e) => e.field === field)) errors.push({ field, rule: issue.message, message: message(p.lang, issue.message) });
      }
    }
    if (errors.length || !parsed.success) {
      row.errors = errors;
      continue;
    }
    const { orgId: _org, ...data } = parsed.data; // eslint-disable-line @typescript-eslint/no-unused-vars
    const listed = new Set(Object.keys(r.input).filter((k) => r.input[k] !== undefined) as ImportField[]);
    valid.push({ row, data, listed });
  }

  const refuse = (row: PlanRow, rule: string, field = 'row', extra: Partial<PlanRow> = {}) => {
    row.verdict = 'refused';
    row.errors = [...(row.errors ?? []), { field, rule, message: message(p.lang, rule) }];
    Object.assign(row, extra);
  };

  // Trying birth dates for one name must not identify anyone.
  const datesPerName = new Map<string, Set<string>>();
  const nameOf = (d: { firstName: string; surname: string }) => `${foldName(d.firstName)}|${foldName(d.surname)}`;
  for (const v of valid) {
    const key = nameOf(v.data);
    datesPerName.set(key, (datesPerName.get(key) ?? new Set()).add(v.data.birthDate));
  }
  // The same person twice in the file, or one e-mail twice: the later row is refused.
  const byDate = new Map<string, Array<{ line: number; data: Omit<MemberData, 'orgId'> }>>();
  const emailLine = new Map<string, number>();
  const open: typeof valid = [];
  for (const v of valid) {
    if ((datesPerName.get(nameOf(v.data))?.size ?? 0) > MAX_BIRTH_DATES_PER_NAME) {
      refuse(v.row, 'nameRepeated');
      continue;
    }
    const earlier = candidateBirthDates(v.data.birthDate)
      .flatMap((d) => byDate.get(d) ?? [])
      .find((e) => {
        const m = matchDuplicate(v.data, e.data);
        return m !== null && !(m.reasons.length === 1 && m.reasons[0] === 'same_email');
      });
    if (earlier) {
      refuse(v.row, 'duplicateInFile', 'row', { duplicateOf: earlier.line });
      continue;
    }
    const email = v.data.email?.toLowerCase();
    if (email && emailLine.has(email)) {
      refuse(v.row, 'duplicateInFile', 'email', { duplicateOf: emailLine.get(email) });
      continue;
    }
    if (email) emailLine.set(email, v.row.line);
    byDate.set(v.data.birthDate, [...(byDate.get(v.data.birthDate) ?? []), { line: v.row.line, data: v.data }]);
    open.push(v);
  }

  const dates = [...new Set(open.flatMap((v) => candidateBirthDates(v.data.birthDate)))];
  const emails = [...new Set(open.flatMap((v) => (v.data.email ? [v.data.email.toLowerCase()] : [])))];
  const regNrs = [...new Set(open.flatMap((v) => (v.data.regNr ? [v.data.regNr] : [])))];
  const stored = await candidatesOf(db, dates, emails, regNrs, options.lock ?? false);
  const storedByDate = new Map<string, Stored[]>();
  const storedByEmail = new Map<string, Stored>();
  const storedByRegNr = new Map<string, Stored>();
  for (const s of stored) {
    storedByDate.set(s.birthDate, [...(storedByDate.get(s.birthDate) ?? []), s]);
    if (s.email) storedByEmail.set(s.email.toLowerCase(), s);
    if (s.regNr) storedByRegNr.set(s.regNr, s);
  }

  // First pass: who each row is.
  const identified = new Map<PlanRow, { person: Stored; reasons: DuplicateReason[] }>();
  const checks = new Map<PlanRow, DryRunCheck>();
  for (const v of open) {
    const email = v.data.email?.toLowerCase() ?? null;
    const pool = new Map<number, Stored>();
    for (const d of candidateBirthDates(v.data.birthDate)) for (const s of storedByDate.get(d) ?? []) pool.set(s.id, s);
    if (email && storedByEmail.has(email)) pool.set(storedByEmail.get(email)!.id, storedByEmail.get(email)!);
    const matches = [...pool.values()].flatMap((s) => {
      const m = matchDuplicate({ ...v.data, email }, s);
      return m ? [{ person: s, match: m }] : [];
    });
    const exact = matches.filter((m) => identifiesPerson(m.match));
    checks.set(v.row, { identified: exact.length > 0, partialMatch: exact.length === 0 && matches.length > 0, nameStored: false });
    if (exact.length > 1) {
      refuse(v.row, 'ambiguous');
      continue;
    }
    if (exact.length === 1) {
      identified.set(v.row, { person: exact[0].person, reasons: exact[0].match.reasons });
      continue;
    }
    const near = matches.filter((m) => m.match.reasons.some((r) => r !== 'same_email'));
    if (near.length > 0) {
      refuse(v.row, 'possibleDuplicate', 'row', { reasons: [...new Set(near.flatMap((m) => m.match.reasons))] });
      continue;
    }
    if (matches.length > 0) {
      refuse(v.row, 'emailInUse', 'email');
      continue;
    }
    if (v.data.regNr && storedByRegNr.has(v.data.regNr)) {
      refuse(v.row, 'regNrInUse', 'regNr');
      continue;
    }
    v.row.verdict = 'create';
    v.row.data = v.data;
  }

  // Second pass: own members are updated, everyone else connected on the reach rule's ground.
  const persons = [...identified.values()].map((i) => i.person.id);
  const inClub = await activeIn(db, p.org.id, persons, p.today);
  const facts = await reachFactsOf({ db, clock: deps.clock }, p.actingOrgs, persons);
  const seen = new Map<number, number>();
  for (const v of open) {
    const id = identified.get(v.row);
    if (!id) continue;
    const { person, reasons } = id;
    if (seen.has(person.id)) {
      refuse(v.row, 'duplicateInFile', 'row', { duplicateOf: seen.get(person.id) });
      continue;
    }
    seen.set(person.id, v.row.line);
    v.row.memberId = person.id;
    v.row.reasons = reasons;
    v.row.updatedAt = person.updatedAt;
    if (!inClub.has(person.id)) {
      // The row named the person and their full birth date: the identification the proof stands for.
      const ground = connectionGround({ ...facts.get(person.id)!, proof: true });
      if (!ground) {
        refuse(v.row, 'notReached');
        continue;
      }
      v.row.verdict = 'connect';
      v.row.ground = ground;
      continue;
    }
    const changes: NonNullable<PlanRow['changes']> = {};
    for (const field of UPDATABLE) {
      if (!v.listed.has(field)) continue;
      const after = norm(v.data[field as keyof typeof v.data]);
      const before = norm(person[field as keyof Stored]);
      if (after !== null && after !== before) changes[field] = { before, after };
    }
    const email = changes.email?.after as string | undefined;
    if (email && storedByEmail.has(email.toLowerCase()) && storedByEmail.get(email.toLowerCase())!.id !== person.id) {
      refuse(v.row, 'emailInUse', 'email');
      continue;
    }
    const regNr = changes.regNr?.after as string | undefined;
    if (regNr && storedByRegNr.has(regNr) && storedByRegNr.get(regNr)!.id !== person.id) {
      refuse(v.row, 'regNrInUse', 'regNr');
      continue;
    }
    // Nobody changes the data of a person holding functions above their own (as on the member screen).
    // Read through `db`: inside the import's transaction the embedded database serves nothing else.
    if (Object.keys(changes).length && (await isAboveCaller({ ...deps, db }, p.caller, person.id))) {
      refuse(v.row, 'outranked');
      continue;
    }
    v.row.verdict = Object.keys(changes).length ? 'update' : 'unchanged';
    if (v.row.verdict === 'update') v.row.changes = changes;
  }

  // Rows that matched nobody: does a stored person bear the name?
  const unmatched = open.filter((v) => {
    const c = checks.get(v.row);
    return c && !c.identified && !c.partialMatch;
  });
  const namesStored = await storedNames(
    db,
    unmatched.flatMap((v) => [limitNameKey(v.data.firstName), limitNameKey(v.data.surname)]),
  );
  for (const v of unmatched) {
    const first = limitNameKey(v.data.firstName);
    const sur = limitNameKey(v.data.surname);
    checks.get(v.row)!.nameStored = namesStored.has(`${first}|${sur}`) || namesStored.has(`${sur}|${first}`);
  }

  const planId = createHash('sha256')
    .update(
      JSON.stringify({
        v: 1,
        org: p.org.id,
        caller: p.callerId,
        file: p.fileHash,
        sheet: p.sheet.sheet,
        columns: columns.map((c) => c.field),
        today: p.today,
        rows: rows.map((r) => [r.line, r.verdict, r.memberId ?? null, r.updatedAt ?? null]),
      }),
    )
    .digest('hex');
  return {
    planId,
    columns,
    missingFields,
    rows,
    counts: countVerdicts(rows.map((r) => r.verdict)),
    misses: dryRunMisses([...checks.values()]),
  };
}

/** A plan row as the answer shows it (without what is only written). */
export function publicRow(row: PlanRow) {
  const { data: _data, updatedAt: _updatedAt, ...shown } = row; // eslint-disable-line @typescript-eslint/no-unused-vars
  return shown;
}
