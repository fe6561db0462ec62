/**
 * The id segment of /form/O{org}/F50/{id}: 'new' creates one, a
 * negative value means 'new', 0 means no id, an id that matches no visible organisation sends the
 * user to the route without id. Users of level 3 and cooperation partners always see their own
 * organisation, whatever the address says.
 */
export type OrgIdResolution =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'org'; id: number }
  /** Go to the route with this id segment (undefined = the route without id). */
  | { kind: 'redirect'; to: 'new' | undefined };

export interface ResolveOptions {
  /** Level 3 or a cooperation partner acting: only their own organisation exists for them. */
  ownOnly: boolean;
  /** The acting organisation (O{org} of the route). */
  ownId: number;
  /** Whether the acting organisation may create organisations (level 1). */
  canCreate: boolean;
}

const NEGATIVE = /^-\d+$/;
const POSITIVE = /^\d+$/;

export function resolveOrgId(
  segment: string | undefined,
  visibleIds: ReadonlyArray<number>,
  { ownOnly, ownId, canCreate }: ResolveOptions,
): OrgIdResolution {
  const id = segment?.trim();
  if (ownOnly) {
    // their own organisation, shown without id; any other address leads back there
    if (id === undefined || id === '') return { kind: 'org', id: ownId };
    return POSITIVE.test(id) && Number(id) === ownId ? { kind: 'org', id: ownId } : { kind: 'redirect', to: undefined };
  }
  if (id === undefined || id === '') return { kind: 'none' };
  if (id === 'new') return canCreate ? { kind: 'new' } : { kind: 'redirect', to: undefined };
  if (NEGATIVE.test(id)) return { kind: 'redirect', to: canCreate ? 'new' : undefined };
  if (POSITIVE.test(id)) {
    const n = Number(id);
    if (n > 0 && visibleIds.includes(n)) return { kind: 'org', id: n };
  }
  // 0 (omit the id), an unknown id, or anything else: the route without id
  return { kind: 'redirect', to: undefined };
}
