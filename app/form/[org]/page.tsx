import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { loadShell } from '@/components/shell/load-shell';
import { PageMessage } from '@/components/ui/page-message';
import { SignedInLayout } from '@/components/shell/signed-in-layout';
import { holdsOrganisation, organisationsOf, parseOrgSegment } from '@/lib/domain/shell';
import { FORM_LICENCE_ORDER, FORM_ORDER_DETAIL, FORM_ORDER_OVERVIEW } from '@/lib/domain/functions';
import { SHELL_ORDERS_PAGE_SIZE } from '@/lib/domain/orders/status';
import { getOverseenOrders } from '@/lib/api/orders';
import { OrdersOverview } from '@/components/orders/orders-overview';

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
  // The orders overview for those who hold an order form here; it links into the most capable one.
  const orderForm = [FORM_ORDER_OVERVIEW, FORM_ORDER_DETAIL, FORM_LICENCE_ORDER].find((f) =>
    systemRoles.some((r) => r.orgId === orgId && r.funkId === f),
  );
  const orders = orderForm ? await getOverseenOrders(orgId, { page: 1, size: SHELL_ORDERS_PAGE_SIZE }).catch(() => null) : null;
  return (
    <SignedInLayout user={user} systemRoles={systemRoles} orgId={orgId}>
      <div className="space-y-4">
        <PageMessage>{t('landingOrg', { org: orgName })}</PageMessage>
        {orderForm && orders && <OrdersOverview orgId={orgId} funkId={orderForm} initial={orders} />}
      </div>
    </SignedInLayout>
  );
}
