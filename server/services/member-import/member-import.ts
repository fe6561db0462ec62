import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { diffRecords } from '@/lib/domain/audit-diff';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_MEMBERSHIP, ORG_LEVEL_CLUB } from '@/lib/domain/functions';
import { IMPORT_FIELDS, mapColumns, type ImportField } from '@/lib/domain/member-import';
import { editsMembersAt, mayAddMembershipIn } from '@/lib/domain/member-permissions';
import { OPEN_END_DATE } from '@/lib/domain/members';
import { csvLine, CSV_BOM, CSV_LINE_END } from '@/lib/csv';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import type { Db } from '../../db/client';
import { auditEntries, functionAssignments, memberImportRows, memberImports, members, organisations } from '../../db/schema';
import { receiveSingleFile } from '../../files/multipart-upload';
import { uploadTempDir } from '../../files/upload-temp';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, type Caller } from '../access';
import { requireMemberFormOrgs } from '../member-access';
import { recordAudit } from '../audit';
import { reserveHandSetNumber } from '../licence-numbers';
import { DUPLICATE_CHECK_SCOPE, duplicateCheckLimited } from '../members/duplicates';
import { planImport, publicRow, type Plan, type PlanRow } from './plan';
import type { Lang } from './plan-row-input';
import { readMemberFile } from './read-file';
import { refreshDuplicateKeys } from '../members/duplicate-keys';

/**
 * POST /admin/members/{orgId}/import: the dry run (what each row would become, nothing written)
 * and the import of exactly that plan (undo-import.ts takes a whole import back the same day). Who: a club into itself, the federation into any club (the rule of
 * adding memberships, lib/domain/member-permissions.ts); checked before the file is read.
 *
 * The import re-reads the file and plans again inside its transaction, with the persons it
 * touches locked: only when that plan has the id the dry run answered is it written, all rows
 * in one transaction; otherwise 409 plan_changed and nothing is written.
 */

const MESSAGES = { de, en } as const;
/** Rows written per statement. */
export const BATCH = 500;

export type ImportOptions = { dryRun: boolean; planId?: string; lang: Lang; format: 'json' | 'csv' };

type Target = { caller: Caller; org: { id: number; level: number }; actingOrgs: { id: number; level: number }[] };

/** The club imported into, when the caller may import there (the rule of adding memberships); also the rule of undoing. */
export async function importTarget(deps: AppDeps, callerId: number, orgId: number): Promise<Target> {
  const caller = await loadCaller(deps, callerId);
  const formOrgs = requireMemberFormOrgs(caller);
  if (!mayAddMembershipIn(formOrgs, orgId)) throw forbidden('Only the club itself or the federation imports members into a club');
  const [org] = await deps.db
    .select({ id: organisations.id, level: organisations.orgLevel })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such organisation');
  if (org.level !== ORG_LEVEL_CLUB) throw new ApiError(422, 'not_a_club', 'Members are imported into a club', { field: 'orgId' });
  return { caller, org, actingOrgs: formOrgs.filter(editsMembersAt) };
}

function parseMapping(raw: string | undefined): Record<string, ImportField | null> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ApiError(422, 'validation', 'The mapping is not valid JSON', { field: 'mapping' });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(422, 'validation', 'The mapping must be an object: column header → member field or null', { field: 'mapping' });
  }
  const out: Record<string, ImportField | null> = {};
  for (const [header, field] of Object.entries(value as Record<string, unknown>)) {
    if (field !== null && !(IMPORT_FIELDS as readonly unknown[]).includes(field)) {
      throw new ApiError(422, 'validation', `Unknown member field "${String(field)}" for column "${header}"`, {
        field: 'mapping',
        value: IMPORT_FIELDS,
      });
    }
    out[header.trim()] = field as ImportField | null;
  }
  return out;
}

export type DryRunAnswer = {
  planId: string;
  fileName: string;
  sheets: string[];
  sheet: string | null;
  columns: Plan['columns'];
  missingFields: Plan['missingFields'];
  counts: Plan['counts'];
  rows: ReturnType<typeof publicRow>[];
};

export type ImportAnswer = { importId: string; planId: string; counts: Plan['counts'] };

/** The dry run's rows as a CSV: the file's line, the verdict, the person, the reasons and errors. */
function verdictCsv(plan: Plan, lang: Lang): string {
  const t = (MESSAGES[lang] as unknown as { memberImport: { csv: Record<string, string>; verdicts: Record<string, string> } }).memberImport;
  const lines = [csvLine([t.csv.line, t.csv.verdict, t.csv.name, t.csv.memberId, t.csv.details])];
  for (const r of plan.rows) {
    const details = [
      ...(r.errors ?? []).map((e) => `${e.field}: ${e.message}`),
      ...(r.warnings ?? []).map((e) => `${e.field}: ${e.message}`),
      ...(r.duplicateOf ? [`${t.csv.duplicateOf} ${r.duplicateOf}`] : []),
      ...Object.entries(r.changes ?? {}).map(([f, c]) => `${f}: ${String(c?.before ?? '')} → ${String(c?.after ?? '')}`),
    ].join(' | ');
    lines.push(csvLine([r.line, t.verdicts[r.verdict], r.name, r.memberId ?? '', details]));
  }
  return CSV_BOM + lines.join(CSV_LINE_END) + CSV_LINE_END;
}

