/**
 * The organisation tree of the demo federation: the federation, the nine state associations and
 * their clubs, with real Austrian towns (postcode, coordinates, telephone area code).
 * Names are invented; addresses are plausible but made up.
 */

export type Umbrella = 'ASKÖ' | 'ASVÖ' | 'SPORTUNION';

export type StateSeed = {
  id: number;
  /** Official Bundesland code 1–9, used in BSO numbers. */
  code: number;
  federalState: string;
  name: string;
  nameShort: string;
  street: string;
  zip: string;
  city: string;
  areaCode: string;
  founded: string;
};

export type ClubSeed = {
  id: number;
  stateId: number;
  name: string;
  nameShort: string;
  street: string;
  zip: string;
  city: string;
  lat: number;
  lon: number;
  areaCode: string;
  founded: string;
  umbrella: Umbrella;
  /** Relative share of the generated members. */
  weight: number;
  /** Set when the club is a section of a multi-sport club (params.section, params.clubName). */
  parentClub?: string;
  coopPartner?: boolean;
  /** Dissolved on this date (orgEndDate). */
  dissolved?: string;
};

export const FEDERATION = {
  id: 1,
  name: 'Österreichischer Bogensportverband',
  nameShort: 'ÖBSV',
  street: 'Prinz-Eugen-Straße 12',
  zip: '1040',
  city: 'Wien',
  areaCode: '1',
  founded: '1953-05-16',
} as const;

export const STATES: StateSeed[] = [
  { id: 2, code: 1, federalState: 'Burgenland', name: 'Burgenländischer Bogensportverband', nameShort: 'BBSV', street: 'Ruster Straße 21', zip: '7000', city: 'Eisenstadt', areaCode: '2682', founded: '1979-02-10' },
  { id: 3, code: 2, federalState: 'Kärnten', name: 'Kärntner Bogensportverband', nameShort: 'KBSV', street: 'Fischlstraße 40', zip: '9020', city: 'Klagenfurt am Wörthersee', areaCode: '463', founded: '1975-10-04' },
  { id: 4, code: 3, federalState: 'Niederösterreich', name: 'Bogensportverband Niederösterreich', nameShort: 'BSV NÖ', street: 'Dr.-Adolf-Schärf-Straße 25', zip: '3100', city: 'St. Pölten', areaCode: '2742', founded: '1972-03-18' },
  { id: 5, code: 4, federalState: 'Oberösterreich', name: 'Oberösterreichischer Bogensportverband', nameShort: 'OÖBSV', street: 'Auf der Gugl 30', zip: '4020', city: 'Linz', areaCode: '732', founded: '1970-11-21' },
  { id: 6, code: 5, federalState: 'Salzburg', name: 'Salzburger Bogensportverband', nameShort: 'SBSV', street: 'Hermann-Bahr-Promenade 2', zip: '5020', city: 'Salzburg', areaCode: '662', founded: '1974-06-01' },
  { id: 7, code: 6, federalState: 'Steiermark', name: 'Steirischer Bogensportverband', nameShort: 'StBSV', street: 'Schießstattgasse 65', zip: '8010', city: 'Graz', areaCode: '316', founded: '1969-09-13' },
  { id: 8, code: 7, federalState: 'Tirol', name: 'Tiroler Bogensportverband', nameShort: 'TBSV', street: 'Olympiastraße 10', zip: '6020', city: 'Innsbruck', areaCode: '512', founded: '1973-04-07' },
  { id: 9, code: 8, federalState: 'Vorarlberg', name: 'Vorarlberger Bogensportverband', nameShort: 'VBSV', street: 'Höchsterstraße 82', zip: '6850', city: 'Dornbirn', areaCode: '5572', founded: '1977-01-22' },
  { id: 10, code: 9, federalState: 'Wien', name: 'Wiener Bogensportverband', nameShort: 'WBSV', street: 'Hopsagasse 5', zip: '1200', city: 'Wien', areaCode: '1', founded: '1968-12-05' },
];

export const NOE = 4;

