'use client';

import { useTranslations } from 'next-intl';
import type { Order } from '@/lib/schemas/orders';
import { BASE_PATH } from '@/lib/domain/shell';
import { DownloadLink } from '@/components/ui/download-link';

const linkClass = 'text-sm font-medium text-brand hover:underline';

/**
 * The order's documents to download: the payment request while the order is created (with the
 * hint that the club can pay right away), then each invoice (a cancelled one says so) and each
 * cancellation invoice, in the order they were issued.
 */
export function OrderDocumentLinks({ order, hint = false }: { order: Pick<Order, 'id' | 'paymentRequest' | 'invoices'>; hint?: boolean }) {
  const t = useTranslations('orderDocuments');
  const report = (kind: 'invoice' | 'cancellation' | 'payment-request', number?: string) =>
    `${BASE_PATH}/api/v1/reports/${kind}?order=${order.id}${number ? `&number=${encodeURIComponent(number)}` : ''}`;
  if (!order.paymentRequest && order.invoices.length === 0) return null;
  return (
    <div className="space-y-1">
      {order.paymentRequest && (
        <p className="text-sm">
          {hint && <span className="block text-gray-700">{t('paymentRequestHint')}</span>}
          <DownloadLink className={linkClass} href={report('payment-request')}>
            {t('paymentRequest')}
          </DownloadLink>
        </p>
      )}
      {order.invoices.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label={t('label')}>
          {order.invoices.map((d) => (
            <li key={d.number}>
              <DownloadLink className={linkClass} href={report(d.kind, d.number)}>
                {d.kind === 'cancellation'
                  ? t('cancellation', { number: d.number, cancels: d.cancels ?? '' })
                  : t(d.cancelledBy ? 'invoiceCancelled' : 'invoice', { number: d.number })}
              </DownloadLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