const IMPORT_LOCK = sql`select pg_advisory_xact_lock(7702, 0)`;

/**
 * Counts a dry run's misses (lib/domain/member-duplicates.ts, dryRunMisses) against the limit:
 * `firstHit` (taken before planning) is the first; none → it is given back. Over the limit → 429
 * and the answer is withheld; the misses counted up to the limit stay counted, since even the
 * refusal says the file held more misses than were left (so refusals cannot be used to try on).
 */
async function countMisses(deps: AppDeps, callerId: number, firstHit: number, misses: number): Promise<void> {
  if (misses === 0) return deps.rateLimiter.forget(firstHit);
  for (let i = 1; i < misses; i++) {
    const verdict = await deps.rateLimiter.begin(DUPLICATE_CHECK_SCOPE, String(callerId));
    if (verdict.limited) throw duplicateCheckLimited(verdict.retryAfterSeconds);
  }
}

/** The file's SHA-256, read as a stream. */
async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The dry run or the import of the file in the request. */
export async function importMembers(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  request: Request,
  options: ImportOptions,
): Promise<{ dryRun: DryRunAnswer } | { csv: string } | { imported: ImportAnswer }> {
  const t = await importTarget(deps, callerId, orgId);
  if (!options.dryRun && !options.planId) {
    throw new ApiError(422, 'validation', 'Send the planId of the dry run to import', { field: 'planId' });
  }
  const received = await receiveSingleFile(request, { field: 'file', tmpDir: uploadTempDir(deps.env.uploadDir) });
  try {
    const mapping = parseMapping(received.fields.mapping);
    const planId = options.planId ?? received.fields.planId;
    // Only the columns that fill a member field are kept while reading.
    const keep = (headers: readonly string[]) => new Set(mapColumns(headers, mapping).flatMap((c) => (c.field ? [c.index] : [])));
    const sheet = await readMemberFile(received.tmpPath, received.originalName, received.fields.sheet || undefined, keep);
    const fileHash = await hashFile(received.tmpPath);
    const today = todayIso(deps.clock());
    const input = { callerId, caller: t.caller, org: t.org, actingOrgs: t.actingOrgs, fileHash, sheet, mapping, lang: options.lang, today };

    if (options.dryRun) {
      // Each row is a duplicate check: the dry run counts against the member screen's limit.
      // Refused before planning while the caller is over it (then even a right guess tells nothing).
      const first = await deps.rateLimiter.begin(DUPLICATE_CHECK_SCOPE, String(callerId));
      if (first.limited) throw duplicateCheckLimited(first.retryAfterSeconds);
      const plan = await planImport(deps, deps.db, input);
      await countMisses(deps, callerId, first.hitId, plan.misses);
      // Each row is a duplicate check: recorded like one (who, which file, whom it identified).
      await recordAudit(deps.db, {
        actorId: callerId,
        actingOrgId: t.org.id,
        entity: 'memberLookup',
        entityId: callerId,
        action: 'lookup',
        after: {
          importFile: received.originalName,
          rows: plan.counts.total,
          misses: plan.misses,
          identified: plan.rows.flatMap((r) => (r.memberId ? [r.memberId] : [])),
        },
      });
      if (options.format === 'csv') return { csv: verdictCsv(plan, options.lang) };
      return {
        dryRun: {
          planId: plan.planId,
          fileName: received.originalName,
          sheets: sheet.sheets,
          sheet: sheet.sheet,
          columns: plan.columns,
          missingFields: plan.missingFields,
          counts: plan.counts,
          rows: plan.rows.map(publicRow),
        },
      };
    }

    const imported = await deps.db.transaction(async (tx) => {
      // One import writes at a time: a second one (the same plan, or another naming the same new
      // persons) waits here, then plans again on what the first wrote and answers plan_changed.
      await tx.execute(IMPORT_LOCK);
      const plan = await planImport(deps, tx as unknown as Db, input, { lock: true });
      if (plan.planId !== planId) {
        throw new ApiError(409, 'plan_changed', 'The data changed since the dry run; run the dry run again', { value: plan.planId });
      }
      const [row] = await tx
        .insert(memberImports)
        .values({
          orgId: t.org.id,
          createdBy: callerId,
          planId: plan.planId,
          fileName: received.originalName,
          counts: plan.counts,
          importDay: today,
        })
        .returning({ id: memberImports.id });
      await applyPlan(tx as unknown as Db, deps, callerId, t.org.id, row.id, plan.rows, today);
      return { importId: row.id, planId: plan.planId, counts: plan.counts };
    });
    return { imported };
  } finally {
    await rm(received.tmpPath, { force: true });
  }
}

