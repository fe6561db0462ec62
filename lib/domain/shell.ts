/**
 * Rules of the application shell: which organisations the header
 * offers, which forms an organisation offers, which routes a user may open, and the O{n}/F{n}
 * address segments. Pure: the callers fetch getUser/systemroles.
 */

import type { RolesOrgLike } from '@/lib/schemas/user';

/** rolesOrg of getUser as the shell reads it (lib/schemas/user.ts): entries holding trainerOrg, adminOrg or tunierAdmin lists. */
export type RolesOrg = RolesOrgLike;

export interface SystemRoleRef {
  funkId: number;
  functionName: string;
  orgId: number;
}

export interface ShellOrganisation {
  orgId: number;
  orgName: string;
}

export interface ShellForm {
  funkId: number;
  functionName: string;
}

const ROLE_KINDS = ['trainerOrg', 'adminOrg', 'tunierAdmin'] as const;

/**
 * The organisations of the header: every organisation the user is trainer, admin or tournament admin
 * of, once each, by name.
 */
export function organisationsOf(rolesOrg: RolesOrg | null | undefined): ShellOrganisation[] {
  const byId = new Map<number, ShellOrganisation>();
  for (const entry of rolesOrg ?? []) {
    for (const kind of ROLE_KINDS) {
      for (const org of entry?.[kind] ?? []) {
        if (!byId.has(org.orgId)) byId.set(org.orgId, { orgId: org.orgId, orgName: org.orgName });
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.orgName.localeCompare(b.orgName, 'de') || a.orgId - b.orgId);
}

/** The forms of one organisation: its distinct system roles, sorted by function id. */
export function formsFor(systemRoles: ReadonlyArray<SystemRoleRef>, orgId: number | null | undefined): ShellForm[] {
  if (orgId == null) return [];
  const byFunk = new Map<number, ShellForm>();
  for (const role of systemRoles) {
    if (role.orgId === orgId && !byFunk.has(role.funkId)) {
      byFunk.set(role.funkId, { funkId: role.funkId, functionName: role.functionName });
    }
  }
  return [...byFunk.values()].sort((a, b) => a.funkId - b.funkId);
}

/** Below this many club roles every role is routed, whatever club is selected. */
export const ROUTE_ALL_BELOW = 4;

/**
 * The roles whose form pages are routed: all of them when the user has fewer than 4 club roles,
 * otherwise only those of the selected club.
 */
export function routableRoles<T extends SystemRoleRef>(systemRoles: ReadonlyArray<T>, selectedOrgId: number | null | undefined): T[] {
  if (systemRoles.length < ROUTE_ALL_BELOW) return [...systemRoles];
  return systemRoles.filter((r) => r.orgId === selectedOrgId);
}

/**
 * The role that opens /form/O{orgId}/F{funkId}, or undefined when the user may not open it: the
 * user must hold that function in that organisation, and it must be routed.
 */
export function routedRole<T extends SystemRoleRef>(systemRoles: ReadonlyArray<T>, orgId: number, funkId: number): T | undefined {
  return routableRoles(systemRoles, orgId).find((r) => r.orgId === orgId && r.funkId === funkId);
}

/** Whether the user may open the start page of an organisation (it is one of theirs). */
export function holdsOrganisation(
  rolesOrg: RolesOrg | null | undefined,
  systemRoles: ReadonlyArray<SystemRoleRef>,
  orgId: number,
): boolean {
  return organisationsOf(rolesOrg).some((o) => o.orgId === orgId) || systemRoles.some((r) => r.orgId === orgId);
}

function parsePrefixed(prefix: 'O' | 'F', segment: string | null | undefined): number | null {
  const match = new RegExp(`^${prefix}([1-9]\\d{0,8})$`).exec(segment ?? '');
  return match ? Number(match[1]) : null;
}

/** "O12" → 12; anything else (o12, O0, O-1, O1x, 12) → null. */
export function parseOrgSegment(segment: string | null | undefined): number | null {
  return parsePrefixed('O', segment);
}

/** "F51" → 51; anything else → null. */
export function parseFuncSegment(segment: string | null | undefined): number | null {
  return parsePrefixed('F', segment);
}

export function orgPath(orgId: number): string {
  return `/form/O${orgId}`;
}

export function formPath(orgId: number, funkId: number, id?: string | number): string {
  return `/form/O${orgId}/F${funkId}${id === undefined || id === '' ? '' : `/${encodeURIComponent(String(id))}`}`;
}

/** The app's base path (next.config.mjs); needed where the browser builds URLs itself. */
export const BASE_PATH = '/admin';

/**
 * The footer's build version from the build timestamp: 2026-11-21T08:12:33Z →
 * "2026.11.21-0812" (UTC, so every server shows the same). Empty for a missing or bad timestamp.
 */
export function buildVersion(buildTime: string | null | undefined): string {
  const d = new Date(buildTime ?? '');
  if (!buildTime || Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())}-${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;
}

/** "Given Family", or the e-mail when the profile has no name. */
export function displayName(user: { givenName?: string | null; familyName?: string | null; email?: string | null }): string {
  return (
    [user.givenName, user.familyName]
      .filter((p) => p && p.trim())
      .join(' ')
      .trim() ||
    user.email ||
    ''
  );
}

/**
 * The browser address of an API image link ("/api/v1/profile/image/<uuid>"): through this app's
 * proxy, which adds the token. Other addresses are kept; nothing stays nothing.
 */
export function proxiedImageSrc(imageLink: string | null | undefined): string | null {
  if (!imageLink) return null;
  return imageLink.startsWith('/api/') ? `${BASE_PATH}${imageLink}` : imageLink;
}

/**
 * Where the sign-in may send the user afterwards: only a page of this app (a form or the profile),
 * never another site ("//evil.example", "https://…") or the API. Anything else: null.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > 300) return null;
  return /^\/(form\/O\d+(\/F\d+(\/[\w-]+)?)?|profile)(\?[\w=&%.-]*)?$/.test(next) ? next : null;
}

/** The organisation and form a page keeps in its address ("?o=3&f=51"), e.g. the profile. */
export function shellContextQuery(orgId?: number, funkId?: number): string {
  const params = new URLSearchParams();
  if (orgId) params.set('o', String(orgId));
  if (orgId && funkId) params.set('f', String(funkId));
  const query = params.toString();
  return query ? `?${query}` : '';
}
