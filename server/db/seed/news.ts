import type { inventory, news, newsCategories } from '@/server/db/schema';
import { FEDERATION_ORG_ID } from '@/lib/domain/functions';
import { DEMO_CLUB_ID } from './organisations-data';

/** Two more clubs with news: Union Bogenschützen St. Pölten and 1. Wiener Bogenschützenclub. */
const ST_POELTEN_CLUB_ID = 12;
const VIENNA_CLUB_ID = 18;

type CategoryRow = typeof newsCategories.$inferInsert;
type NewsRow = typeof news.$inferInsert;

/**
 * News demo data: categories (with "webshop") for the federation and the demo club, a news
 * category for two more clubs (St. Pölten, 1. WBSC), the federation's website menu (Verband ›
 * Vorstand, Geschichte; Sport › Termine; Service), published and hidden articles, and pictures on
 * published and hidden articles of each of these four organisations. Ids fixed, so the seed stays
 * idempotent.
 */
export function buildNewsCategories(): CategoryRow[] {
  const fed = (id: number, name: string, position: number, extra: Partial<CategoryRow> = {}): CategoryRow => ({
    id,
    orgId: FEDERATION_ORG_ID,
    name,
    position,
    ...extra,
  });
  const club = (id: number, name: string, position: number, extra: Partial<CategoryRow> = {}): CategoryRow => ({
    id,
    orgId: DEMO_CLUB_ID,
    name,
    position,
    ...extra,
  });
  return [
    fed(1, 'Verbandsnews', 1),
    fed(2, 'Sport', 2, { inMenu: true }),
    fed(3, 'webshop', 3),
    fed(4, 'Verband', 4, { inMenu: true }),
    fed(5, 'Vorstand', 5, { parentId: 4, inMenu: true }),
    fed(6, 'Geschichte', 6, { parentId: 4, inMenu: true }),
    fed(7, 'Termine', 7, { parentId: 2, inMenu: true }),
    fed(8, 'Service', 8, { inMenu: true }),
    club(20, 'Vereinsnews', 1),
    club(21, 'Training', 2),
    club(22, 'webshop', 3),
    { id: 30, orgId: ST_POELTEN_CLUB_ID, name: 'Vereinsnews', position: 1 },
    { id: 40, orgId: VIENNA_CLUB_ID, name: 'Vereinsnews', position: 1 },
  ];
}

