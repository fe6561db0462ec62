/**
 * What the federation's approval covers once a tournament is approved, and what a later change
 * does to it.
 *
 * The public (the calendar feed) sees the last approved version of a tournament: its name, days,
 * registration window, location, registration link, contact (person, e-mail, phone), discipline,
 * rule and divisions. A change to any of these after the approval needs a new approval: until the
 * federation approves again, the tournament is "changed, awaiting approval" and the public still
 * sees the approved version. Changes to what only the federation and the club see (grade codes,
 * referees, range commanders, number of animals, attachments) need no new approval.
 *
 * The federation's approvers publish their own change at once: their save approves it.
 *
 * Approval states: null never approved; true approved, the current copy is what the public sees
 * (as far as it sees it); false changed since the approval, awaiting approval.
 */

export type ApprovalState = boolean | null;

/** A version of a tournament as far as it matters here (the current copy or the approved one). */
export type TournamentVersion = {
  name: string;
  start: string;
  end: string;
  openFrom: string;
  openTo: string;
  params: {
    location: string;
    linkToRegistration?: string | null;
    contactPerson: string;
    email: string;
    phone?: string | null;
    discipline?: number | null;
    rule?: string | null;
    divisions?: string[];
  };
};

/** The fields the public sees, each read from a version (absent and empty read alike). */
export const PUBLIC_TOURNAMENT_FIELDS = {
  name: (v: TournamentVersion) => v.name,
  start: (v: TournamentVersion) => v.start,
  end: (v: TournamentVersion) => v.end,
  openFrom: (v: TournamentVersion) => v.openFrom,
  openTo: (v: TournamentVersion) => v.openTo,
  location: (v: TournamentVersion) => v.params.location,
  linkToRegistration: (v: TournamentVersion) => v.params.linkToRegistration ?? '',
  contactPerson: (v: TournamentVersion) => v.params.contactPerson,
  email: (v: TournamentVersion) => v.params.email,
  phone: (v: TournamentVersion) => v.params.phone ?? '',
  discipline: (v: TournamentVersion) => (v.params.discipline ?? '').toString(),
  rule: (v: TournamentVersion) => v.params.rule ?? '',
  divisions: (v: TournamentVersion) => (v.params.divisions ?? []).join('\u0000'),
} as const;

export type PublicTournamentField = keyof typeof PUBLIC_TOURNAMENT_FIELDS;

/** The public fields in which `next` differs from `published` (in a fixed order). */
export function publicChanges(published: TournamentVersion, next: TournamentVersion): PublicTournamentField[] {
  return (Object.keys(PUBLIC_TOURNAMENT_FIELDS) as PublicTournamentField[]).filter(
    (f) => PUBLIC_TOURNAMENT_FIELDS[f](published) !== PUBLIC_TOURNAMENT_FIELDS[f](next),
  );
}

/**
 * A saved change: the approval state afterwards, and whether the saved version is published (becomes
 * the approved version the public sees).
 * - never approved: stays so (the first approval is its own decision, with the fee order);
 * - saved by an approver: approved and published;
 * - otherwise: approved while the saved version shows the public what the approved one does (a
 *   change back to it undoes the "changed"), else changed, awaiting approval.
 */
export function approvalAfterChange(input: {
  state: ApprovalState;
  approved: TournamentVersion | null;
  next: TournamentVersion;
  byApprover: boolean;
}): { state: ApprovalState; publish: boolean } {
  if (input.state === null || input.approved === null) return { state: input.state, publish: false };
  if (input.byApprover) return { state: true, publish: true };
  return { state: publicChanges(input.approved, input.next).length === 0, publish: false };
}

/**
 * The calendar's SEQUENCE after publishing `next` over `published` (null: first publication): it
 * starts at 0 and goes up by one with each published change of what the public sees, so
 * subscribed calendars replace their copy.
 */
export function nextCalendarSequence(sequence: number, published: TournamentVersion | null, next: TournamentVersion): number {
  if (published === null) return 0;
  return publicChanges(published, next).length > 0 ? sequence + 1 : sequence;
}