export const CLUBS: ClubSeed[] = [
  // Niederösterreich
  { id: 11, stateId: 4, name: 'BSV Wiener Neustadt', nameShort: 'BSV WN', street: 'Zehnergürtel 12', zip: '2700', city: 'Wiener Neustadt', lat: 47.8151, lon: 16.2465, areaCode: '2622', founded: '1976-03-12', umbrella: 'ASKÖ', weight: 9 },
  { id: 12, stateId: 4, name: 'Union Bogenschützen St. Pölten', nameShort: 'UBS St. Pölten', street: 'Jahnstraße 8', zip: '3100', city: 'St. Pölten', lat: 48.2047, lon: 15.6256, areaCode: '2742', founded: '1981-05-02', umbrella: 'SPORTUNION', weight: 4 },
  { id: 13, stateId: 4, name: '1. Bogensportclub Krems', nameShort: '1. BSC Krems', street: 'Dr.-Karl-Dorrek-Straße 30', zip: '3500', city: 'Krems an der Donau', lat: 48.4109, lon: 15.61, areaCode: '2732', founded: '1978-09-23', umbrella: 'ASVÖ', weight: 3 },
  { id: 14, stateId: 4, name: 'Bogensportverein Baden', nameShort: 'BSV Baden', street: 'Waltersdorfer Straße 44', zip: '2500', city: 'Baden', lat: 48.0069, lon: 16.2308, areaCode: '2252', founded: '1985-02-14', umbrella: 'ASKÖ', weight: 3 },
  { id: 15, stateId: 4, name: 'Bogenschützen Amstetten', nameShort: 'BS Amstetten', street: 'Stadionstraße 12', zip: '3300', city: 'Amstetten', lat: 48.1229, lon: 14.872, areaCode: '7472', founded: '1990-06-30', umbrella: 'ASVÖ', weight: 2 },
  { id: 16, stateId: 4, name: 'Traditionelle Bogenschützen Waldviertel', nameShort: 'TBS Waldviertel', street: 'Kremser Straße 17', zip: '3910', city: 'Zwettl', lat: 48.6033, lon: 15.1686, areaCode: '2822', founded: '2004-04-17', umbrella: 'SPORTUNION', weight: 2 },
  { id: 17, stateId: 4, name: 'Bogensportclub Mödling', nameShort: 'BSC Mödling', street: 'Guntramsdorfer Straße 2', zip: '2340', city: 'Mödling', lat: 48.0856, lon: 16.2833, areaCode: '2236', founded: '1983-11-05', umbrella: 'ASKÖ', weight: 3 },
  // Wien
  { id: 18, stateId: 10, name: '1. Wiener Bogenschützenclub', nameShort: '1. WBSC', street: 'Laaer-Berg-Straße 211', zip: '1100', city: 'Wien', lat: 48.1622, lon: 16.3905, areaCode: '1', founded: '1958-04-12', umbrella: 'ASKÖ', weight: 5 },
  { id: 19, stateId: 10, name: 'Bogensportclub Donaustadt', nameShort: 'BSC Donaustadt', street: 'Wagramer Straße 195', zip: '1220', city: 'Wien', lat: 48.2381, lon: 16.4397, areaCode: '1', founded: '1987-03-21', umbrella: 'ASVÖ', weight: 4 },
  { id: 20, stateId: 10, name: 'Union Bogensport Wien-Floridsdorf', nameShort: 'UBS Floridsdorf', street: 'Brünner Straße 120', zip: '1210', city: 'Wien', lat: 48.2736, lon: 16.4098, areaCode: '1', founded: '1992-10-10', umbrella: 'SPORTUNION', weight: 3 },
  { id: 21, stateId: 10, name: 'ASKÖ Bogensport Wien-Liesing', nameShort: 'ASKÖ BS Liesing', street: 'Perchtoldsdorfer Straße 31', zip: '1230', city: 'Wien', lat: 48.1366, lon: 16.2839, areaCode: '1', founded: '1996-01-27', umbrella: 'ASKÖ', weight: 2, parentClub: 'ASKÖ Wien-Liesing' },
  // Steiermark
  { id: 22, stateId: 7, name: '1. Bogenschützenclub Graz', nameShort: '1. BSC Graz', street: 'Eggenberger Allee 49', zip: '8020', city: 'Graz', lat: 47.0707, lon: 15.4395, areaCode: '316', founded: '1962-06-09', umbrella: 'ASKÖ', weight: 5 },
  { id: 23, stateId: 7, name: 'Bogensportverein Leoben', nameShort: 'BSV Leoben', street: 'Kärntner Straße 222', zip: '8700', city: 'Leoben', lat: 47.3765, lon: 15.0914, areaCode: '3842', founded: '1980-08-16', umbrella: 'ASVÖ', weight: 2 },
  { id: 24, stateId: 7, name: 'Union Bogenschützen Weiz', nameShort: 'UBS Weiz', street: 'Birkfelder Straße 5', zip: '8160', city: 'Weiz', lat: 47.2189, lon: 15.625, areaCode: '3172', founded: '1995-03-04', umbrella: 'SPORTUNION', weight: 2 },
  { id: 25, stateId: 7, name: 'Bogenschützen Eisenerz', nameShort: 'BS Eisenerz', street: 'Hieflauer Straße 3', zip: '8790', city: 'Eisenerz', lat: 47.5408, lon: 14.8853, areaCode: '3848', founded: '1984-05-19', umbrella: 'ASVÖ', weight: 1, dissolved: '2019-12-31' },
  { id: 26, stateId: 7, name: 'Bogensportunion Südsteiermark', nameShort: 'BSU Südsteiermark', street: 'Grottenhofstraße 4', zip: '8430', city: 'Leibnitz', lat: 46.7833, lon: 15.5333, areaCode: '3452', founded: '2008-02-23', umbrella: 'SPORTUNION', weight: 2 },
  // Oberösterreich
  { id: 27, stateId: 5, name: 'Bogensportclub Linz', nameShort: 'BSC Linz', street: 'Wiener Straße 151', zip: '4020', city: 'Linz', lat: 48.2817, lon: 14.3106, areaCode: '732', founded: '1965-09-25', umbrella: 'ASKÖ', weight: 4 },
  { id: 28, stateId: 5, name: 'Union Bogensport Wels', nameShort: 'UBS Wels', street: 'Salzburger Straße 98', zip: '4600', city: 'Wels', lat: 48.1575, lon: 14.0289, areaCode: '7242', founded: '1988-04-09', umbrella: 'SPORTUNION', weight: 3 },
  { id: 29, stateId: 5, name: 'Bogenschützen Steyr', nameShort: 'BS Steyr', street: 'Ennser Straße 40', zip: '4400', city: 'Steyr', lat: 48.0427, lon: 14.4213, areaCode: '7252', founded: '1979-07-14', umbrella: 'ASKÖ', weight: 2 },
  { id: 30, stateId: 5, name: 'Polizeisportverein Linz – Sektion Bogensport', nameShort: 'PSV Linz Bogen', street: 'Nietzschestraße 33', zip: '4020', city: 'Linz', lat: 48.2905, lon: 14.3008, areaCode: '732', founded: '2015-03-01', umbrella: 'ASVÖ', weight: 1, parentClub: 'Polizeisportverein Linz', coopPartner: true },
  { id: 31, stateId: 5, name: 'Bogensportverein Gmunden', nameShort: 'BSV Gmunden', street: 'Kuferzeile 14', zip: '4810', city: 'Gmunden', lat: 47.9186, lon: 13.7993, areaCode: '7612', founded: '1993-10-02', umbrella: 'ASVÖ', weight: 2 },
  // Salzburg
  { id: 32, stateId: 6, name: 'Salzburger Bogenschützenclub', nameShort: 'SBSC', street: 'Alpenstraße 70', zip: '5020', city: 'Salzburg', lat: 47.7812, lon: 13.0689, areaCode: '662', founded: '1966-02-19', umbrella: 'ASKÖ', weight: 4 },
  { id: 33, stateId: 6, name: 'Bogensport Hallein', nameShort: 'BS Hallein', street: 'Davisstraße 9', zip: '5400', city: 'Hallein', lat: 47.6833, lon: 13.1, areaCode: '6245', founded: '1991-09-07', umbrella: 'SPORTUNION', weight: 2 },
  { id: 34, stateId: 6, name: 'Pongauer Bogenschützen St. Johann', nameShort: 'PBS St. Johann', street: 'Hauptstraße 18', zip: '5600', city: 'St. Johann im Pongau', lat: 47.35, lon: 13.2, areaCode: '6412', founded: '2001-05-26', umbrella: 'ASVÖ', weight: 2 },
  // Tirol
  { id: 35, stateId: 8, name: 'Bogensportclub Innsbruck', nameShort: 'BSC Innsbruck', street: 'Reichenauer Straße 144', zip: '6020', city: 'Innsbruck', lat: 47.2692, lon: 11.4041, areaCode: '512', founded: '1971-03-27', umbrella: 'ASKÖ', weight: 4 },
  { id: 36, stateId: 8, name: 'Bogenschützen Kufstein', nameShort: 'BS Kufstein', street: 'Fischergries 2', zip: '6330', city: 'Kufstein', lat: 47.5833, lon: 12.1667, areaCode: '5372', founded: '1986-06-21', umbrella: 'ASVÖ', weight: 2 },
  { id: 37, stateId: 8, name: '3D-Bogenclub Osttirol', nameShort: '3D BC Osttirol', street: 'Amlacher Straße 12', zip: '9900', city: 'Lienz', lat: 46.8294, lon: 12.7692, areaCode: '4852', founded: '2006-08-12', umbrella: 'SPORTUNION', weight: 2 },
  // Vorarlberg
  { id: 38, stateId: 9, name: 'Bogensportclub Dornbirn', nameShort: 'BSC Dornbirn', street: 'Schwefelbadstraße 2', zip: '6850', city: 'Dornbirn', lat: 47.4125, lon: 9.7417, areaCode: '5572', founded: '1976-11-13', umbrella: 'ASKÖ', weight: 3 },
  { id: 39, stateId: 9, name: 'Bogenschützen Feldkirch', nameShort: 'BS Feldkirch', street: 'Reichsstraße 135', zip: '6800', city: 'Feldkirch', lat: 47.237, lon: 9.598, areaCode: '5522', founded: '1989-04-01', umbrella: 'SPORTUNION', weight: 2 },
  // Kärnten
  { id: 40, stateId: 3, name: '1. Kärntner Bogensportclub Klagenfurt', nameShort: '1. KBSC', street: 'Südring 207', zip: '9020', city: 'Klagenfurt am Wörthersee', lat: 46.6247, lon: 14.3053, areaCode: '463', founded: '1967-05-20', umbrella: 'ASKÖ', weight: 4 },
  { id: 41, stateId: 3, name: 'Bogensportverein Villach', nameShort: 'BSV Villach', street: 'Drauwinkel 4', zip: '9500', city: 'Villach', lat: 46.6167, lon: 13.85, areaCode: '4242', founded: '1982-10-16', umbrella: 'ASVÖ', weight: 3 },
  { id: 42, stateId: 3, name: 'Bogenschützen Wolfsberg', nameShort: 'BS Wolfsberg', street: 'Klagenfurter Straße 20', zip: '9400', city: 'Wolfsberg', lat: 46.8406, lon: 14.8442, areaCode: '4352', founded: '1997-02-08', umbrella: 'SPORTUNION', weight: 2 },
  // Burgenland
  { id: 43, stateId: 2, name: 'Bogensportclub Eisenstadt', nameShort: 'BSC Eisenstadt', street: 'Ignaz-Semmelweis-Gasse 10', zip: '7000', city: 'Eisenstadt', lat: 47.8456, lon: 16.5233, areaCode: '2682', founded: '1980-03-29', umbrella: 'ASKÖ', weight: 3 },
  { id: 44, stateId: 2, name: 'Bogenschützen Oberwart', nameShort: 'BS Oberwart', street: 'Steinamangerer Straße 45', zip: '7400', city: 'Oberwart', lat: 47.2878, lon: 16.205, areaCode: '3352', founded: '1994-07-09', umbrella: 'ASVÖ', weight: 2 },
  { id: 45, stateId: 2, name: 'Union Bogensport Neusiedl am See', nameShort: 'UBS Neusiedl', street: 'Seestraße 17', zip: '7100', city: 'Neusiedl am See', lat: 47.9486, lon: 16.8417, areaCode: '2167', founded: '1999-04-24', umbrella: 'SPORTUNION', weight: 2 },
];

/** The club the demo club administrator, trainer and member belong to. */
export const DEMO_CLUB_ID = 11;

/** Id of the club founded in the seeded year (its first year: licences without a club fee). */
export const NEW_CLUB_ID = 46;

/**
 * A club founded in the season the data is built for, with no members yet: the licence order
 * wizard offers it the current and next year's licences without a club fee. Not part of CLUBS,
 * so the generated members stay the same.
 */
export function newClub(year: number): ClubSeed {
  return {
    id: NEW_CLUB_ID,
    stateId: 2,
    name: 'Bogensportclub Seewinkel',
    nameShort: 'BSC Seewinkel',
    street: 'Seeuferstraße 3',
    zip: '7141',
    city: 'Podersdorf am See',
    lat: 47.8553,
    lon: 16.8356,
    areaCode: '2177',
    founded: `${year}-02-14`,
    umbrella: 'ASVÖ',
    weight: 1,
  };
}

/** The clubs of the seeded year: CLUBS and the club founded that year. */
export function clubsOf(year: number): ClubSeed[] {
  return [...CLUBS, newClub(year)];
}
