import { readFile } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { FEDERATION_ORG_ID } from '@/lib/domain/functions';
import de from '@/messages/de.json';
import { PERSON_REFERENCES, type PersonReferenceKey } from '../../db/person-references';
import { members, uploadedFiles } from '../../db/schema';
import { resolveInsideRoot } from '../../files/upload-root';
import type { AppDeps } from '../../http/context';
import { personDataPdf } from '../../reports/person-data-pdf';
import { recordAudit } from '../audit';
import { PERSON_OWNER_TYPES, PERSON_PLACES, type Q, type Row } from './person-places';
import { recordPersonReads } from './person-reads';
import { EXPORT_AND_ERASE_FUNCTIONS, federationActor, livePerson } from './privacy-access';

/**
 * A person's data export (GDPR Art. 15 and 20): their record and their rows from every place in
 * server/db/person-references.ts, as JSON, as a readable PDF, or as a ZIP holding both and the
 * person's pictures and documents. Each export is audited (who exported whom, never the data) and
 * counted as a read of the person's record.
 */

export type ExportFormat = 'json' | 'pdf' | 'zip';

type PersonExport = {
  exportedAt: string;
  person: Row;
  places: Record<PersonReferenceKey, Row[]>;
};

type Member = typeof members.$inferSelect;

/** The record as the person may see it: no password hash, no search keys. */
function personFields(m: Member): Row {
  const hidden = new Set(['passwordHash', 'searchText', 'sortSurname', 'sortFirstName']);
  return { ...Object.fromEntries(Object.entries(m).filter(([k]) => !hidden.has(k))), canSignIn: m.passwordHash !== null };
}

async function collectPersonData(q: Q, member: Member, now: Date): Promise<PersonExport> {
  const places = {} as Record<PersonReferenceKey, Row[]>;
  for (const ref of PERSON_REFERENCES) {
    places[ref.key] = await PERSON_PLACES[ref.key].read(q, member.id, member);
  }
  return { exportedAt: now.toISOString(), person: personFields(member), places };
}

/** The German heading of a place in the readable PDF: the screens' own words for it (messages personPlaces). */
function placeTitle(key: PersonReferenceKey): string {
  return (de.personPlaces as Record<string, string>)[key.replace(/\./g, '__')] ?? key;
}

export type ExportFile = { bytes: Uint8Array; contentType: string; fileName: string };

async function render(deps: AppDeps, data: PersonExport, memberId: number, format: ExportFormat): Promise<ExportFile> {
  const base = `personendaten-${memberId}-${data.exportedAt.slice(0, 10)}`;
  const json = strToU8(JSON.stringify(data, null, 2));
  if (format === 'json') return { bytes: json, contentType: 'application/json; charset=utf-8', fileName: `${base}.json` };
  const pdf = await personDataPdf({
    exportedAt: data.exportedAt,
    person: data.person,
    places: PERSON_REFERENCES.map((r) => ({ place: r.key, title: placeTitle(r.key), rows: data.places[r.key] })),
  });
  if (format === 'pdf') return { bytes: new Uint8Array(pdf), contentType: 'application/pdf', fileName: `${base}.pdf` };
  const files = await deps.db
    .select({ uuid: uploadedFiles.uuid, name: uploadedFiles.originalName, storedPath: uploadedFiles.storedPath })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.ownerId, memberId), inArray(uploadedFiles.ownerType, [...PERSON_OWNER_TYPES])));
  const entries: Record<string, Uint8Array> = { [`${base}.json`]: json, [`${base}.pdf`]: new Uint8Array(pdf) };
  for (const f of files) {
    const bytes = await readFile(resolveInsideRoot(deps.env.uploadDir, f.storedPath)).catch(() => null);
    // a file missing on disk is listed in the JSON; the ZIP carries what exists
    if (bytes) entries[`dateien/${f.uuid}-${f.name.replace(/[/\\]/g, '_')}`] = new Uint8Array(bytes);
  }
  return { bytes: zipSync(entries, { level: 6 }), contentType: 'application/zip', fileName: `${base}.zip` };
}

async function exportOf(deps: AppDeps, callerId: number, memberId: number, format: ExportFormat, actingOrgId: number | null) {
  const member = await livePerson(deps, memberId);
  const now = deps.clock();
  const data = await collectPersonData(deps.db, member, now);
  const file = await render(deps, data, memberId, format);
  await deps.db.transaction(async (tx) => {
    await recordAudit(tx, { actorId: callerId, actingOrgId, entity: 'member', entityId: memberId, action: 'export' });
    await recordPersonReads(tx, { readBy: callerId, memberIds: [memberId], kind: 'export', actingOrgId, at: now });
  });
  return file;
}

/** GET /admin/members/{id}/export: the federation's staff (52) or the data-protection officer. */
export async function exportPersonData(deps: AppDeps, callerId: number, memberId: number, format: ExportFormat): Promise<ExportFile> {
  await federationActor(deps, callerId, EXPORT_AND_ERASE_FUNCTIONS);
  return exportOf(deps, callerId, memberId, format, FEDERATION_ORG_ID);
}

/** GET /profile/export: the signed-in person's own data. */
export async function exportOwnData(deps: AppDeps, callerId: number, format: ExportFormat): Promise<ExportFile> {
  return exportOf(deps, callerId, callerId, format, null);
}
