'use client';

import { useTranslations } from 'next-intl';
import type { Tournament } from '@/lib/schemas/tournaments';
import { formatDisplayDate } from '@/lib/domain/dates';
import { BASE_PATH } from '@/lib/domain/shell';
import { Button } from '@/components/ui/button';
import { DownloadLink } from '@/components/ui/download-link';

/**
 * The tournament fee's order (placed when the federation approves): number, status, amount, the
 * invoice once released; the federation may release it while it is neither completed nor refunded.
 */
export function FeeOrder({
  tournament,
  ordercat,
  onRelease,
}: {
  tournament: Tournament;
  ordercat: string | null | undefined;
  onRelease?: () => void;
}) {
  const t = useTranslations('tournaments');
  if (!ordercat) return <p className="text-sm text-gray-800">{t('noPayment')}</p>;
  const order = tournament.order;
  return (
    <div className="space-y-2 text-sm text-gray-800">
      <p>{t('feeCategory', { cat: ordercat })}</p>
      {!order ? (
        <p className="text-gray-600">{t('orderOnApproval')}</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-gray-600">{t('orderNumber')}</dt>
          <dd>{order.orderNumber}</dd>
          <dt className="text-gray-600">{t('orderState')}</dt>
          <dd>
            {order.completed
              ? t('orderReleased', { date: formatDisplayDate(order.completed) })
              : order.canceled
                ? t('orderRefunded')
                : order.status}
          </dd>
          <dt className="text-gray-600">{t('orderTotal')}</dt>
          <dd>{new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' }).format(order.total)}</dd>
        </dl>
      )}
      {order?.invoiceNumber && (
        <DownloadLink
          className="inline-block font-medium text-brand hover:underline"
          href={`${BASE_PATH}/api/v1/reports/invoice?order=${order.id}`}
        >
          {t('invoiceDownload', { number: order.invoiceNumber })}
        </DownloadLink>
      )}
      {order && !order.completed && !order.canceled && onRelease && (
        <div>
          <Button variant="secondary" onClick={onRelease}>
            {t('releaseOrder')}
          </Button>
        </div>
      )}
      <p>{t('paymentStatus', { status: tournament.orderStatus ?? t('paymentOpen') })}</p>
    </div>
  );
}
