/**
 * A tournament's display status, derived in this order: cancelled (params.canceled), over (today
 * after the end), ongoing (today on or after the start), changed (approved once, changed since,
 * awaiting approval: approved is false), approved, otherwise created. Dates are calendar days
 * (YYYY-MM-DD, midnight UTC).
 */
export const TOURNAMENT_STATUSES = ['canceled', 'over', 'ongoing', 'changed', 'approved', 'created'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export function tournamentStatus(
  t: { start: string; end: string; approved: boolean | null; canceled: boolean },
  today: string,
): TournamentStatus {
  if (t.canceled) return 'canceled';
  if (today > t.end) return 'over';
  if (today >= t.start) return 'ongoing';
  if (t.approved === false) return 'changed';
  if (t.approved) return 'approved';
  return 'created';
}

/** The payment states the federation chooses from for a tournament's fee (WA_STATUS). */
export const PAYMENT_STATUSES = ['offen', 'Rechnung gestellt', 'bezahlt', 'storniert'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Disciplines: 1 Indoor, 2 Outdoor, 3 Feld, 4 3D. */
export const DISCIPLINE_3D = 4;
/** At most this many referees besides the main referee. */
export const MAX_REFEREES = 3;
/** A tournament starts less than this many months ahead. */
export const MAX_MONTHS_AHEAD = 24;
