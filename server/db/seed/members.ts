import type { functionAssignments, memberTrainings, members } from '@/server/db/schema';
import { FEDERATION_ORG_ID } from '@/lib/domain/functions';
import { COUNTRY_AT, FOREIGN_NATIONALITIES } from './countries';
import { addDays, addMonths, dateBetween, iso, maxDate, minDate, OPEN_END } from './dates';
import { DIVERSE_FIRST_NAMES, FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, MOBILE_PREFIXES, STREETS, SURNAMES } from './names';
import { CLUBS, DEMO_CLUB_ID, STATES, type ClubSeed } from './organisations-data';
import { asciiFold } from './organisations';
import { chance, int, pick, rngFor, weightedIndex, type Rng } from './random';
import { ROLE } from './roles';
import { TRAINING } from './trainings';

export type MemberRow = typeof members.$inferInsert;
export type AssignmentRow = typeof functionAssignments.$inferInsert;
export type MemberTrainingRow = typeof memberTrainings.$inferInsert;

/** Members 1–5 are the demo accounts; generated members follow. */
export const FIRST_GENERATED_MEMBER_ID = 6;

/*
 * Fixed ids make a second run a no-op (ON CONFLICT DO NOTHING) and keep member n's rows the same
 * whatever the member count: each generated member owns a block of assignment and training ids.
 * Ids below the bases are reserved for the demo accounts.
 */
const ASSIGNMENT_ID_BASE = 1000;
const ASSIGNMENT_SLOTS = 10;
const TRAINING_ID_BASE = 1000;
const TRAINING_SLOTS = 6;

const SLOT = {
  membership: 0,
  secondMembership: 1,
  licencePast: 2,
  licence: 3,
  licenceOlder: 4,
  board: 5,
  coach: 6,
  referee: 7,
  association: 8,
  extra: 9,
} as const;

export function assignmentId(memberId: number, slot: number): number {
  return ASSIGNMENT_ID_BASE + memberId * ASSIGNMENT_SLOTS + slot;
}

function trainingId(memberId: number, slot: number): number {
  return TRAINING_ID_BASE + memberId * TRAINING_SLOTS + slot;
}

/** Identity as the members_identity_unique index sees it (lower first name, lower surname, gender, birth date). */
export function identityKey(m: Pick<MemberRow, 'firstName' | 'surname' | 'gender' | 'birthDate'>): string {
  return `${m.firstName.toLowerCase()}|${m.surname.toLowerCase()}|${m.gender}|${m.birthDate}`;
}

type LicenceKind = 'active' | 'expired' | 'unlimited' | 'none';
type Archetype = { age: number; licence: LicenceKind; ended?: boolean; secondClub?: boolean };

/*
 * The first generated members are fixed archetypes in the demo club, so that even a tiny seed
 * (tests use 60) has every age class, licences active/expired/unlimited, an ended membership
 * and a member of two clubs.
 */
const ARCHETYPES: Archetype[] = [
  { age: 7, licence: 'none' },
  { age: 11, licence: 'active' },
  { age: 14, licence: 'active' },
  { age: 16, licence: 'expired' },
  { age: 19, licence: 'active' },
  { age: 35, licence: 'unlimited' },
  { age: 57, licence: 'active' },
  { age: 72, licence: 'expired' },
  { age: 45, licence: 'expired', ended: true, secondClub: true },
  { age: 28, licence: 'active', secondClub: true },
  { age: 41, licence: 'none', ended: true },
  { age: 66, licence: 'unlimited' },
];

/** Age buckets (age = year minus birth year): U10, U13, U15, U18, U21, Allgem. Klasse, 50+, 65+. */
const AGE_BUCKETS: ReadonlyArray<readonly [min: number, max: number, weight: number]> = [
  [6, 9, 5],
  [10, 12, 7],
  [13, 14, 6],
  [15, 17, 8],
  [18, 20, 6],
  [21, 49, 41],
  [50, 64, 18],
  [65, 85, 9],
];

const AGE_WEIGHTS = AGE_BUCKETS.map((b) => b[2]);

