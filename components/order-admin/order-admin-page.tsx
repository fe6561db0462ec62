import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getOrder, getOrderItems, getOverseenOrders } from '@/lib/api/orders';
import { organisationLevel } from '@/lib/api/organisations';
import { getUser } from '@/lib/api/user';
import { formPath } from '@/lib/domain/shell';
import { ORDER_LIST_PAGE_SIZE } from '@/components/shared/orders/order-view';
import { OrderAdminScreen } from './lazy';

/**
 * Forms 1005 (order overview) and 56 (order detail): every order the acting organisation
 * oversees, one of them in detail (with an id in the address). Release, refund and send back are
 * the federation's; the API decides, the screen only offers what it would allow.
 */
export async function OrderAdminPage({ orgId, funkId, id }: FormPageProps) {
  const t = await getTranslations();
  const orderId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (id !== undefined && orderId === null) redirect(formPath(orgId, funkId));

  let data;
  try {
    data = await Promise.all([
      getOverseenOrders(orgId, { page: 1, size: ORDER_LIST_PAGE_SIZE }),
      orderId === null ? null : getOrder(orgId, orderId).catch(notOfThisOrganisation),
      organisationLevel(orgId),
      getUser(),
    ]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  const [orders, , level, user] = data;
  // The order's own organisation names it: look it up among those the overview may see.
  let selected = null;
  if (orderId !== null) {
    const hit = data[1] ?? (await findOrder(orgId, orderId));
    if (!hit) redirect(formPath(orgId, funkId));
    selected = { order: hit, items: await getOrderItems(hit.orgId, hit.id) };
  }
  return (
    <OrderAdminScreen
      actingOrgId={orgId}
      actingLevel={level}
      funkId={funkId}
      orders={orders}
      selected={selected}
      bank={user.sysconfig.BANK ?? null}
    />
  );
}

/** An order of another organisation the acting one oversees, by its id. */
async function findOrder(actingOrgId: number, orderId: number) {
  const page = await getOverseenOrders(actingOrgId, { q: String(orderId).padStart(6, '0'), size: 100 });
  const found = page.items.find((o) => o.id === orderId);
  return found ? getOrder(found.orgId, found.id) : null;
}

/** The acting organisation's level (the report hides the organisation column at level 3). */

/** An order id under another organisation's path is 404 (or 403): look further; anything else is thrown on. */
function notOfThisOrganisation(error: unknown): null {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
  throw error;
}
