import { isSystemFunction, ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from './functions';

/**
 * Who stands above whom. Whoever may change a person's record may also change their login
 * e-mail and so take over their account with a password reset; so nobody changes the record of a
 * person who holds functions the caller does not dominate. A trainer does not touch the club's
 * administrator, a club does not touch a state association's or the federation's officers; the
 * federation's administration touches everyone.
 *
 * Pure: the API feeds it every function assignment active today, with its organisation.
 */

export type HeldFunction = {
  funkId: number;
  orgId: number;
  orgLevel: number;
  /** The organisation's parent: a club's state association. */
  orgMotherId: number | null;
};

export type Person = { memberId: number; functions: readonly HeldFunction[] };

/**
 * Functions that carry rank: a system role (it opens forms) anywhere, and any function held in the
 * federation or a state association (their officers). Memberships, licences and ordinary club
 * functions give no power over others, so they put nobody above anyone.
 */
export function carriesRank(f: HeldFunction): boolean {
  return isSystemFunction(f.funkId) || f.orgLevel < ORG_LEVEL_CLUB;
}

/** Is organisation `upper` above `lower`: the federation above every other one, a state association above its clubs. */
function isAbove(upper: HeldFunction, lower: HeldFunction): boolean {
  if (upper.orgLevel === ORG_LEVEL_FEDERATION) return lower.orgLevel > ORG_LEVEL_FEDERATION;
  return upper.orgLevel === ORG_LEVEL_STATE && lower.orgLevel === ORG_LEVEL_CLUB && lower.orgMotherId === upper.orgId;
}

/**
 * Does the caller's authority (their system roles) cover the function `f`? Yes when the caller
 * holds a system role in an organisation above f's; or holds system roles in f's organisation
 * itself and f is either no system role or one of them (a trainer holding only the member form
 * does not cover the administrator's other forms).
 */
function covers(authority: readonly HeldFunction[], f: HeldFunction): boolean {
  if (authority.some((a) => isAbove(a, f))) return true;
  const here = authority.filter((a) => a.orgId === f.orgId);
  if (here.length === 0) return false;
  return !isSystemFunction(f.funkId) || here.some((a) => a.funkId === f.funkId);
}

/** The target's functions that the caller does not dominate (empty = the caller dominates the target). */
export function functionsAbove(caller: Person, target: Person): HeldFunction[] {
  if (caller.memberId === target.memberId) return [];
  const authority = caller.functions.filter((f) => isSystemFunction(f.funkId));
  return target.functions.filter((f) => carriesRank(f) && !covers(authority, f));
}

/**
 * May the caller change the target's personal data (above all the login e-mail)? Everyone may
 * change their own; otherwise the caller must dominate every function of rank the target holds.
 */
export function dominates(caller: Person, target: Person): boolean {
  return functionsAbove(caller, target).length === 0;
}

/**
 * May the caller give someone the function `f`? Functions without rank (a club's ordinary
 * functions, memberships) need no authority; a function of rank only what the caller's own
 * system roles cover (a club cannot make someone a federation officer or give system roles it
 * does not hold itself).
 */
export function mayGrant(caller: Pick<Person, 'functions'>, f: HeldFunction): boolean {
  if (!carriesRank(f)) return true;
  return covers(
    caller.functions.filter((a) => isSystemFunction(a.funkId)),
    f,
  );
}
