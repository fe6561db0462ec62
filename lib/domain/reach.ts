/**
 * Reach: an organisation reaches a person (reads, edits, orders for, messages them) only through an
 * identified connection. Whoever holds an active function in an organisation is its own member and
 * so reached by it; a write that gives someone a function in an organisation (the membership,
 * function 32, or any other) therefore creates reach, and is allowed only on one of these grounds:
 *
 * - the caller acts from the federation, which reaches everyone;
 * - the person is already an own member of one of the clubs where the caller holds the rights this
 *   write needs: whoever reaches a person may connect them further;
 * - the caller identified the person through the duplicate check and brings the proof it gave;
 * - the person was a member of the very club before (taking a former member back): that
 *   connection was identified when it was made.
 *
 * A state association reads the members of its clubs but connects nobody: its reading reach is no
 * ground, and a caller acting from one gets no ground from it.
 *
 * Answers never name a person the caller does not reach: to the caller such an id is the same as
 * one that does not exist.
 */

/** What the server knows about the caller and one person, for one write. */
export type ReachFacts = {
  /** The caller acts from the federation, with the rights this write needs. */
  fromFederation: boolean;
  /** The person holds an active function today in one of the clubs where the caller holds the rights this write needs. */
  ownMemberOfActingClub: boolean;
  /** The caller brings a valid proof of the duplicate check, given to them for this person. */
  proof?: boolean;
  /** The person held a membership in the club the write is for, which has ended. */
  formerMemberOfTargetClub?: boolean;
};

export const CONNECTION_GROUNDS = ['federation', 'ownMember', 'proof', 'formerMember'] as const;
export type ConnectionGround = (typeof CONNECTION_GROUNDS)[number];

/** Does the caller reach the person now (and may an answer name them)? */
export function reaches(facts: ReachFacts): boolean {
  return facts.fromFederation || facts.ownMemberOfActingClub;
}

/** The ground on which a write may make the person an own member of an organisation; null: none, refuse. */
export function connectionGround(facts: ReachFacts): ConnectionGround | null {
  if (facts.fromFederation) return 'federation';
  if (facts.ownMemberOfActingClub) return 'ownMember';
  if (facts.proof) return 'proof';
  if (facts.formerMemberOfTargetClub) return 'formerMember';
  return null;
}

/** May the write connect the person to an organisation? */
export function mayConnect(facts: ReachFacts): boolean {
  return connectionGround(facts) !== null;
}
