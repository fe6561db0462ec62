import { CSV_BOM, CSV_LINE_END, csvLine } from '@/lib/csv';
import { todayIso } from '@/lib/domain/dates';
import { MEMBER_OVERVIEW_COLUMNS, MEMBER_OVERVIEW_HEADER, memberOverviewText, type MemberOverviewText } from '@/lib/domain/member-overview';
import type { MemberListQuery } from '@/lib/schemas/members';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { sql } from 'drizzle-orm';
import { dbDriver, type Db } from '../../db/client';
import { countries, members } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { loadCaller } from '../access';
import { memberActingOrg } from '../member-access';
import { listWhere, orderBy } from './member-list';
import { ownMembersScope } from './member-queries';
import {
  exportMemberColumns,
  loadExportNames,
  loadExportRelations,
  loadExportRows,
  overviewSource,
  type ExportMember,
  type ExportRelations,
} from './member-export-rows';
import type { FunctionFilter } from './member-shape';

/**
 * GET /admin/members/{orgId}/export.csv: every member the overview table would list with the same
 * search, filters and order, as CSV (';', UTF-8 byte-order mark, CRLF), in the overview's columns.
 *
 * Memory stays flat whatever the size: rows are read EXPORT_BATCH_SIZE at a time, turned into
 * CSV lines and written, each batch only after the client has taken the previous one (one batch
 * read ahead). Two ways to read them, giving the same bytes:
 * - 'cursor' (PostgreSQL): one statement, the list's WHERE and ORDER BY, read through a
 *   server-side cursor in a read-only transaction (FETCH a batch at a time). The connection is
 *   held while the client downloads.
 * - 'batches' (PGlite, which serves one transaction at a time, so none may stay open while a slow
 *   client reads): the matching ids first, in the list's order (one index query, 4 bytes per
 *   member), then the members of each batch of ids, a statement each.
 */

export const EXPORT_BATCH_SIZE = 1000;

export type ExportQuery = Omit<MemberListQuery, 'page' | 'pageSize'> & { onlyInOrg: boolean; excludeGroups: number[]; lang: 'de' | 'en' };

/** How the rows are read (see above); by default a cursor on PostgreSQL, batches of ids otherwise. */
export type ExportReader = 'cursor' | 'batches';

const MESSAGES = { de, en } as const;

/** Checks the caller's right (403 before any byte is sent) and returns the writer of the CSV. */
export async function prepareMembersExport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: number,
  orgId: number,
  query: ExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
  reader: ExportReader = dbDriver(deps.db) === 'pg' ? 'cursor' : 'batches',
) {
  const org = memberActingOrg(await loadCaller(deps, callerId), orgId);
  const today = todayIso(deps.clock());
  const scope = await ownMembersScope(deps, org, today, query.onlyInOrg);
  const { where, searching } = listWhere(scope, query, today);
  const order = orderBy(query.sort, query.dir, searching);
  const db = deps.db;

  return async function writeCsv(write: (chunk: string) => Promise<void>): Promise<void> {
    const [text, names] = await Promise.all([cellTexts(db, query.lang), loadExportNames(db)]);
    const overview = MESSAGES[query.lang].members.overview as Record<string, string>;
    const functions: FunctionFilter = { kind: 'active', excludeGroups: query.excludeGroups };
    const headers = MEMBER_OVERVIEW_COLUMNS.map((c) => overview[MEMBER_OVERVIEW_HEADER[c] ?? c]);
    const writeBatch = (batch: ReadonlyArray<{ member: ExportMember; relations: ExportRelations }>) => {
      let chunk = '';
      for (const { member, relations } of batch) {
        const m = overviewSource(member, relations, today, functions, names);
        chunk += csvLine(MEMBER_OVERVIEW_COLUMNS.map((c) => memberOverviewText(m, c, text))) + CSV_LINE_END;
      }
      return write(chunk);
    };

    if (reader === 'cursor') {
      await db.transaction(
        async (tx) => {
          // the planner's default for cursors favours the first rows (the export reads them all);
          // compiling this one statement (JIT) costs more than it saves
          await tx.execute(sql`set local cursor_tuple_fraction = 1`);
          await tx.execute(sql`set local jit = off`);
          await tx.execute(
            sql`declare member_export no scroll cursor for select ${exportMemberColumns} from ${members} ${where ? sql`where ${where}` : sql``} order by ${sql.join(order, sql`, `)}`,
          );
          await write(CSV_BOM + csvLine(headers) + CSV_LINE_END);
          // a batch: the next FETCH of members, then their assignments and certificates at once
          const readBatch = async () => {
            const members = (await tx.execute(sql`fetch forward ${sql.raw(String(Math.trunc(batchSize)))} from member_export`))
              .rows as unknown as ExportMember[];
            const relationsOf = await loadExportRelations(
              tx,
              members.map((m) => m.id),
            );
            return { full: members.length === batchSize, rows: members.map((member) => ({ member, relations: relationsOf(member.id) })) };
          };
          const read = () => {
            const reading = readBatch();
            // a batch no one waits for any more (the client left) must not crash the process
            reading.catch(() => undefined);
            return reading;
          };
          // While one batch is shaped and written, the next one is already being read.
          let next: ReturnType<typeof read> | null = read();
          while (next) {
            const batch: Awaited<ReturnType<typeof read>> = await next;
            next = batch.full ? read() : null;
            if (batch.rows.length > 0) await writeBatch(batch.rows);
          }
        },
        { accessMode: 'read only' },
      );
      return;
    }

    const idRows = await db
      .select({ id: members.id })
      .from(members)
      .where(where)
      .orderBy(...order);
    const ids = Int32Array.from(idRows, (r) => r.id);
    idRows.length = 0;
    await write(CSV_BOM + csvLine(headers) + CSV_LINE_END);

    // While one batch is shaped and written, the next one is already being read.
    const load = (start: number) => {
      const loading = loadExportRows(db, Array.from(ids.subarray(start, start + batchSize)));
      // a failed read of a batch no one waits for any more (the client left) must not crash the process
      loading.catch(() => undefined);
      return loading;
    };
    let next = ids.length > 0 ? load(0) : null;
    for (let start = 0; next; start += batchSize) {
      const batch = await next;
      next = start + batchSize < ids.length ? load(start + batchSize) : null;
      await writeBatch(batch);
    }
  };
}

/** The file name the download is saved as ('mitglieder.csv', 'members.csv'). */
export function exportFileName(lang: 'de' | 'en'): string {
  return MESSAGES[lang].members.overview.csvFile;
}

/** Gender and country names in the export's language. */
async function cellTexts(db: Db, lang: 'de' | 'en'): Promise<MemberOverviewText> {
  const genders = MESSAGES[lang].members.genders as Record<string, string>;
  const names = new Map((await db.select().from(countries)).map((c) => [c.id, lang === 'en' ? c.nameEn : c.nameDe]));
  return { gender: (g) => genders[g] ?? g, country: (id) => names.get(id) ?? null };
}