const BOARD_ROLES = [ROLE.chair, ROLE.viceChair, ROLE.treasurer, ROLE.secretary, ROLE.auditor, ROLE.viceTreasurer, ROLE.viceSecretary];
const STATE_BOARD_ROLES = [ROLE.president, ROLE.vicePresident, ROLE.stateSportsDirector, ROLE.refereeOfficer];
const FEDERATION_BOARD_ROLES = [ROLE.president, ROLE.vicePresident, ROLE.generalSecretary, ROLE.nationalCoach];
const CLUB_SERVICE_ROLES = [
  ROLE.equipmentWarden,
  ROLE.groundsKeeper,
  ROLE.webmaster,
  ROLE.courseBuilder,
  ROLE.youthWarden,
  ROLE.sportsWarden,
  ROLE.mediaOfficer,
];

const ACTIVE_CLUBS = CLUBS.filter((c) => !c.dissolved);
const DEMO_CLUB = CLUBS.find((c) => c.id === DEMO_CLUB_ID)!;
const CLUB_WEIGHTS = CLUBS.map((c) => c.weight);
const ACTIVE_WEIGHTS = ACTIVE_CLUBS.map((c) => c.weight);
const STATE_CODE = new Map(STATES.map((s) => [s.id, s.code]));

export type Generated = { members: MemberRow[]; assignments: AssignmentRow[]; trainings: MemberTrainingRow[] };

/** The name of who signs Safety First off in a club (the club's instructor), stable per club. */
function clubInstructor(club: ClubSeed): string {
  const rng = rngFor(4, club.id);
  return `${pick(rng, MALE_FIRST_NAMES.concat(FEMALE_FIRST_NAMES))} ${pick(rng, SURNAMES)}`;
}

/**
 * Generates members in id order, a chunk at a time, so 100,000 members never sit in memory at once.
 * State carried between chunks (taken identities, board seats filled) depends only on earlier
 * members, so the first n members are identical whatever the total.
 */
export class MemberGenerator {
  private nextIndex = 0;
  private readonly identities: Set<string>;
  private readonly boardSeats = new Map<number, number>();
  private readonly stateSeats = new Map<number, number>();
  private federationSeats = 0;
  private readonly instructors = new Map(CLUBS.map((c) => [c.id, clubInstructor(c)]));

  /**
   * @param year the season the data is built for (see seedDemo: the clock's year)
   * @param taken identity keys already used (the demo accounts)
   * @param boardTaken board roles already held per club (the demo chair of the demo club)
   */
  constructor(
    private readonly total: number,
    private readonly year: number,
    taken: Iterable<string>,
    boardTaken: Iterable<[clubId: number, seats: number]> = [],
  ) {
    this.identities = new Set(taken);
    for (const [club, seats] of boardTaken) this.boardSeats.set(club, seats);
  }

  get done(): boolean {
    return this.nextIndex >= this.total;
  }

  next(chunk: number): Generated {
    const out: Generated = { members: [], assignments: [], trainings: [] };
    const end = Math.min(this.total, this.nextIndex + chunk);
    for (; this.nextIndex < end; this.nextIndex++) this.member(this.nextIndex, out);
    return out;
  }

