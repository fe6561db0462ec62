import type { countries } from '@/server/db/schema';

/**
 * Countries for nationality and residence. The id is the ISO 3166-1 numeric code, so ids are
 * stable across installations and recognisable (AT = 40, DE = 276).
 */
export const COUNTRY_ROWS: Array<typeof countries.$inferInsert> = [
  { id: 40, iso2: 'AT', nameDe: 'Österreich', nameEn: 'Austria' },
  { id: 276, iso2: 'DE', nameDe: 'Deutschland', nameEn: 'Germany' },
  { id: 756, iso2: 'CH', nameDe: 'Schweiz', nameEn: 'Switzerland' },
  { id: 438, iso2: 'LI', nameDe: 'Liechtenstein', nameEn: 'Liechtenstein' },
  { id: 380, iso2: 'IT', nameDe: 'Italien', nameEn: 'Italy' },
  { id: 705, iso2: 'SI', nameDe: 'Slowenien', nameEn: 'Slovenia' },
  { id: 348, iso2: 'HU', nameDe: 'Ungarn', nameEn: 'Hungary' },
  { id: 203, iso2: 'CZ', nameDe: 'Tschechien', nameEn: 'Czechia' },
  { id: 703, iso2: 'SK', nameDe: 'Slowakei', nameEn: 'Slovakia' },
  { id: 191, iso2: 'HR', nameDe: 'Kroatien', nameEn: 'Croatia' },
  { id: 70, iso2: 'BA', nameDe: 'Bosnien und Herzegowina', nameEn: 'Bosnia and Herzegovina' },
  { id: 688, iso2: 'RS', nameDe: 'Serbien', nameEn: 'Serbia' },
  { id: 499, iso2: 'ME', nameDe: 'Montenegro', nameEn: 'Montenegro' },
  { id: 807, iso2: 'MK', nameDe: 'Nordmazedonien', nameEn: 'North Macedonia' },
  { id: 8, iso2: 'AL', nameDe: 'Albanien', nameEn: 'Albania' },
  { id: 616, iso2: 'PL', nameDe: 'Polen', nameEn: 'Poland' },
  { id: 642, iso2: 'RO', nameDe: 'Rumänien', nameEn: 'Romania' },
  { id: 100, iso2: 'BG', nameDe: 'Bulgarien', nameEn: 'Bulgaria' },
  { id: 300, iso2: 'GR', nameDe: 'Griechenland', nameEn: 'Greece' },
  { id: 792, iso2: 'TR', nameDe: 'Türkei', nameEn: 'Türkiye' },
  { id: 250, iso2: 'FR', nameDe: 'Frankreich', nameEn: 'France' },
  { id: 528, iso2: 'NL', nameDe: 'Niederlande', nameEn: 'Netherlands' },
  { id: 56, iso2: 'BE', nameDe: 'Belgien', nameEn: 'Belgium' },
  { id: 442, iso2: 'LU', nameDe: 'Luxemburg', nameEn: 'Luxembourg' },
  { id: 826, iso2: 'GB', nameDe: 'Vereinigtes Königreich', nameEn: 'United Kingdom' },
  { id: 372, iso2: 'IE', nameDe: 'Irland', nameEn: 'Ireland' },
  { id: 724, iso2: 'ES', nameDe: 'Spanien', nameEn: 'Spain' },
  { id: 620, iso2: 'PT', nameDe: 'Portugal', nameEn: 'Portugal' },
  { id: 208, iso2: 'DK', nameDe: 'Dänemark', nameEn: 'Denmark' },
  { id: 752, iso2: 'SE', nameDe: 'Schweden', nameEn: 'Sweden' },
  { id: 578, iso2: 'NO', nameDe: 'Norwegen', nameEn: 'Norway' },
  { id: 246, iso2: 'FI', nameDe: 'Finnland', nameEn: 'Finland' },
  { id: 233, iso2: 'EE', nameDe: 'Estland', nameEn: 'Estonia' },
  { id: 428, iso2: 'LV', nameDe: 'Lettland', nameEn: 'Latvia' },
  { id: 440, iso2: 'LT', nameDe: 'Litauen', nameEn: 'Lithuania' },
  { id: 804, iso2: 'UA', nameDe: 'Ukraine', nameEn: 'Ukraine' },
  { id: 112, iso2: 'BY', nameDe: 'Belarus', nameEn: 'Belarus' },
  { id: 498, iso2: 'MD', nameDe: 'Moldau', nameEn: 'Moldova' },
  { id: 643, iso2: 'RU', nameDe: 'Russland', nameEn: 'Russia' },
  { id: 840, iso2: 'US', nameDe: 'Vereinigte Staaten', nameEn: 'United States' },
  { id: 124, iso2: 'CA', nameDe: 'Kanada', nameEn: 'Canada' },
  { id: 36, iso2: 'AU', nameDe: 'Australien', nameEn: 'Australia' },
  { id: 392, iso2: 'JP', nameDe: 'Japan', nameEn: 'Japan' },
  { id: 410, iso2: 'KR', nameDe: 'Südkorea', nameEn: 'South Korea' },
  { id: 156, iso2: 'CN', nameDe: 'China', nameEn: 'China' },
  { id: 356, iso2: 'IN', nameDe: 'Indien', nameEn: 'India' },
  { id: 76, iso2: 'BR', nameDe: 'Brasilien', nameEn: 'Brazil' },
  { id: 484, iso2: 'MX', nameDe: 'Mexiko', nameEn: 'Mexico' },
  { id: 364, iso2: 'IR', nameDe: 'Iran', nameEn: 'Iran' },
  { id: 760, iso2: 'SY', nameDe: 'Syrien', nameEn: 'Syria' },
  { id: 4, iso2: 'AF', nameDe: 'Afghanistan', nameEn: 'Afghanistan' },
  { id: 818, iso2: 'EG', nameDe: 'Ägypten', nameEn: 'Egypt' },
];

export const COUNTRY_AT = 40;

/** Nationalities other than Austrian, with rough weights for a Central European club scene. */
export const FOREIGN_NATIONALITIES: ReadonlyArray<readonly [number, number]> = [
  [276, 30], // DE
  [191, 8], // HR
  [70, 6], // BA
  [688, 6], // RS
  [348, 6], // HU
  [792, 5], // TR
  [705, 4], // SI
  [380, 4], // IT
  [703, 4], // SK
  [203, 4], // CZ
  [642, 4], // RO
  [616, 4], // PL
  [756, 3], // CH
  [804, 3], // UA
  [528, 2], // NL
];
