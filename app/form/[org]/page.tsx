import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { loadShell } from '@/components/shell/load-shell';
import { PageMessage } from '@/components/shell/page-message';
import { SignedInLayout } from '@/components/shell/signed-in-layout';
import { holdsOrganisation, organisationsOf, parseOrgSegment } from '@/lib/domain/shell';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ org: string }> }): Promise<Metadata> {
  const orgId = parseOrgSegment((await params).org);
  if (orgId === null) return {};
  const { user } = await loadShell();
  return { title: organisationsOf(user.rolesOrg).find((o) => o.orgId === orgId)?.orgName ?? `O${orgId}` };
}

/** /admin/form/O{org}: start page with an organisation chosen; asks for a form. */
export default async function OrganisationStartPage({ params }: { params: Promise<{ org: string }> }) {
  const { org } = await params;
  const orgId = parseOrgSegment(org);
  if (orgId === null) redirect('/');
  const { user, systemRoles } = await loadShell();
  const t = await getTranslations('shell');
  if (!holdsOrganisation(user.rolesOrg, systemRoles, orgId)) {
    return (
      <SignedInLayout user={user} systemRoles={systemRoles}>
        <PageMessage tone="alert" title={t('forbiddenTitle')} backLabel={t('backToStart')}>
          {t('forbiddenOrganisation')}
        </PageMessage>
      </SignedInLayout>
    );
  }
  const orgName = organisationsOf(user.rolesOrg).find((o) => o.orgId === orgId)?.orgName ?? `O${orgId}`;
  return (
    <SignedInLayout user={user} systemRoles={systemRoles} orgId={orgId}>
      <PageMessage>{t('landingOrg', { org: orgName })}</PageMessage>
    </SignedInLayout>
  );
}