  private member(index: number, out: Generated): void {
    const id = FIRST_GENERATED_MEMBER_ID + index;
    const rng = rngFor(10, id);
    const y = this.year;
    const archetype = ARCHETYPES[index];

    const bucket = AGE_BUCKETS[weightedIndex(rng, AGE_WEIGHTS)];
    const age = archetype?.age ?? int(rng, bucket[0], bucket[1]);
    let club = archetype ? DEMO_CLUB : CLUBS[weightedIndex(rng, CLUB_WEIGHTS)];
    // Nobody too young to have joined before the club was dissolved belongs to it.
    if (club.dissolved && y - age + 8 > Number(club.dissolved.slice(0, 4))) club = ACTIVE_CLUBS[weightedIndex(rng, ACTIVE_WEIGHTS)];
    const roll = rng();
    const gender: MemberRow['gender'] = roll < 0.006 ? 'd' : roll < 0.4 ? 'w' : 'm';
    const names = gender === 'd' ? DIVERSE_FIRST_NAMES : gender === 'w' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES;

    // Draw name and birth date until the identity is free (the unique index must never be hit).
    let firstName = '';
    let surname = '';
    let birthDate = '';
    for (let attempt = 0; ; attempt++) {
      firstName = pick(rng, names);
      surname = pick(rng, SURNAMES);
      birthDate = dateBetween(rng, iso(y - age, 1, 1), iso(y - age, 12, 31));
      const key = identityKey({ firstName, surname, gender, birthDate });
      if (!this.identities.has(key)) {
        this.identities.add(key);
        break;
      }
      if (attempt > 1000) throw new Error(`demo data: no free identity for member ${id}`);
    }

    // Membership in the club: joined at 6 at the earliest, not before the club was founded.
    const dissolved = club.dissolved;
    // Archetypes joined two seasons ago at the latest, so their licence history fits.
    const latestJoin = dissolved ? addDays(dissolved, -365) : archetype ? iso(y - 2, 12, 31) : iso(y, 1, 10);
    const earliestJoin = minDate(latestJoin, maxDate(maxDate(iso(y - age + 6, 1, 1), club.founded), iso(y - 45, 1, 1)));
    const ending = Boolean(dissolved) || (archetype ? Boolean(archetype.ended) : age >= 12 && chance(rng, 0.12));
    const joined = dateBetween(rng, earliestJoin, ending && !dissolved ? minDate(latestJoin, iso(y - 2, 12, 31)) : latestJoin);
    const left = dissolved ?? (ending ? dateBetween(rng, addDays(joined, 200), iso(y - 1, 12, 31)) : OPEN_END);
    const membershipActive = left === OPEN_END;
    out.assignments.push({
      id: assignmentId(id, SLOT.membership),
      memberId: id,
      orgId: club.id,
      roleId: ROLE.member,
      dateFrom: joined,
      dateTo: left,
    });

    // A second club: those who left often joined another club of their state; a few belong to two at once.
    let currentClub: ClubSeed | undefined = membershipActive ? club : undefined;
    const wantsSecond = archetype ? Boolean(archetype.secondClub) : membershipActive ? chance(rng, 0.05) : chance(rng, 0.45);
    if (wantsSecond) {
      const sameState = ACTIVE_CLUBS.filter((c) => c.stateId === club.stateId && c.id !== club.id && !c.coopPartner);
      const other = pick(rng, sameState.length ? sameState : ACTIVE_CLUBS.filter((c) => c.id !== club.id));
      const from = membershipActive
        ? dateBetween(rng, maxDate(joined, other.founded), iso(y, 1, 10))
        : dateBetween(rng, maxDate(addDays(left, 1), other.founded), minDate(maxDate(addDays(left, 400), other.founded), iso(y, 1, 10)));
      out.assignments.push({
        id: assignmentId(id, SLOT.secondMembership),
        memberId: id,
        orgId: other.id,
        roleId: ROLE.member,
        dateFrom: from,
        dateTo: OPEN_END,
      });
      currentClub ??= other;
    }

    // Licences (function 29) at the club the member shoots for.
    let licence: LicenceKind = archetype?.licence ?? 'none';
    if (!archetype) {
      const r = rng();
      if (!currentClub) licence = r < 0.6 ? 'expired' : 'none';
      else if (age < 8) licence = r < 0.3 ? 'active' : 'none';
      else licence = r < 0.55 ? 'active' : r < 0.65 ? 'expired' : r < 0.68 ? 'unlimited' : 'none';
    }
    const licenceClub = currentClub ?? club;
    const lastSeason = Math.min(y - 1, Number(left.slice(0, 4)));
    if (licence === 'expired' && lastSeason < Number(joined.slice(0, 4))) licence = 'none';
    if ((licence === 'active' || licence === 'unlimited') && !currentClub) licence = 'expired';
    const season = (year: number, slot: number, orgId: number) =>
      out.assignments.push({
        id: assignmentId(id, slot),
        memberId: id,
        orgId,
        roleId: ROLE.licence,
        dateFrom: iso(year, 1, 1),
        dateTo: iso(year, 12, 31),
      });
    if (licence === 'active') {
      season(y, SLOT.licence, licenceClub.id);
      if (Number(joined.slice(0, 4)) < y - 1 && chance(rng, 0.8)) season(y - 1, SLOT.licencePast, club.id);
      if (Number(joined.slice(0, 4)) < y - 2 && chance(rng, 0.5)) season(y - 2, SLOT.licenceOlder, club.id);
    } else if (licence === 'expired') {
      season(lastSeason, SLOT.licencePast, club.id);
      if (Number(joined.slice(0, 4)) < lastSeason && chance(rng, 0.5)) season(lastSeason - 1, SLOT.licenceOlder, club.id);
    } else if (licence === 'unlimited') {
      out.assignments.push({
        id: assignmentId(id, SLOT.licence),
        memberId: id,
        orgId: licenceClub.id,
        roleId: ROLE.licence,
        dateFrom: iso(Math.max(Number(joined.slice(0, 4)), y - 15), 1, 1),
        dateTo: OPEN_END,
      });
    }

    const adult = age >= 21;
    const since = (from: string) => dateBetween(rng, from, maxDate(from, iso(y - 1, 6, 30)));

    // Board of the club: the first adult members (in id order) take the seats.
    if (adult && membershipActive && !club.coopPartner) {
      const taken = this.boardSeats.get(club.id) ?? 0;
      if (taken < BOARD_ROLES.length && chance(rng, 0.5)) {
        this.boardSeats.set(club.id, taken + 1);
        out.assignments.push({
          id: assignmentId(id, SLOT.board),
          memberId: id,
          orgId: club.id,
          roleId: BOARD_ROLES[taken],
          dateFrom: since(joined),
          dateTo: OPEN_END,
        });
      }
    }

    // Coaches, with the course that qualifies them.
    if (age >= 18 && currentClub && chance(rng, 0.05)) {
      const r = rng();
      const roleId = r < 0.5 ? ROLE.instructorAssistant : r < 0.8 ? ROLE.trainer : ROLE.instructor;
      const course =
        roleId === ROLE.instructorAssistant
          ? TRAINING.instructorAssistant
          : roleId === ROLE.instructor
            ? TRAINING.instructor
            : chance(rng, 0.25)
              ? TRAINING.trainerA
              : TRAINING.trainerB;
      const qualified = since(maxDate(joined, iso(y - age + 18, 1, 1)));
      out.trainings.push({
        id: trainingId(id, 2),
        memberId: id,
        trainingId: course,
        orgId: FEDERATION_ORG_ID,
        dateFrom: qualified,
        dateTo: null,
        controller: 'ÖBSV Lehrreferat',
      });
      out.assignments.push({
        id: assignmentId(id, SLOT.coach),
        memberId: id,
        orgId: currentClub.id,
        roleId,
        dateFrom: qualified,
        dateTo: OPEN_END,
      });
      if (chance(rng, 0.6)) {
        const from = dateBetween(rng, iso(y - 3, 1, 1), iso(y - 1, 11, 30));
        out.trainings.push({
          id: trainingId(id, 4),
          memberId: id,
          trainingId: TRAINING.childProtection,
          orgId: currentClub.stateId,
          dateFrom: from,
          dateTo: addMonths(from, 36),
          controller: 'Landesverband',
        });
      }
    }

    // Referees are registered with their state association; the course is valid four years.
    if (adult && currentClub && chance(rng, 0.025)) {
      const a = chance(rng, 0.35);
      const certified = since(maxDate(joined, iso(y - 12, 1, 1)));
      out.trainings.push({
        id: trainingId(id, 3),
        memberId: id,
        trainingId: a ? TRAINING.refereeA : TRAINING.refereeB,
        orgId: FEDERATION_ORG_ID,
        dateFrom: certified,
        dateTo: addMonths(certified, 48),
        controller: 'ÖBSV Schiedsrichterreferat',
      });
      out.assignments.push({
        id: assignmentId(id, SLOT.referee),
        memberId: id,
        orgId: currentClub.stateId,
        roleId: a ? ROLE.refereeA : ROLE.refereeB,
        dateFrom: certified,
        dateTo: OPEN_END,
      });
    }

    // Boards of the state associations and the federation.
    if (adult && age <= 75 && currentClub) {
      const stateTaken = this.stateSeats.get(currentClub.stateId) ?? 0;
      if (stateTaken < STATE_BOARD_ROLES.length && chance(rng, 0.15)) {
        this.stateSeats.set(currentClub.stateId, stateTaken + 1);
        out.assignments.push({
          id: assignmentId(id, SLOT.association),
          memberId: id,
          orgId: currentClub.stateId,
          roleId: STATE_BOARD_ROLES[stateTaken],
          dateFrom: since(joined),
          dateTo: OPEN_END,
        });
      } else if (this.federationSeats < FEDERATION_BOARD_ROLES.length && age >= 35 && chance(rng, 0.05)) {
        const roleId = FEDERATION_BOARD_ROLES[this.federationSeats++];
        out.assignments.push({
          id: assignmentId(id, SLOT.association),
          memberId: id,
          orgId: FEDERATION_ORG_ID,
          roleId,
          dateFrom: since(joined),
          dateTo: OPEN_END,
        });
      }
    }

    // Club services, squads and honours.
    if (currentClub) {
      if (age >= 16 && chance(rng, 0.03)) {
        out.assignments.push({
          id: assignmentId(id, SLOT.extra),
          memberId: id,
          orgId: currentClub.id,
          roleId: pick(rng, CLUB_SERVICE_ROLES),
          dateFrom: since(joined),
          dateTo: OPEN_END,
        });
      } else if (age >= 14 && age <= 30 && licence === 'active' && chance(rng, 0.04)) {
        out.assignments.push({
          id: assignmentId(id, SLOT.extra),
          memberId: id,
          orgId: currentClub.stateId,
          roleId: ROLE.stateSquad,
          dateFrom: iso(y, 1, 1),
          dateTo: iso(y, 12, 31),
        });
      } else if (age >= 65 && chance(rng, 0.05)) {
        out.assignments.push({
          id: assignmentId(id, SLOT.extra),
          memberId: id,
          orgId: currentClub.id,
          roleId: ROLE.honoraryMember,
          dateFrom: since(joined),
          dateTo: OPEN_END,
        });
      }
    }

    // Safety First: everyone who ever held a licence, and many others; recorded by the club.
    const hadLicence = licence !== 'none';
    if (age >= 6 && (hadLicence ? chance(rng, licence === 'expired' ? 0.9 : 1) : chance(rng, 0.35))) {
      out.trainings.push({
        id: trainingId(id, 0),
        memberId: id,
        trainingId: TRAINING.safetyFirst,
        orgId: club.id,
        dateFrom: dateBetween(rng, joined, minDate(addDays(joined, 120), iso(y, 1, 10))),
        dateTo: null,
        controller: this.instructors.get(club.id)!,
      });
    }
    if (adult && chance(rng, 0.12)) {
      const from = dateBetween(rng, iso(y - 5, 1, 1), iso(y - 1, 11, 30));
      out.trainings.push({
        id: trainingId(id, 1),
        memberId: id,
        trainingId: TRAINING.firstAid,
        orgId: club.id,
        dateFrom: from,
        dateTo: addMonths(from, 24),
        controller: pick(rng, ['Österreichisches Rotes Kreuz', 'Arbeiter-Samariter-Bund']),
      });
    }

    const folded = `${asciiFold(firstName)}.${asciiFold(surname)}`.toLowerCase().replace(/[^a-z0-9.]+/g, '');
    out.members.push({
      id,
      regNr: hadLicence ? `${STATE_CODE.get(club.stateId)}${String(id).padStart(6, '0')}` : null,
      firstName,
      middleName: chance(rng, 0.04) ? pick(rng, names) : null,
      surname,
      birthDate,
      gender,
      ...nationality(rng),
      street: pick(rng, STREETS),
      houseNumber: String(int(rng, 1, 120)) + (chance(rng, 0.08) ? pick(rng, ['a', 'b', 'c']) : ''),
      doorNumber: chance(rng, 0.4) ? `${int(rng, 1, 4)}/${int(rng, 1, 24)}` : null,
      zip: club.zip,
      city: club.city,
      phoneMobile: age >= 12 && chance(rng, 0.85) ? `+43 ${pick(rng, MOBILE_PREFIXES)} ${int(rng, 1_000_000, 9_999_999)}` : null,
      phoneFixed:
        age >= 40 && chance(rng, 0.3) ? `+43 ${club.areaCode} ${int(rng, 10_000, club.areaCode.length > 2 ? 99_999 : 9_999_999)}` : null,
      // Unique by construction (the id is part of it); lower-case as the sign-in lookup expects.
      email: age >= 10 && chance(rng, 0.88) ? `${folded}.${id}@example.com` : null,
      params: { profileVisible: chance(rng, 0.6), phoneMobileVisible: chance(rng, 0.3), emailVisible: chance(rng, 0.4) },
    });
  }
}

const FOREIGN_WEIGHTS = FOREIGN_NATIONALITIES.map((f) => f[1]);

function nationality(rng: Rng): Pick<MemberRow, 'nationality' | 'country'> {
  if (chance(rng, 0.9)) return { nationality: COUNTRY_AT, country: COUNTRY_AT };
  const foreign = FOREIGN_NATIONALITIES[weightedIndex(rng, FOREIGN_WEIGHTS)][0];
  // Most foreign nationals live in Austria; some commute across the border.
  return { nationality: foreign, country: chance(rng, 0.15) ? foreign : COUNTRY_AT };
}
