import type { roleGroups, roles } from '@/server/db/schema';
import { FEDERATION_ORG_ID, FORM_FUNCTION_IDS, FUNCTION_LICENCE, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { STATES } from './organisations-data';

/**
 * The role catalogue. Group ids follow the specification's filter codes (person search offers
 * groups 1, 7, 26, 3, 41, 9; member search filters [8,1,3,6,9,41,7,26]; the role screen adds 11).
 * Group 6 holds membership and licence because it is the group member lists exclude by default.
 * Group 11 holds the system roles: every function that opens a form.
 */
export const ROLE_GROUPS: Array<typeof roleGroups.$inferInsert> = [
  { id: 1, group: 'Vorstand' },
  { id: 3, group: 'Sportbetrieb / Trainer' },
  { id: 6, group: 'Mitgliedschaft' },
  { id: 7, group: 'Schiedsrichter' },
  { id: 8, group: 'Referenten' },
  { id: 9, group: 'Vereinsdienste' },
  { id: 11, group: 'Systemrollen' },
  { id: 26, group: 'Kader' },
  { id: 41, group: 'Ehrungen' },
];

/** Ordinary function ids the generator hands out. */
export const ROLE = {
  chair: 1,
  viceChair: 2,
  treasurer: 3,
  viceTreasurer: 4,
  secretary: 5,
  viceSecretary: 6,
  auditor: 7,
  president: 8,
  vicePresident: 9,
  generalSecretary: 10,
  trainer: 12,
  instructorAssistant: 13, // Übungsleiter
  instructor: 14,
  sportsWarden: 15,
  youthWarden: 16,
  stateSportsDirector: 17,
  nationalCoach: 18,
  refereeA: 20,
  refereeB: 21,
  refereeOfficer: 22,
  mediaOfficer: 24,
  equipmentWarden: 27,
  groundsKeeper: 28,
  licence: FUNCTION_LICENCE,
  webmaster: 30,
  courseBuilder: 31,
  member: FUNCTION_MEMBERSHIP,
  honoraryMember: 33,
  supportingMember: 34,
  nationalSquad: 36,
  stateSquad: 37,
  honoraryChair: 38,
} as const;

const FEDERATION_AND_STATES = [FEDERATION_ORG_ID, ...STATES.map((s) => s.id)];
const STATE_IDS = STATES.map((s) => s.id);

/** German names of the form-opening functions. */
export const SYSTEM_ROLE_NAMES: Record<(typeof FORM_FUNCTION_IDS)[number], string> = {
  46: 'Personensuche',
  50: 'Organisationen',
  51: 'Mitglieder',
  52: 'Alle Mitglieder',
  55: 'Lizenzbestellung',
  56: 'Bestelldetail',
  58: 'Organisationen (Verband)',
  66: 'Funktionen',
  200: 'CMS/News',
  201: 'Seiten',
  1000: 'Turniere',
  1001: 'Turnierfreigabe',
  1002: 'Turnierzahlung',
  1003: 'Nominierung',
  1004: 'Inventar',
  1005: 'Bestellübersicht',
  1006: 'Nachrichtencenter',
  1007: 'Datenschutzbeauftragte(r)',
  1032: 'Artikelkategorien',
};

/** Forms only the federation works with: offered only in organisation 1. */
const FEDERATION_ONLY_FORMS = new Set([52, 58, 201, 1001, 1002, 1003, 1004, 1005, 1007, 1032]);

type RoleRow = typeof roles.$inferInsert;

export function buildRoles(): RoleRow[] {
  const ordinary: RoleRow[] = [
    // Vorstand: club boards (Obmann …) and the boards of federation and state associations (Präsident …).
    { id: ROLE.chair, name: 'Obmann/Obfrau', groupId: 1, params: { orgBlacklist: [FEDERATION_ORG_ID] } },
    { id: ROLE.viceChair, name: 'Obmann-Stv.', groupId: 1, params: { orgBlacklist: [FEDERATION_ORG_ID] } },
    { id: ROLE.treasurer, name: 'Kassier', groupId: 1 },
    { id: ROLE.viceTreasurer, name: 'Kassier-Stv.', groupId: 1 },
    { id: ROLE.secretary, name: 'Schriftführer', groupId: 1 },
    { id: ROLE.viceSecretary, name: 'Schriftführer-Stv.', groupId: 1 },
    { id: ROLE.auditor, name: 'Rechnungsprüfer', groupId: 1 },
    { id: ROLE.president, name: 'Präsident', groupId: 1, params: { orgWhitelist: FEDERATION_AND_STATES } },
    { id: ROLE.vicePresident, name: 'Vizepräsident', groupId: 1, params: { orgWhitelist: FEDERATION_AND_STATES } },
    { id: ROLE.generalSecretary, name: 'Generalsekretär', groupId: 1, params: { orgWhitelist: [FEDERATION_ORG_ID] } },
    // Sportbetrieb
    { id: ROLE.trainer, name: 'Trainer', groupId: 3 },
    { id: ROLE.instructorAssistant, name: 'Übungsleiter', groupId: 3 },
    { id: ROLE.instructor, name: 'Instruktor', groupId: 3 },
    { id: ROLE.sportsWarden, name: 'Sportwart', groupId: 3 },
    { id: ROLE.youthWarden, name: 'Jugendwart', groupId: 3 },
    { id: ROLE.stateSportsDirector, name: 'Landessportwart', groupId: 3, params: { orgWhitelist: STATE_IDS } },
    {
      id: ROLE.nationalCoach,
      name: 'Nationaltrainer',
      groupId: 3,
      params: { orgWhitelist: [FEDERATION_ORG_ID], editWhitelist: [FEDERATION_ORG_ID] },
    },
    // Mitgliedschaft (group 6, excluded from member lists by default)
    { id: ROLE.licence, name: 'Lizenz', groupId: 6, params: { editWhitelist: [FEDERATION_ORG_ID] } },
    { id: ROLE.member, name: 'Mitglied', groupId: 6 },
    { id: ROLE.honoraryMember, name: 'Ehrenmitglied', groupId: 6 },
    { id: ROLE.supportingMember, name: 'Unterstützendes Mitglied', groupId: 6 },
    // Schiedsrichter: the tournament form finds referees by names starting 'Schiedsrichter A' / 'Schiedsrichter B'.
    { id: ROLE.refereeA, name: 'Schiedsrichter A', groupId: 7, params: { editWhitelist: [FEDERATION_ORG_ID] } },
    { id: ROLE.refereeB, name: 'Schiedsrichter B', groupId: 7, params: { editWhitelist: [FEDERATION_ORG_ID] } },
    // Referenten
    { id: ROLE.refereeOfficer, name: 'Referent für Schiedsrichterwesen', groupId: 8, params: { orgWhitelist: FEDERATION_AND_STATES } },
    { id: 23, name: 'Jugendreferent', groupId: 8 },
    { id: ROLE.mediaOfficer, name: 'Medienreferent', groupId: 8 },
    { id: 25, name: 'Referent 3D/Feld', groupId: 8, params: { orgWhitelist: FEDERATION_AND_STATES } },
    { id: 26, name: 'Anti-Doping-Beauftragter', groupId: 8, params: { orgWhitelist: [FEDERATION_ORG_ID] } },
    // Vereinsdienste
    { id: ROLE.equipmentWarden, name: 'Zeugwart', groupId: 9, params: { orgBlacklist: FEDERATION_AND_STATES } },
    { id: ROLE.groundsKeeper, name: 'Platzwart', groupId: 9, params: { orgBlacklist: FEDERATION_AND_STATES } },
    { id: ROLE.webmaster, name: 'Webmaster', groupId: 9 },
    { id: ROLE.courseBuilder, name: 'Parcoursbauer', groupId: 9 },
    // Kader
    {
      id: ROLE.nationalSquad,
      name: 'Nationalkader',
      groupId: 26,
      params: { orgWhitelist: [FEDERATION_ORG_ID], editWhitelist: [FEDERATION_ORG_ID] },
    },
    { id: ROLE.stateSquad, name: 'Landeskader', groupId: 26, params: { orgWhitelist: STATE_IDS } },
    // Ehrungen
    { id: ROLE.honoraryChair, name: 'Ehrenobmann/Ehrenobfrau', groupId: 41 },
    { id: 39, name: 'Ehrenpräsident', groupId: 41, params: { orgWhitelist: FEDERATION_AND_STATES } },
  ];

  // System roles: only the federation assigns them (editWhitelist); federation-only forms are
  // offered only in organisation 1 (orgWhitelist).
  const system: RoleRow[] = FORM_FUNCTION_IDS.map((id) => ({
    id,
    name: SYSTEM_ROLE_NAMES[id],
    groupId: 11,
    params: FEDERATION_ONLY_FORMS.has(id)
      ? { editWhitelist: [FEDERATION_ORG_ID], orgWhitelist: [FEDERATION_ORG_ID] }
      : { editWhitelist: [FEDERATION_ORG_ID] },
  }));
  return [...ordinary, ...system];
}
