import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { loadShell } from '@/components/shell/load-shell';
import { organisationsOf, parseFuncSegment, parseOrgSegment, routedRole } from '@/lib/domain/shell';

/**
 * The tab title of a form page names the form and the organisation ("Mitglieder – BSV Baden"), so
 * several open tabs and the browser history tell the pages apart. Reads the same (per-request
 * cached) profile and roles as the page.
 */
export async function generateMetadata({ params }: { params: Promise<{ org: string; func: string }> }): Promise<Metadata> {
  const { org, func } = await params;
  const orgId = parseOrgSegment(org);
  const funkId = parseFuncSegment(func);
  if (orgId === null || funkId === null) return {};
  const { user, systemRoles } = await loadShell();
  const role = routedRole(systemRoles, orgId, funkId);
  const orgName = organisationsOf(user.rolesOrg).find((o) => o.orgId === orgId)?.orgName ?? `O${orgId}`;
  return { title: role ? `${role.functionName} – ${orgName}` : orgName };
}

export default function FormLayout({ children }: { children: ReactNode }) {
  return children;
}
