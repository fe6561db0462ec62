import { and, desc, eq, sql } from 'drizzle-orm';
import { members, personReads } from '../../db/schema';
import type { Q } from './person-places';

/**
 * The one place that records reads of a person's full record (who, when, which person, what kind;
 * never the data read). The member card, a person's export and a person search answer that carries
 * contact data call it; the person's export lists the reads, the data-protection officer reads
 * them through GET /admin/members/{id}/reads.
 */

export type PersonReadKind = 'member_card' | 'export' | 'person_search';

export async function recordPersonReads(
  q: Q,
  read: { readBy: number; memberIds: readonly number[]; kind: PersonReadKind; actingOrgId?: number | null; at: Date },
): Promise<void> {
  const ids = [...new Set(read.memberIds)];
  if (ids.length === 0) return;
  await q.insert(personReads).values(
    ids.map((memberId) => ({
      memberId,
      readBy: read.readBy,
      kind: read.kind,
      actingOrgId: read.actingOrgId ?? null,
      at: read.at.toISOString(),
    })),
  );
}

export type PersonReadEntry = { at: string; kind: string; readBy: number; readerName: string | null; actingOrgId: number | null };

/** A person's reads, newest first, paged. */
export async function readsOfPerson(
  q: Q,
  memberId: number,
  page: number,
  size: number,
): Promise<{ items: PersonReadEntry[]; total: number }> {
  const rows = await q
    .select({
      at: personReads.at,
      kind: personReads.kind,
      readBy: personReads.readBy,
      firstName: members.firstName,
      surname: members.surname,
      actingOrgId: personReads.actingOrgId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(personReads)
    .leftJoin(members, eq(members.id, personReads.readBy))
    .where(and(eq(personReads.memberId, memberId)))
    .orderBy(desc(personReads.at), desc(personReads.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    items: rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      kind: r.kind,
      readBy: r.readBy,
      readerName: r.firstName ? `${r.firstName} ${r.surname}` : null,
      actingOrgId: r.actingOrgId,
    })),
    total: rows[0]?.total ?? 0,
  };
}
