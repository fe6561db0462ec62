import { CSV_BOM, CSV_LINE_END, csvLine } from '@/lib/csv';
import { todayIso } from '@/lib/domain/dates';
import { MEMBER_OVERVIEW_COLUMNS, MEMBER_OVERVIEW_HEADER, memberOverviewText, type MemberOverviewText } from '@/lib/domain/member-overview';
import type { MemberListQuery } from '@/lib/schemas/members';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import type { Db } from '../../db/client';
import { countries, members } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { loadCaller } from '../access';
import { memberActingOrg } from '../member-access';
import { listWhere, orderBy } from './member-list';
import { ownMembersScope } from './member-queries';
import { loadExportNames, loadExportRows } from './member-export-rows';
import type { FunctionFilter } from './member-shape';

/**
 * GET /admin/members/{orgId}/export.csv: every member the overview table would list with the same
 * search, filters and order, as CSV (';', UTF-8 byte-order mark, CRLF), in the overview's columns.
 *
 * Memory stays flat whatever the size: the matching ids are read first in the list's order (one
 * index query, 4 bytes per member), then members are loaded (member-export-rows.ts), turned into
 * CSV lines and written 1,000 at a time,
 * each batch only after the client has taken the previous one (one batch read ahead). No transaction is held open
 * while a slow client reads (the embedded database serves one transaction at a time).
 */

export const EXPORT_BATCH_SIZE = 1000;

export type ExportQuery = Omit<MemberListQuery, 'page' | 'pageSize'> & { onlyInOrg: boolean; excludeGroups: number[]; lang: 'de' | 'en' };

const MESSAGES = { de, en } as const;

/** Checks the caller's right (403 before any byte is sent) and returns the writer of the CSV. */
export async function prepareMembersExport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: number,
  orgId: number,
  query: ExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
) {
  const org = memberActingOrg(await loadCaller(deps, callerId), orgId);
  const today = todayIso(deps.clock());
  const scope = await ownMembersScope(deps, org, today, query.onlyInOrg);
  const { where, searching } = listWhere(scope, query, today);
  const db = deps.db;

  return async function writeCsv(write: (chunk: string) => Promise<void>): Promise<void> {
    const idRows = await db
      .select({ id: members.id })
      .from(members)
      .where(where)
      .orderBy(...orderBy(query.sort, query.dir, searching));
    const ids = Int32Array.from(idRows, (r) => r.id);
    idRows.length = 0;

    const [text, names] = await Promise.all([cellTexts(db, query.lang), loadExportNames(db)]);
    const overview = MESSAGES[query.lang].members.overview as Record<string, string>;
    const functions: FunctionFilter = { kind: 'active', excludeGroups: query.excludeGroups };
    const headers = MEMBER_OVERVIEW_COLUMNS.map((c) => overview[MEMBER_OVERVIEW_HEADER[c] ?? c]);
    await write(CSV_BOM + csvLine(headers) + CSV_LINE_END);

    // While one batch is shaped and written, the next one is already being read.
    const load = (start: number) => {
      const loading = loadExportRows(db, Array.from(ids.subarray(start, start + batchSize)), today, functions, names);
      // a failed read of a batch no one waits for any more (the client left) must not crash the process
      loading.catch(() => undefined);
      return loading;
    };
    let next = ids.length > 0 ? load(0) : null;
    for (let start = 0; next; start += batchSize) {
      const batch = await next;
      next = start + batchSize < ids.length ? load(start + batchSize) : null;
      let chunk = '';
      for (const m of batch) chunk += csvLine(MEMBER_OVERVIEW_COLUMNS.map((c) => memberOverviewText(m, c, text))) + CSV_LINE_END;
      await write(chunk);
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