export function buildNews(year: number): NewsRow[] {
  const at = (month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} 09:00:00+00`;
  return [
    {
      id: 1,
      orgId: FEDERATION_ORG_ID,
      title: 'Neue Lizenzsaison eröffnet',
      abstract: '<p>Die Lizenzbestellung für die kommende Saison ist ab sofort möglich.</p>',
      content: `<h2>Lizenzsaison ${year + 1}</h2><p>Vereine bestellen die Jahreslizenzen ihrer Mitglieder wie gewohnt über die <strong>Verbandsverwaltung</strong>. Voraussetzung ist die Safety-First-Ausbildung.</p><ul><li>Bestellung ab sofort</li><li>Vereinsbeitrag zuerst begleichen</li></ul>`,
      lang: 'de',
      categories: ['Verbandsnews'],
      visible: true,
      publishedAt: at(1, 10),
    },
    {
      id: 2,
      orgId: FEDERATION_ORG_ID,
      title: 'Der Vorstand',
      abstract: '',
      content: '<p>Präsidentin: Elisabeth Wallner</p><p>Generalsekretär und Vizepräsidenten: siehe Geschäftsordnung.</p>',
      lang: 'de',
      categories: ['Vorstand'],
      visible: true,
      publishedAt: at(1, 2),
    },
    {
      id: 3,
      orgId: FEDERATION_ORG_ID,
      title: 'Entwurf: Kaderrichtlinien (intern)',
      abstract: '',
      content: '<p>Noch nicht veröffentlicht.</p>',
      lang: 'de',
      categories: ['Verbandsnews'],
      visible: false,
      publishedAt: null,
    },
    {
      id: 4,
      orgId: FEDERATION_ORG_ID,
      title: 'Verbands-Softshelljacke',
      abstract: '<p>Die offizielle Jacke des Verbands.</p>',
      content: '<p>Winddicht, wasserabweisend, mit Verbandslogo.</p>',
      lang: 'de',
      categories: ['webshop'],
      visible: true,
      publishedAt: at(2, 1),
    },
    {
      id: 5,
      orgId: FEDERATION_ORG_ID,
      title: 'New licence season',
      abstract: '<p>Licences for the coming season can be ordered now.</p>',
      content: '<p>Clubs order their members’ annual licences through the federation administration.</p>',
      lang: 'en',
      categories: ['Verbandsnews'],
      visible: true,
      publishedAt: at(1, 11),
    },
    {
      id: 20,
      orgId: DEMO_CLUB_ID,
      title: 'Hallentraining ab Oktober',
      abstract: '<p>Das Wintertraining findet wieder in der Sporthalle statt.</p>',
      content: '<p>Jeden <em>Dienstag und Donnerstag</em> ab 18:00 Uhr.</p>',
      lang: 'de',
      categories: ['Training'],
      visible: true,
      publishedAt: at(1, 5),
    },
    {
      id: 21,
      orgId: DEMO_CLUB_ID,
      title: 'Vereinsmeisterschaft – Entwurf',
      abstract: '',
      content: '<p>Ausschreibung folgt.</p>',
      lang: 'de',
      categories: ['Vereinsnews'],
      visible: false,
      publishedAt: null,
    },
    {
      id: 30,
      orgId: ST_POELTEN_CLUB_ID,
      title: 'Schnuppertag am Vereinsplatz',
      abstract: '<p>Bogenschießen zum Ausprobieren – Leihbögen sind vorhanden.</p>',
      content: '<p>Am Samstag zeigen unsere Trainerinnen und Trainer, wie es geht. <strong>Anmeldung nicht nötig.</strong></p>',
      lang: 'de',
      categories: ['Vereinsnews'],
      visible: true,
      publishedAt: at(1, 8),
    },
    {
      id: 31,
      orgId: ST_POELTEN_CLUB_ID,
      title: 'Vereinsausflug – Entwurf',
      abstract: '',
      content: '<p>Ziel und Termin stehen noch nicht fest.</p>',
      lang: 'de',
      categories: ['Vereinsnews'],
      visible: false,
      publishedAt: null,
    },
    {
      id: 40,
      orgId: VIENNA_CLUB_ID,
      title: 'Drei Medaillen bei der Hallenmeisterschaft',
      abstract: '<p>Unsere Schützinnen und Schützen kamen mit Gold, Silber und Bronze zurück.</p>',
      content: '<p>Herzliche Gratulation an alle Teilnehmenden!</p>',
      lang: 'de',
      categories: ['Vereinsnews'],
      visible: true,
      publishedAt: at(1, 12),
    },
    {
      id: 41,
      orgId: VIENNA_CLUB_ID,
      title: 'Neue Scheibenauflagen (intern)',
      abstract: '',
      content: '<p>Angebot liegt vor, Entscheidung in der nächsten Vorstandssitzung.</p>',
      lang: 'de',
      categories: ['Vereinsnews'],
      visible: false,
      publishedAt: null,
    },
  ];
}

/** What a seeded picture shows: an archery target outdoors, in the hall, or at dusk. */
export type PictureScene = 'outdoor' | 'hall' | 'dusk';

export type NewsPicture = { newsId: number; fileName: string; format: 'png' | 'jpeg'; scene: PictureScene; featured: boolean };

/**
 * Pictures of the seeded articles, published and hidden ones, of the federation and three clubs
 * (one featured per published article). Stored as uploads are, thumbnails included.
 */
export function buildNewsPictures(): NewsPicture[] {
  const picture = (newsId: number, fileName: string, scene: PictureScene, featured = false): NewsPicture => ({
    newsId,
    fileName,
    format: fileName.endsWith('.png') ? 'png' : 'jpeg',
    scene,
    featured,
  });
  return [
    picture(1, 'lizenzsaison.jpg', 'outdoor', true),
    picture(1, 'scheibe-detail.png', 'dusk'),
    picture(3, 'kader-entwurf.png', 'hall'),
    picture(20, 'sporthalle.jpg', 'hall', true),
    picture(21, 'vereinsmeisterschaft.png', 'outdoor'),
    picture(30, 'schnuppertag.jpg', 'outdoor', true),
    picture(31, 'ausflug.png', 'dusk'),
    picture(40, 'siegerehrung.jpg', 'hall', true),
    picture(41, 'scheibenauflagen.png', 'hall'),
  ];
}

type InventoryRow = typeof inventory.$inferInsert;

/** The federation's webshop: the softshell jacket (article 4, category KLEIDUNG_SOFTSHELLJACKE) in a few sizes. */
export function buildInventory(): InventoryRow[] {
  const jacket = (id: number, gender: 'm' | 'f', size: string, stock: number): InventoryRow => ({
    id,
    orgId: FEDERATION_ORG_ID,
    newsId: 4,
    ordercatId: 6,
    gender,
    size,
    stock,
  });
  return [jacket(1, 'm', 'M', 12), jacket(2, 'm', 'L', 8), jacket(3, 'f', 'S', 5), jacket(4, 'f', 'M', 0)];
}
