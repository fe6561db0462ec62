import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { addDays, format, parseISO } from 'date-fns';
import { todayIso } from '@/lib/domain/dates';
import { webAddressOrNull } from '@/lib/domain/web-address';
import { organisations, tournaments, tournamentTypes } from '../../db/schema';
import type { AppDeps } from '../../http/context';

/**
 * GET /public/tournaments.ics: the approved tournaments as an iCalendar feed members subscribe to
 * (all, one state association's with its clubs', or one discipline's), each as the federation last
 * approved it: a change waiting for approval is not shown. A tournament approved and later
 * cancelled stays in the feed as STATUS:CANCELLED, so subscribed calendars drop it; its UID is
 * stable (tournament-{id}@{host}) and its SEQUENCE goes up with each published change, so every
 * refresh updates the same event. Tournaments that ended more than a year ago are left out.
 */

export const CALENDAR_UID_DOMAIN = 'tournaments.bogensport.example.org';
const DISCIPLINE_NAMES: Record<number, string> = { 1: 'Indoor', 2: 'Outdoor', 3: 'Feld', 4: '3D' };

/** The day after a YYYY-MM-DD: an all-day event's end is exclusive. */
const dayAfter = (day: string) => format(addDays(parseISO(day), 1), 'yyyy-MM-dd');
const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

export async function tournamentCalendar(deps: AppDeps, filter: { state?: number; discipline?: number }): Promise<string> {
  const today = todayIso(deps.clock());
  const since = format(addDays(parseISO(today), -365), 'yyyy-MM-dd');
  const approved = tournaments.approvedSnapshot;
  const conditions: Array<SQL | undefined> = [isNotNull(approved), sql`(${approved}->>'end')::date >= ${since}::date`];
  if (filter.state !== undefined) {
    const clubs = deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.orgMotherId, filter.state));
    conditions.push(or(eq(tournaments.orgId, filter.state), inArray(tournaments.orgId, clubs)));
  }
  if (filter.discipline !== undefined) conditions.push(sql`(${approved}->'params'->>'discipline')::int = ${filter.discipline}`);
  const rows = await deps.db
    .select({ row: tournaments, typeName: tournamentTypes.name, orgName: organisations.name })
    .from(tournaments)
    .innerJoin(tournamentTypes, eq(tournamentTypes.id, tournaments.typeId))
    .innerJoin(organisations, eq(organisations.id, tournaments.orgId))
    .where(and(...conditions))
    .orderBy(sql`(${approved}->>'start')::date`, tournaments.id);

  const calendar = ical({
    name: 'Bogensport-Turniere',
    prodId: { company: 'Bogensportverband', product: 'Verbandsverwaltung', language: 'DE' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const { row, typeName, orgName } of rows) {
    const shown = row.approvedSnapshot!;
    const p = shown.params;
    // a cancellation is public at once
    const canceled = Boolean(row.params.canceled);
    const publishedAt = new Date(row.publishedAt ?? row.updatedAt);
    const discipline = p.discipline ? DISCIPLINE_NAMES[p.discipline] : null;
    const lines = [
      `${typeName}${discipline ? ` · ${discipline}` : ''}${p.rule ? ` · ${p.rule}` : ''}`,
      `Veranstalter: ${orgName}`,
      p.divisions?.length ? `Bogenklassen: ${p.divisions.join(', ')}` : null,
      `Anmeldung: ${shown.openFrom} bis ${shown.openTo}`,
      `Kontakt: ${p.contactPerson}, ${p.email}${p.phone ? `, ${p.phone}` : ''}`,
    ].filter((l): l is string => l !== null);
    calendar.createEvent({
      id: `tournament-${row.id}@${CALENDAR_UID_DOMAIN}`,
      sequence: row.publishedSequence,
      start: utcMidnight(shown.start),
      end: utcMidnight(dayAfter(shown.end)),
      allDay: true,
      stamp: publishedAt,
      lastModified: publishedAt,
      summary: canceled ? `ABGESAGT: ${shown.name}` : shown.name,
      location: p.location,
      description: lines.join('\n'),
      url: webAddressOrNull(p.linkToRegistration),
      status: canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
