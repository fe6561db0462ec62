import { and, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { addDays, format, parseISO } from 'date-fns';
import { todayIso } from '@/lib/domain/dates';
import { webAddressOrNull } from '@/lib/domain/web-address';
import { organisations, tournaments, tournamentTypes } from '../../db/schema';
import type { AppDeps } from '../../http/context';

/**
 * GET /public/tournaments.ics: the approved tournaments as an iCalendar feed members subscribe to
 * (all, one state association's with its clubs', or one discipline's). A tournament approved and
 * later cancelled stays in the feed as STATUS:CANCELLED, so subscribed calendars drop it; its UID
 * is stable (tournament-{id}@{host}), so every refresh updates the same event. Tournaments that
 * ended more than a year ago are left out.
 */

export const CALENDAR_UID_DOMAIN = 'tournaments.bogensport.example.org';
const DISCIPLINE_NAMES: Record<number, string> = { 1: 'Indoor', 2: 'Outdoor', 3: 'Feld', 4: '3D' };

/** The day after a YYYY-MM-DD: an all-day event's end is exclusive. */
const dayAfter = (day: string) => format(addDays(parseISO(day), 1), 'yyyy-MM-dd');
const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

export async function tournamentCalendar(deps: AppDeps, filter: { state?: number; discipline?: number }): Promise<string> {
  const today = todayIso(deps.clock());
  const since = format(addDays(parseISO(today), -365), 'yyyy-MM-dd');
  const conditions: Array<SQL | undefined> = [eq(tournaments.approved, true), gte(tournaments.end, since)];
  if (filter.state !== undefined) {
    const clubs = deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.orgMotherId, filter.state));
    conditions.push(or(eq(tournaments.orgId, filter.state), inArray(tournaments.orgId, clubs)));
  }
  if (filter.discipline !== undefined) conditions.push(sql`(${tournaments.params}->>'discipline')::int = ${filter.discipline}`);
  const rows = await deps.db
    .select({ row: tournaments, typeName: tournamentTypes.name, orgName: organisations.name })
    .from(tournaments)
    .innerJoin(tournamentTypes, eq(tournamentTypes.id, tournaments.typeId))
    .innerJoin(organisations, eq(organisations.id, tournaments.orgId))
    .where(and(...conditions))
    .orderBy(tournaments.start, tournaments.id);

  const calendar = ical({ name: 'Bogensport-Turniere', prodId: { company: 'Bogensportverband', product: 'Verbandsverwaltung', language: 'DE' }, method: ICalCalendarMethod.PUBLISH, ttl: 60 * 60 });
  for (const { row, typeName, orgName } of rows) {
    const p = row.params;
    const discipline = p.discipline ? DISCIPLINE_NAMES[p.discipline] : null;
    const lines = [
      `${typeName}${discipline ? ` · ${discipline}` : ''}${p.rule ? ` · ${p.rule}` : ''}`,
      `Veranstalter: ${orgName}`,
      p.divisions?.length ? `Bogenklassen: ${p.divisions.join(', ')}` : null,
      `Anmeldung: ${row.openFrom} bis ${row.openTo}`,
      `Kontakt: ${p.contactPerson}, ${p.email}${p.phone ? `, ${p.phone}` : ''}`,
    ].filter((l): l is string => l !== null);
    calendar.createEvent({
      id: `tournament-${row.id}@${CALENDAR_UID_DOMAIN}`,
      start: utcMidnight(row.start),
      end: utcMidnight(dayAfter(row.end)),
      allDay: true,
      stamp: new Date(row.updatedAt),
      lastModified: new Date(row.updatedAt),
      summary: p.canceled ? `ABGESAGT: ${row.name}` : row.name,
      location: p.location,
      description: lines.join('\n'),
      url: webAddressOrNull(p.linkToRegistration),
      status: p.canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
