import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getOrder, getOrderItems, getOrderOffers, getOrgOrders } from '@/lib/api/orders';
import { formPath } from '@/lib/domain/shell';
import { FEDERATION_ORG_ID, ORG_LEVEL_CLUB } from '@/lib/domain/functions';
import { getOrganisations } from '@/lib/api/organisations';
import { LicenceOrderScreen } from './lazy';
import { ORDER_LIST_PAGE_SIZE } from '@/components/shared/orders/order-view';

/**
 * Form 55, the licence order wizard: reads the club's first page of orders and what it can order
 * now (and, with an id in the address, that order with its lines) and hands them to the screen.
 */
export async function LicenceOrderPage({ orgId, orgName, funkId, id }: FormPageProps) {
  const t = await getTranslations();
  const orderId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (id !== undefined && orderId === null) redirect(formPath(orgId, funkId));

  let data;
  try {
    data = await Promise.all([
      getOrgOrders(orgId, { page: 1, size: ORDER_LIST_PAGE_SIZE }),
      getOrderOffers(orgId),
      orderId === null
        ? null
        : Promise.all([getOrder(orgId, orderId), getOrderItems(orgId, orderId)]).then(([order, items]) => ({ order, items })),
    ]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // redirects (ended session) pass through
    if (orderId !== null && error.status === 404) redirect(formPath(orgId, funkId));
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  const [orders, offers, selected] = data;
  // The federation orders on behalf of a club it chooses first; a club orders for itself.
  const clubs = orgId === FEDERATION_ORG_ID ? await clubChoices(orgId) : [];
  return (
    <LicenceOrderScreen orgId={orgId} orgName={orgName} funkId={funkId} orders={orders} offers={offers} selected={selected} clubs={clubs} />
  );
}

/** The clubs still in operation, by short name; none when the organisation list cannot be read. */
async function clubChoices(actingOrgId: number): Promise<Array<{ id: number; name: string }>> {
  try {
    const list = await getOrganisations(actingOrgId);
    return list.filter((o) => o.orgLevel === ORG_LEVEL_CLUB && !o.orgEndDate).map((o) => ({ id: o.id, name: o.nameShort }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
}
