/**
 * Who gets through a route, declared beside its definition and shown in the OpenAPI document as
 * `x-access`. The services enforce the rules; this declaration states them per kind of caller so
 * the authorisation matrix test (tests/api/authorisation-matrix.test.ts) can check every route
 * against them, and fails for a route that declares nothing.
 *
 * Kinds of caller, by the system roles they hold:
 * - `none`: signed in, no system role (a plain member);
 * - `trainer`: the member form (function 51) in a club, nothing else;
 * - `club`: a club's administrator (the club's form functions: organisation, members ...);
 * - `state`: a state association's staff (organisation and member form there);
 * - `federation`: the federation's staff (every form function in organisation 1).
 *
 * `own` is the caller's own organisation, or a member, place, document ... of it (for a state
 * association: of it or one of its clubs); `foreign` is another club's or another state's. Listed
 * kinds get the route's answer, the others 403; a caller without a valid token gets 401.
 */

export const CALLER_KINDS = ['none', 'trainer', 'club', 'state', 'federation'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export type AccessRule =
  /** No sign-in needed (sign-in itself, password reset). */
  | { public: true }
  /**
   * Every signed-in caller, about themselves or reference data; nothing of another organisation
   * can be named, so there is no foreign case.
   */
  | { signedIn: true }
  /**
   * Every signed-in caller about themselves, and also a half-signed-in caller (password right)
   * whom the two-factor policy leads to enrolment: the only calls such a token opens.
   */
  | { signedIn: true; enrolment: true }
  /**
   * Only a half-signed-in caller (password right, second factor due): the second step of a
   * sign-in. A session token answers 401 here, as a half token does everywhere else.
   */
  | { secondFactor: true }
  /**
   * `officer`: the federation's data-protection officer holding that role alone (1007, no other
   * system role) gets through as well; without it such a caller is refused like a plain member.
   */
  | { own: readonly CallerKind[]; foreign: readonly CallerKind[]; officer?: true };

/** Spread into createRoute / registerPath: `...access({ own: [...], foreign: [...] })`. */
export function access(rule: AccessRule): { 'x-access': AccessRule } {
  return { 'x-access': rule };
}

access.public = access({ public: true });
access.signedIn = access({ signedIn: true });
access.enrolment = access({ signedIn: true, enrolment: true });
access.secondFactor = access({ secondFactor: true });
