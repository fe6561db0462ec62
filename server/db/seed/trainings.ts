import type { trainingDefinitions } from '@/server/db/schema';
import { FEDERATION_ORG_ID, ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { NOE } from './organisations-data';

/** Training definition ids the generator records for members. */
export const TRAINING = {
  safetyFirst: 1,
  instructorAssistant: 2, // Übungsleiter
  instructor: 3,
  trainerB: 4,
  trainerA: 5,
  refereeB: 6,
  refereeA: 7,
  firstAid: 8,
  childProtection: 9,
  courseBuilding: 10,
  stateInstructorNoe: 11,
  antiDoping: 12,
} as const;

const ALL_LEVELS = [ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE, ORG_LEVEL_CLUB];

/**
 * Training (certificate) definitions. Id 1 "Safety First" is required before a licence can be
 * ordered, and clubs record it themselves; coach and referee courses are recorded by the
 * federation (editAtOrgLevel [1]) or the state associations; a few are limited to some
 * organisations by orgWhitelist.
 */
export const TRAINING_DEFINITIONS: Array<typeof trainingDefinitions.$inferInsert> = [
  {
    id: TRAINING.safetyFirst,
    title: 'Safety First',
    groupTitle: 'Sicherheit',
    name: 'Safety First',
    validityMonths: null,
    rules: { editAtOrgLevel: ALL_LEVELS },
  },
  {
    id: TRAINING.instructorAssistant,
    title: 'Übungsleiter',
    groupTitle: 'Trainerausbildung',
    name: 'Übungsleiter Bogensport',
    validityMonths: null,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION] },
  },
  {
    id: TRAINING.instructor,
    title: 'Instruktor',
    groupTitle: 'Trainerausbildung',
    name: 'Instruktor Bogensport',
    validityMonths: null,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE] },
  },
  {
    id: TRAINING.trainerB,
    title: 'Trainer B',
    groupTitle: 'Trainerausbildung',
    name: 'Trainer B Bogensport',
    validityMonths: null,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION] },
  },
  {
    id: TRAINING.trainerA,
    title: 'Trainer A',
    groupTitle: 'Trainerausbildung',
    name: 'Trainer A Bogensport (Diplomtrainer)',
    validityMonths: null,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION] },
  },
  {
    id: TRAINING.refereeB,
    title: 'Schiedsrichter B',
    groupTitle: 'Schiedsrichterausbildung',
    name: 'Schiedsrichter B (national)',
    validityMonths: 48,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION] },
  },
  {
    id: TRAINING.refereeA,
    title: 'Schiedsrichter A',
    groupTitle: 'Schiedsrichterausbildung',
    name: 'Schiedsrichter A (international)',
    validityMonths: 48,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION] },
  },
  {
    id: TRAINING.firstAid,
    title: 'Erste Hilfe',
    groupTitle: 'Sicherheit',
    name: 'Erste-Hilfe-Kurs (16 Stunden)',
    validityMonths: 24,
    rules: { editAtOrgLevel: ALL_LEVELS },
  },
  {
    id: TRAINING.childProtection,
    title: 'Kinderschutz',
    groupTitle: 'Prävention',
    name: 'Kinder- und Jugendschutz im Sport',
    validityMonths: 36,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE] },
  },
  {
    id: TRAINING.courseBuilding,
    title: '3D-Parcoursbau',
    groupTitle: 'Sonderausbildung',
    name: 'Parcoursbauer 3D/Feld',
    validityMonths: null,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE] },
    // Offered by the federation and the two states with a 3D programme (Steiermark, Tirol).
    params: { orgWhitelist: [FEDERATION_ORG_ID, 7, 8] },
  },
  {
    id: TRAINING.stateInstructorNoe,
    title: 'Landes-Übungsleiter NÖ',
    groupTitle: 'Trainerausbildung',
    name: 'Landes-Übungsleiter Niederösterreich',
    validityMonths: null,
    rules: { editAtOrgLevel: [ORG_LEVEL_STATE] },
    params: { orgWhitelist: [NOE] },
  },
  {
    id: TRAINING.antiDoping,
    title: 'Anti-Doping',
    groupTitle: 'Prävention',
    name: 'Anti-Doping-Schulung (NADA)',
    validityMonths: 24,
    rules: { editAtOrgLevel: [ORG_LEVEL_FEDERATION] },
    params: { orgWhitelist: [FEDERATION_ORG_ID] },
  },
];
