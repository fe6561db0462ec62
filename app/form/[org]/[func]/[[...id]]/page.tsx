import { createElement } from 'react';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { loadShell } from '@/components/shell/load-shell';
import { PageMessage } from '@/components/ui/page-message';
import { SignedInLayout } from '@/components/shell/signed-in-layout';
import { formPath, organisationsOf, parseFuncSegment, parseOrgSegment, routedRole } from '@/lib/domain/shell';
import { findForm } from './forms';

export const dynamic = 'force-dynamic';

/** Next may hand the segment over still encoded; a stray % must not crash the page. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type Params = { org: string; func: string; id?: string[] };

/**
 * /admin/form/O{org}/F{func}/{id}: the form of one function in one organisation. The user must
 * hold that function there (one of their system roles); the form comes from ./forms.
 */
export default async function FormPage({ params }: { params: Promise<Params> }) {
  const { org, func, id } = await params;
  const orgId = parseOrgSegment(org);
  const funkId = parseFuncSegment(func);
  if (orgId === null || funkId === null) redirect('/');
  if (id && id.length > 1) redirect(formPath(orgId, funkId, safeDecode(id[0])));

  const { user, systemRoles } = await loadShell();
  const t = await getTranslations('shell');
  const role = routedRole(systemRoles, orgId, funkId);
  if (!role) {
    return (
      <SignedInLayout user={user} systemRoles={systemRoles} orgId={orgId}>
        <PageMessage tone="alert" title={t('forbiddenTitle')} backLabel={t('backToStart')}>
          {t('forbidden')}
        </PageMessage>
      </SignedInLayout>
    );
  }

  const Form = findForm(funkId);
  const orgName = organisationsOf(user.rolesOrg).find((o) => o.orgId === orgId)?.orgName ?? `O${orgId}`;
  return (
    <SignedInLayout user={user} systemRoles={systemRoles} orgId={orgId} funkId={funkId}>
      {Form ? (
        // the registry's component for this funkId (a lookup, not a component made here)
        createElement(Form, {
          orgId,
          orgName,
          funkId,
          functionName: role.functionName,
          funkMgId: role.funkMgId,
          orgLevel: role.orgLevel ?? null,
          id: id?.[0] !== undefined ? safeDecode(id[0]) : undefined,
          user: { mgId: user.mg_id, email: user.email, givenName: user.givenName, familyName: user.familyName },
        })
      ) : (
        <PageMessage tone="alert" title={t('notFoundTitle')}>
          {t('formNotFound', { name: role.functionName })}
        </PageMessage>
      )}
    </SignedInLayout>
  );
}
