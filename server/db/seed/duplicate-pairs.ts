import { FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { dateBetween, iso, OPEN_END } from './dates';
import { assignmentId, identityKey, type AssignmentRow, type MemberRow } from './members';
import { CLUBS } from './organisations-data';
import { int, pick, rngFor, type Rng } from './random';

/**
 * Persons entered twice, and different persons who merely look alike, for the duplicates report
 * and the merge screen to work on, and for measuring how well the duplicate rules tell them apart:
 *
 * - 50 true pairs: one person with two records, typically because a second club entered them
 *   again, spelled differently (umlaut written out, ß as ss, a typo, first and last name swapped,
 *   day and month of the birth date swapped, letters of other alphabets without their accents,
 *   a double name entered in part).
 * - 50 near misses: two persons that only look alike (father and son of the same name, twins,
 *   siblings of different gender with the male and female form of one name, the same common name
 *   and birth day in another year).
 *
 * Ids are fixed in a block of their own, far above the generated members, so they stay the same
 * whatever the member count. Birth dates are placed relative to the seeded season like the
 * generated members'. Deterministic: the same year gives the same rows.
 */

export const DUPLICATE_ID_BASE = 900_000;
export const TRUE_PAIR_COUNT = 50;
export const NEAR_MISS_COUNT = 50;
/** Members the duplicates add to the demo data. */
export const DUPLICATE_SEED_MEMBERS = 2 * (TRUE_PAIR_COUNT + NEAR_MISS_COUNT);

type Person = { firstName: string; surname: string; gender: 'm' | 'w' };
type Variant = { a: Person; b: Person; swapDate?: boolean; yearsApart?: number; otherDay?: boolean };

const m = (firstName: string, surname: string): Person => ({ firstName, surname, gender: 'm' });
const w = (firstName: string, surname: string): Person => ({ firstName, surname, gender: 'w' });
/** The same person entered twice with the names swapped (first name in the surname field). */
const swapped = (p: Person): Person => ({ ...p, firstName: p.surname, surname: p.firstName });

/** One person, two records: how the second record differs from the first. */
const TRUE_PAIRS: Variant[] = [
  // umlauts and ß written out
  { a: m('Jürgen', 'Müller'), b: m('Juergen', 'Mueller') },
  { a: w('Brigitte', 'Gößl'), b: w('Brigitte', 'Goessl') },
  { a: m('Herbert', 'Schön'), b: m('Herbert', 'Schoen') },
  { a: w('Renate', 'Jäger'), b: w('Renate', 'Jaeger') },
  { a: m('Günther', 'Pöltl'), b: m('Guenther', 'Poeltl') },
  { a: w('Bärbel', 'Krämer'), b: w('Baerbel', 'Kraemer') },
  { a: m('Walter', 'Strauß'), b: m('Walter', 'Strauss') },
  { a: w('Ingrid', 'Weiß'), b: w('Ingrid', 'Weiss') },
  { a: m('Jörg', 'Preißler'), b: m('Joerg', 'Preissler') },
  { a: w('Helga', 'Fröhlich'), b: w('Helga', 'Frohlich') },
  // typos in the surname, the first letter included
  { a: m('Gerhard', 'Pichler'), b: m('Gerhard', 'Bichler') },
  { a: w('Sandra', 'Steinbauer'), b: w('Sandra', 'Steinbaur') },
  { a: m('Roland', 'Wimmer'), b: m('Roland', 'Wimer') },
  { a: w('Claudia', 'Hofbauer'), b: w('Claudia', 'Hofbuaer') },
  { a: m('Manfred', 'Brandstätter'), b: m('Manfred', 'Brandstetter') },
  { a: w('Monika', 'Gassner'), b: w('Monika', 'Kassner') },
  { a: m('Dominik', 'Schwarzenberger'), b: m('Dominik', 'Schwarzenbeger') },
  { a: w('Verena', 'Leitner'), b: w('Verena', 'Leittner') },
  // typos in the first name
  { a: m('Christian', 'Lehner'), b: m('Cristian', 'Lehner') },
  { a: m('Matthias', 'Reisinger'), b: m('Mathias', 'Reisinger') },
  { a: w('Stefanie', 'Auer'), b: w('Stephanie', 'Auer') },
  { a: m('Philipp', 'Holzer'), b: m('Phillip', 'Holzer') },
  { a: w('Elisabeth', 'Mayrhofer'), b: w('Elisabet', 'Mayrhofer') },
  // first and last name swapped
  { a: m('Florian', 'Haas'), b: swapped(m('Florian', 'Haas')) },
  { a: w('Theresa', 'Wallner'), b: swapped(w('Theresa', 'Wallner')) },
  { a: m('Konrad', 'Ebner'), b: swapped(m('Konrad', 'Ebner')) },
  { a: w('Karin', 'Moser'), b: swapped(w('Karin', 'Moser')) },
  { a: m('Rupert', 'Fuchs'), b: swapped(m('Rupert', 'Fuchs')) },
  // day and month of the birth date swapped
  { a: w('Waltraud', 'Oberhuber'), b: w('Waltraud', 'Oberhuber'), swapDate: true },
  { a: m('Andreas', 'Lindner'), b: m('Andreas', 'Lindner'), swapDate: true },
  { a: w('Sabine', 'Fischer'), b: w('Sabine', 'Fischer'), swapDate: true },
  { a: m('Harald', 'Zauner'), b: m('Harald', 'Zauner'), swapDate: true },
  { a: w('Petra', 'Schmid'), b: w('Petra', 'Schmid'), swapDate: true },
  // other alphabets' letters without their accents
  { a: m('Marko', 'Kovačević'), b: m('Marko', 'Kovacevic') },
  { a: m('Dragan', 'Đorđević'), b: m('Dragan', 'Djordjevic') },
  { a: w('Ana', 'Petrović'), b: w('Ana', 'Petrovic') },
  { a: m('Mehmet', 'Yılmaz'), b: m('Mehmet', 'Yilmaz') },
  { a: w('Zsófia', 'Tóth'), b: w('Zsofia', 'Toth') },
  { a: m('Tomáš', 'Dvořák'), b: m('Tomas', 'Dvorak') },
  { a: m('Łukasz', 'Nowak'), b: m('Lukasz', 'Nowak') },
  { a: w('Ivana', 'Jurić'), b: w('Ivana', 'Juric') },
  // double names entered in part, hyphen or not
  { a: w('Anna-Lena', 'Berger'), b: w('Anna Lena', 'Berger') },
  { a: w('Maria', 'Huber-Lang'), b: w('Maria', 'Huber') },
  { a: m('Johann Georg', 'Aigner'), b: m('Johann', 'Aigner') },
  { a: w('Eva-Maria', 'Kogler'), b: w('Eva', 'Kogler') },
  { a: m('Karl', 'Schmidt-Rainer'), b: m('Karl', 'Schmidt Rainer') },
  // two differences at once
  { a: w('Doris', 'Wöhrer'), b: w('Doris', 'Woehrer'), swapDate: true },
  { a: m('Ümit', 'Şahin'), b: swapped(m('Umit', 'Sahin')) },
  { a: m('Bernhard', 'Grünwald'), b: m('Bernhard', 'Grunwald'), swapDate: true },
  { a: w('Jessica', 'Hörmann'), b: w('Jesica', 'Hoermann') },
];

/** Two persons who only look alike. */
const NEAR_MISSES: Variant[] = [
  // the same name a generation apart (father and son, mother and daughter), often the same birthday
  { a: m('Franz', 'Huber'), b: m('Franz', 'Huber'), yearsApart: 28 },
  { a: m('Josef', 'Gruber'), b: m('Josef', 'Gruber'), yearsApart: 31 },
  { a: w('Maria', 'Wagner'), b: w('Maria', 'Wagner'), yearsApart: 25 },
  { a: m('Johann', 'Bauer'), b: m('Johann', 'Bauer'), yearsApart: 33 },
  { a: w('Anna', 'Steiner'), b: w('Anna', 'Steiner'), yearsApart: 27 },
  { a: m('Karl', 'Mayer'), b: m('Karl', 'Mayer'), yearsApart: 30 },
  { a: m('Leopold', 'Wolf'), b: m('Leopold', 'Wolf'), yearsApart: 26 },
  { a: w('Theresia', 'Hofer'), b: w('Theresia', 'Hofer'), yearsApart: 29 },
  { a: m('Georg', 'Eder'), b: m('Georg', 'Eder'), yearsApart: 35 },
  { a: m('Alois', 'Berger'), b: m('Alois', 'Berger'), yearsApart: 24 },
  // a common name, ten years and more apart, another birthday
  { a: m('Thomas', 'Wimmer'), b: m('Thomas', 'Wimmer'), yearsApart: 12, otherDay: true },
  { a: m('Michael', 'Schwarz'), b: m('Michael', 'Schwarz'), yearsApart: 15, otherDay: true },
  { a: w('Sabine', 'Reiter'), b: w('Sabine', 'Reiter'), yearsApart: 11, otherDay: true },
  { a: m('Stefan', 'Winkler'), b: m('Stefan', 'Winkler'), yearsApart: 18, otherDay: true },
  { a: w('Julia', 'Brunner'), b: w('Julia', 'Brunner'), yearsApart: 10, otherDay: true },
  { a: m('Markus', 'Lang'), b: m('Markus', 'Lang'), yearsApart: 22, otherDay: true },
  { a: w('Christina', 'Fuchs'), b: w('Christina', 'Fuchs'), yearsApart: 13, otherDay: true },
  { a: m('Martin', 'Schwaiger'), b: m('Martin', 'Schwaiger'), yearsApart: 16, otherDay: true },
  { a: w('Katharina', 'Pichler'), b: w('Katharina', 'Pichler'), yearsApart: 19, otherDay: true },
  { a: m('Daniel', 'Weber'), b: m('Daniel', 'Weber'), yearsApart: 14, otherDay: true },
  // the same name, the same year, another day (not day and month swapped)
  { a: m('Lukas', 'Maier'), b: m('Lukas', 'Maier'), otherDay: true },
  { a: w('Laura', 'Schneider'), b: w('Laura', 'Schneider'), otherDay: true },
  { a: m('David', 'Hofmann'), b: m('David', 'Hofmann'), otherDay: true },
  { a: w('Sarah', 'Koller'), b: w('Sarah', 'Koller'), otherDay: true },
  { a: m('Tobias', 'Haider'), b: m('Tobias', 'Haider'), otherDay: true },
  // twins and other siblings born the same day, clearly different first names
  { a: m('Lukas', 'Ortner'), b: m('Tobias', 'Ortner') },
  { a: w('Hanna', 'Kaiser'), b: w('Sophie', 'Kaiser') },
  { a: m('Felix', 'Riegler'), b: w('Emma', 'Riegler') },
  { a: m('Jakob', 'Weiß'), b: m('Elias', 'Weiß') },
  { a: w('Marie', 'Haslinger'), b: w('Valentina', 'Haslinger') },
  { a: m('Noah', 'Strasser'), b: w('Mia', 'Strasser') },
  { a: m('Maximilian', 'Hackl'), b: m('Sebastian', 'Hackl') },
  { a: w('Katrin', 'Kern'), b: w('Nina', 'Kern') },
  // twins of different gender with the male and female form of one name
  { a: m('Paul', 'Schuster'), b: w('Paula', 'Schuster') },
  { a: m('Daniel', 'Holzinger'), b: w('Daniela', 'Holzinger') },
  { a: m('Simon', 'Brandl'), b: w('Simone', 'Brandl') },
  { a: m('Michael', 'Kurz'), b: w('Michaela', 'Kurz') },
  { a: m('Christian', 'Hammer'), b: w('Christiane', 'Hammer') },
  { a: m('Johannes', 'Scheiber'), b: w('Johanna', 'Scheiber') },
  { a: m('Leon', 'Hinterberger'), b: w('Leonie', 'Hinterberger') },
  { a: m('Andreas', 'Stadler'), b: w('Andrea', 'Stadler') },
  { a: m('Martin', 'Rainer'), b: w('Martina', 'Rainer') },
  { a: m('Gabriel', 'Fellner'), b: w('Gabriele', 'Fellner') },
  // twins of one gender whose names differ by a letter (hard: a typo looks the same)
  { a: w('Lena', 'Posch'), b: w('Lina', 'Posch') },
  { a: w('Anna', 'Zach'), b: w('Anja', 'Zach') },
  { a: w('Lisa', 'Höller'), b: w('Luisa', 'Höller') },
  // the same surname and birth date, unrelated (another first name, another town)
  { a: m('Herbert', 'Gruber'), b: m('Wolfgang', 'Gruber') },
  { a: w('Elfriede', 'Huber'), b: w('Gertrude', 'Huber') },
  { a: m('Reinhard', 'Wagner'), b: m('Helmut', 'Wagner') },
  { a: w('Birgit', 'Bauer'), b: w('Silvia', 'Bauer') },
];

export type DuplicateSeed = {
  members: MemberRow[];
  assignments: AssignmentRow[];
  /** Pairs of member ids that are one person (lower id first). */
  truePairs: Array<[number, number]>;
  /** Pairs of member ids of two persons who only look alike (lower id first). */
  nearMisses: Array<[number, number]>;
};

const ACTIVE_CLUBS = CLUBS.filter((c) => !c.dissolved && !c.coopPartner);

/** A birth date whose day is 1–12 and not its month, so day and month can be swapped. */
function swappableDate(rng: Rng, year: number): string {
  const month = int(rng, 1, 12);
  let day = int(rng, 1, 12);
  if (day === month) day = (day % 12) + 1;
  return iso(year, month, day);
}

function swapDayMonth(date: string): string {
  return `${date.slice(0, 4)}-${date.slice(8, 10)}-${date.slice(5, 7)}`;
}

/** The duplicate persons of the demo data for the season `year`: member ids 900,001 … 900,200. */
export function buildDuplicateSeed(year: number): DuplicateSeed {
  const out: DuplicateSeed = { members: [], assignments: [], truePairs: [], nearMisses: [] };
  const variants = [...TRUE_PAIRS.map((v) => ({ v, same: true })), ...NEAR_MISSES.map((v) => ({ v, same: false }))];
  const taken = new Set<string>();
  variants.forEach(({ v, same }, index) => {
    const rng = rngFor(26, index);
    const idA = DUPLICATE_ID_BASE + 2 * index + 1;
    const idB = idA + 1;
    // Old enough for the younger of a generation apart to be a member too.
    const age = int(rng, 16, 48);
    const birthA = v.swapDate
      ? swappableDate(rng, year - age - (v.yearsApart ?? 0))
      : dateBetween(rng, iso(year - age - (v.yearsApart ?? 0), 1, 1), iso(year - age - (v.yearsApart ?? 0), 12, 31));
    // 29 February has no counterpart in most years
    let birthB = v.swapDate ? swapDayMonth(birthA) : `${year - age}${birthA.slice(4).replace('-02-29', '-02-28')}`;
    if (!v.yearsApart && !v.swapDate) birthB = birthA;
    if (v.otherDay) {
      // another day of the year, never the same or the day/month-swapped date
      const y = Number(birthB.slice(0, 4));
      do birthB = dateBetween(rng, iso(y, 1, 1), iso(y, 12, 31));
      while (birthB === birthA || birthB === swapDayMonth(birthA) || birthB.slice(5) === birthA.slice(5));
    }
    // A true pair: usually the second record comes from another club of the same state; near
    // misses live in one club (a family) or anywhere.
    const clubA = pick(rng, ACTIVE_CLUBS);
    const sameState = ACTIVE_CLUBS.filter((c) => c.stateId === clubA.stateId && c.id !== clubA.id);
    const clubB = same
      ? pick(rng, index % 4 === 3 || !sameState.length ? ACTIVE_CLUBS : sameState)
      : index % 2
        ? clubA
        : pick(rng, ACTIVE_CLUBS);
    for (const [id, person, birthDate, club] of [
      [idA, v.a, birthA, clubA],
      [idB, v.b, birthB, clubB],
    ] as const) {
      const key = identityKey({ ...person, birthDate });
      if (taken.has(key)) throw new Error(`demo duplicates: identity ${key} twice`);
      taken.add(key);
      out.members.push({ id, ...person, birthDate, zip: club.zip, city: club.city, params: {} });
      out.assignments.push({
        id: assignmentId(id, 0),
        memberId: id,
        orgId: club.id,
        roleId: FUNCTION_MEMBERSHIP,
        dateFrom: dateBetween(rng, iso(year - Math.min(age, 20) + 6, 1, 1), iso(year, 1, 10)),
        dateTo: OPEN_END,
      });
    }
    (same ? out.truePairs : out.nearMisses).push([idA, idB]);
  });
  return out;
}
