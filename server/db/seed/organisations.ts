import type { organisations, places } from '@/server/db/schema';
import type { PlaceParams } from '@/server/db/schema/organisations';
import { FEDERATION_ORG_ID, ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { clubsOf, FEDERATION, STATES, type ClubSeed } from './organisations-data';
import { chance, int, pick, rngFor, shuffled, type Rng } from './random';
import { iso } from './dates';

type OrgRow = typeof organisations.$inferInsert;
type PlaceRow = typeof places.$inferInsert;

/** Lower-case ASCII slug for host names: "1. BSC Graz" → "1-bsc-graz". */
export function slug(text: string): string {
  return asciiFold(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** German letters to ASCII the way Austrians write them in e-mail addresses (ü → ue, ß → ss). */
export function asciiFold(text: string): string {
  return text
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i');
}

const BANK_CODES = ['20111', '12000', '32000', '14000', '38000', '20404', '34000', '39000', '20815', '25000'];

/** Austrian IBAN (AT + check digits + 5-digit bank code + 11-digit account) with valid ISO 7064 check digits. */
export function austrianIban(rng: Rng): string {
  const bban = pick(rng, BANK_CODES) + String(int(rng, 0, 99_999_999_999)).padStart(11, '0');
  // Move "AT00" to the end, letters to numbers (A=10, T=29), then mod 97 in chunks.
  const digits = `${bban}102900`;
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  const check = String(98 - rest).padStart(2, '0');
  return `AT${check}${bban}`.replace(/(.{4})/g, '$1 ').trim();
}

function zvr(rng: Rng): string {
  return String(int(rng, 100_000_000, 999_999_999));
}

function phone(rng: Rng, areaCode: string): string {
  return `+43 ${areaCode} ${int(rng, areaCode.length > 2 ? 1000 : 100000, areaCode.length > 2 ? 99999 : 9999999)}`;
}

function stateOf(club: ClubSeed) {
  return STATES.find((s) => s.id === club.stateId)!;
}

/** The federation, its state associations and the clubs of `year` (including the one founded that year). */
export function buildOrganisations(year: number): OrgRow[] {
  const rows: OrgRow[] = [];
  const fedRng = rngFor(1, 1);
  rows.push({
    id: FEDERATION_ORG_ID,
    name: FEDERATION.name,
    nameShort: FEDERATION.nameShort,
    street: FEDERATION.street,
    zip: FEDERATION.zip,
    city: FEDERATION.city,
    address: 'Haus des Sports',
    email: 'office@oebsv.example.org',
    homepage: 'https://oebsv.example.org',
    phoneOffice: '+43 1 5044455',
    faxOffice: '+43 1 5044456',
    zvr: '094715263',
    dvr: '0815347',
    orgStartDate: FEDERATION.founded,
    orgMotherId: null,
    orgLevel: ORG_LEVEL_FEDERATION,
    params: { iban: austrianIban(fedRng), zvrNumber: '094715263', association: 'Bundes-Sport GmbH' },
  });

  for (const s of STATES) {
    const rng = rngFor(1, s.id);
    const number = zvr(rng);
    rows.push({
      id: s.id,
      name: s.name,
      nameShort: s.nameShort,
      street: s.street,
      zip: s.zip,
      city: s.city,
      email: `office@${slug(s.nameShort)}.example.org`,
      homepage: `https://${slug(s.nameShort)}.example.org`,
      phoneOffice: phone(rng, s.areaCode),
      bso: `${s.code}000`,
      zvr: number,
      orgStartDate: s.founded,
      orgMotherId: FEDERATION_ORG_ID,
      orgLevel: ORG_LEVEL_STATE,
      params: { iban: austrianIban(rng), zvrNumber: number, federalState: s.federalState, association: FEDERATION.nameShort },
    });
  }

  for (const c of clubsOf(year)) {
    const rng = rngFor(1, c.id);
    const number = zvr(rng);
    const host = slug(c.nameShort);
    const state = stateOf(c);
    rows.push({
      id: c.id,
      name: c.name,
      nameShort: c.nameShort,
      street: c.street,
      zip: c.zip,
      city: c.city,
      // Some smaller clubs receive their post through a post-office box (c/o postal address).
      ...(c.weight <= 2 && chance(rng, 0.5)
        ? { address: `c/o ${c.name}`, street2: `Postfach ${int(rng, 1, 99)}`, zip2: c.zip, city2: c.city }
        : {}),
      email: `office@${host}.example.org`,
      homepage: chance(rng, 0.8) ? `https://${host}.example.org` : null,
      phoneOffice: chance(rng, 0.7) ? phone(rng, c.areaCode) : null,
      bso: `${state.code}${String(c.id).padStart(3, '0')}`,
      zvr: number,
      orgStartDate: c.founded,
      orgEndDate: c.dissolved ?? null,
      inoperativeSince: c.dissolved ? iso(Number(c.dissolved.slice(0, 4)) - 1, 6, 30) : null,
      orgMotherId: c.stateId,
      orgLevel: ORG_LEVEL_CLUB,
      params: {
        iban: austrianIban(rng),
        zvrNumber: number,
        federalState: state.federalState,
        association: c.umbrella,
        section: Boolean(c.parentClub),
        coop_partner: Boolean(c.coopPartner),
        ...(c.parentClub ? { clubName: c.parentClub, clubNameVisible: true } : {}),
      },
    });
  }
  return rows;
}

const OPENING_HOURS = [
  'Di, Do 18:00–21:00',
  'Mo, Mi 17:30–20:30; Sa 14:00–17:00',
  'Sa 9:00–12:00, So 14:00–18:00',
  'Mi 18:00–21:00, Fr 17:00–20:00',
  'Mo–Fr 17:00–20:00 (November bis März)',
  'täglich bei Tageslicht (nur Mitglieder mit Schlüssel)',
  'April bis Oktober: Sa, So 10:00–18:00',
];

type PlaceKind = { name: (c: ClubSeed) => string; training: PlaceParams['training'] };
const PLACE_KINDS: PlaceKind[] = [
  { name: (c) => `Bogensportplatz ${c.city.replace(' am Wörthersee', '')}`, training: ['Outdoor'] },
  { name: (c) => `Sporthalle ${c.city.replace(' am Wörthersee', '')}`, training: ['Indoor'] },
  { name: () => '3D-Parcours am Waldrand', training: ['3D', 'Feld'] },
  { name: (c) => `Turnsaal Mittelschule ${c.city.replace(' am Wörthersee', '')}`, training: ['Indoor'] },
  { name: () => 'Feldbogenparcours Hochwald', training: ['Feld'] },
];

const PLACE_STREETS = ['Sportplatzweg', 'Schulgasse', 'Am Sportzentrum', 'Waldstraße', 'Auweg', 'Stadionstraße'];

/** One to three training places per club, within a few kilometres of the club's town. */
export function buildPlaces(year: number): PlaceRow[] {
  const rows: PlaceRow[] = [];
  for (const c of clubsOf(year)) {
    const rng = rngFor(2, c.id);
    const count = c.weight >= 4 ? 3 : int(rng, 1, 2);
    // Every club has an outdoor range; more places add a hall and a parcours.
    const kinds = [0, ...shuffled(rng, [1, 2, 3, 4])].slice(0, count);
    kinds.forEach((kind, k) => {
      const place = PLACE_KINDS[kind];
      rows.push({
        id: c.id * 10 + k + 1,
        orgId: c.id,
        pname: place.name(c),
        address: `${pick(rng, PLACE_STREETS)} ${int(rng, 1, 60)}`,
        zip: c.zip,
        city: c.city,
        lat: Number((c.lat + (rng() - 0.5) * 0.05).toFixed(6)),
        lon: Number((c.lon + (rng() - 0.5) * 0.07).toFixed(6)),
        params: { openingHours: pick(rng, OPENING_HOURS), training: place.training },
      });
    });
  }
  return rows;
}