export type AuditRow = typeof auditEntries.$inferInsert;

export function auditRow(
  actorId: number,
  orgId: number,
  entity: string,
  entityId: number,
  action: string,
  before: object | null,
  after: object | null,
): AuditRow {
  return {
    actorId,
    actingOrgId: orgId,
    entity,
    entityId: String(entityId),
    action,
    changes: diffRecords(before as Record<string, unknown> | null, after as Record<string, unknown> | null),
  };
}

export async function insertAll<T>(items: T[], write: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += BATCH) await write(items.slice(i, i + BATCH));
}

const memberColumnsOf = (data: NonNullable<PlanRow['data']>) => ({
  firstName: data.firstName,
  middleName: data.middleName ?? null,
  surname: data.surname,
  birthDate: data.birthDate,
  gender: data.gender,
  nationality: data.nationality ?? null,
  country: data.country ?? null,
  street: data.street ?? null,
  houseNumber: data.houseNumber ?? null,
  doorNumber: data.doorNumber ?? null,
  zip: data.zip ?? null,
  city: data.city ?? null,
  phoneMobile: data.phoneMobile ?? null,
  email: data.email ?? null,
  regNr: data.regNr ?? null,
});

/** Writes the plan's creates, connects and updates, each audited with the import's id. */
async function applyPlan(tx: Db, deps: AppDeps, actorId: number, orgId: number, importId: string, rows: PlanRow[], today: string) {
  const audit: AuditRow[] = [];
  const records: Array<typeof memberImportRows.$inferInsert> = [];
  const membership = (memberId: number) => ({ memberId, orgId, roleId: FUNCTION_MEMBERSHIP, dateFrom: today, dateTo: OPEN_END_DATE });

  const creates = rows.filter((r) => r.verdict === 'create');
  for (let i = 0; i < creates.length; i += BATCH) {
    const part = creates.slice(i, i + BATCH);
    for (const r of part) await reserveHandSetNumber(tx, r.data!.regNr);
    const created = await tx
      .insert(members)
      .values(part.map((r) => memberColumnsOf(r.data!)))
      .returning({ id: members.id, updatedAt: members.updatedAt });
    await refreshDuplicateKeys(
      tx,
      created.map((c) => c.id),
    );
    const assigned = await tx
      .insert(functionAssignments)
      .values(created.map((c) => membership(c.id)))
      .returning();
    part.forEach((r, k) => {
      audit.push(auditRow(actorId, orgId, 'member', created[k].id, 'create', null, { ...memberColumnsOf(r.data!), importId }));
      audit.push(auditRow(actorId, orgId, 'function', assigned[k].id, 'assign', null, { ...assigned[k], importId }));
      records.push({
        importId,
        line: r.line,
        verdict: 'create',
        memberId: created[k].id,
        assignmentId: assigned[k].id,
        updatedAtAfter: created[k].updatedAt,
      });
    });
  }

  const connects = rows.filter((r) => r.verdict === 'connect');
  for (let i = 0; i < connects.length; i += BATCH) {
    const part = connects.slice(i, i + BATCH);
    const assigned = await tx
      .insert(functionAssignments)
      .values(part.map((r) => membership(r.memberId!)))
      .returning();
    part.forEach((r, k) => {
      audit.push(auditRow(actorId, orgId, 'function', assigned[k].id, 'assign', null, { ...assigned[k], importId, ground: r.ground }));
      records.push({
        importId,
        line: r.line,
        verdict: 'connect',
        memberId: r.memberId!,
        assignmentId: assigned[k].id,
        updatedAtAfter: assigned[k].updatedAt,
      });
    });
  }

  const now = deps.clock().toISOString();
  for (const r of rows.filter((row) => row.verdict === 'update')) {
    const changes = r.changes!;
    const set = Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c!.after]));
    if (set.regNr) await reserveHandSetNumber(tx, set.regNr as string);
    const [updated] = await tx
      .update(members)
      .set({ ...set, updatedAt: sql`greatest(${now}::timestamptz, ${members.updatedAt} + interval '1 millisecond')` })
      .where(and(eq(members.id, r.memberId!), sql`${members.updatedAt} = ${r.updatedAt}::timestamptz`))
      .returning({ updatedAt: members.updatedAt });
    if (!updated) throw new ApiError(409, 'plan_changed', 'The data changed since the dry run; run the dry run again');
    await refreshDuplicateKeys(tx, [r.memberId!]);
    const before = Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c!.before]));
    audit.push(auditRow(actorId, orgId, 'member', r.memberId!, 'update', { ...before, importId: null }, { ...set, importId }));
    records.push({ importId, line: r.line, verdict: 'update', memberId: r.memberId!, before, updatedAtAfter: updated.updatedAt });
  }

  await insertAll(records, (part) => tx.insert(memberImportRows).values(part));
  await insertAll(audit, (part) => tx.insert(auditEntries).values(part));
}
