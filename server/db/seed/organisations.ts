import type { orders, organisations, places } from '@/server/db/schema';
import type { PlaceParams } from '@/server/db/schema/organisations';
import { FEDERATION_ORG_ID, ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { CLUBS, FEDERATION, STATES, type ClubSeed } from './organisations-data';
import { chance, int, pick, rngFor, shuffled, type Rng } from './random';
import { iso } from './dates';

type OrgRow = typeof organisations.$inferInsert;
type PlaceRow = typeof places.$inferInsert;
type OrderRow = typeof orders.$inferInsert;

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

export function buildOrganisations(): OrgRow[] {
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

  for (const c of CLUBS) {
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
      ...(c.weight <= 2 && chance(rng, 0.5) ? { address: `c/o ${c.name}`, street2: `Postfach ${int(rng, 1, 99)}`, zip2: c.zip, city2: c.city } : {}),
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
export function buildPlaces(): PlaceRow[] {
  const rows: PlaceRow[] = [];
  for (const c of CLUBS) {
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

const CLUB_FEE = 120;
const LICENCE_BASE = 149;
const LICENCE_PRICE = 35;

/**
 * Fees of each club (the organisation's "orders" tab): last year's club fee and licence order
 * released, this year's in various states so the list filters ('Offene Beiträge >=2') show something.
 * Cooperation partners order KOOP categories. Ids are orgId * 10 + n.
 */
export function buildOrders(year: number): OrderRow[] {
  const rows: OrderRow[] = [];
  for (const [index, c] of CLUBS.entries()) {
    const rng = rngFor(3, c.id);
    const koop = c.coopPartner ? 'KOOP_' : '';
    const contact = { address: c.name, street: c.street, zip: c.zip, city: c.city };
    let n = 0;
    const add = (category: string, orderYear: number, released: boolean, members: number) => {
      n += 1;
      const created = iso(orderYear, 1, int(rng, 2, 9));
      const price = category.startsWith('VEREINSBEITRAG') ? CLUB_FEE : LICENCE_BASE + members * LICENCE_PRICE;
      const summary = { price, members };
      rows.push({
        id: c.id * 10 + n,
        orgId: c.id,
        category,
        status: released ? 'Freigegeben' : 'Erstellt',
        completed: released ? iso(orderYear, 1, int(rng, 10, 28)) : null,
        summary,
        params: { ...summary },
        contact,
        createdAt: `${created}T09:00:00.000Z`,
        updatedAt: `${created}T09:00:00.000Z`,
      });
    };
    if (c.dissolved) {
      const last = Number(c.dissolved.slice(0, 4));
      add(`VEREINSBEITRAG_${koop}${last - 1}`, last - 1, true, 0);
      add(`JAHRESLIZENZ_${koop}${last - 1}`, last - 1, true, int(rng, 3, 8));
      add(`VEREINSBEITRAG_${koop}${last}`, last, false, 0);
      continue;
    }
    // Pattern by position: most clubs paid; every 5th has this year's fee open; every 7th also last year's.
    const lastYearPaid = index % 7 !== 3;
    const thisYearPaid = index % 5 !== 2;
    add(`VEREINSBEITRAG_${koop}${year - 1}`, year - 1, lastYearPaid, 0);
    add(`JAHRESLIZENZ_${koop}${year - 1}`, year - 1, true, int(rng, 4, 25));
    add(`VEREINSBEITRAG_${koop}${year}`, year, thisYearPaid, 0);
    if (thisYearPaid) add(`JAHRESLIZENZ_${koop}${year}`, year, index % 3 === 0, int(rng, 3, 20));
  }
  return rows;
}
