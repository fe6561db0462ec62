'use client';

import { useEffect, useState, useTransition } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { OrderReportPage } from '@/lib/schemas/orders';
import { formatDisplayDate } from '@/lib/domain/dates';
import { BASE_PATH, formPath } from '@/lib/domain/shell';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { loadReport } from '@/components/orders/actions';
import { DownloadLink } from '@/components/ui/download-link';

/** Report lines per page. */
export const REPORT_PAGE_SIZE = 20;

/**
 * The report of ordered persons across the orders the acting organisation oversees: searched and
 * paged by the API, 20 per page; the organisation column only above level 3; CSV of all lines.
 * The last column opens the line's order in the order form.
 */
export function OrderReportTable({ actingOrgId, funkId, showOrganisation }: { actingOrgId: number; funkId: number; showOrganisation: boolean }) {
  const t = useTranslations('orderAdmin');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<OrderReportPage>({ items: [], total: 0 });
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const handle = setTimeout(() => {
      startTransition(async () => {
        const result = await settleAction(loadReport({ actingOrgId, q: query.trim() || undefined, page }));
        if (applyActionResult(result, null, { success: false })) setData(result.data);
      });
    }, 200);
    return () => clearTimeout(handle);
  }, [actingOrgId, query, page]);

  const pages = Math.max(1, Math.ceil(data.total / REPORT_PAGE_SIZE));
  const csvHref = `${BASE_PATH}/api/v1/order/${actingOrgId}/report.csv${query.trim() ? `?q=${encodeURIComponent(query.trim())}` : ''}`;
  const headers = [
    t('report.ordercat'),
    t('report.bso'),
    t('report.id'),
    ...(showOrganisation ? [t('report.organisation')] : []),
    t('report.regNr'),
    t('report.name'),
    t('report.completed'),
    t('report.created'),
    t('report.updated'),
    t('report.creator'),
    t('report.status'),
    t('report.edit'),
  ];

  return (
    <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-3 shadow-sm" aria-busy={pending || undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label={t('report.search')}
          placeholder={t('report.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }}
          className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        <span className="text-sm text-gray-700" aria-live="polite">
          {t('report.count', { count: data.total })}
        </span>
        <DownloadLink className="text-sm font-medium text-brand hover:underline" href={csvHref}>
          {t('report.csv')}
        </DownloadLink>
      </div>
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label={t('report.label')}>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {data.items.length === 0 && (
              <tr>
                <td colSpan={headers.length} className="px-3 py-6 text-center text-gray-500">
                  {pending ? t('loading') : t('report.empty')}
                </td>
              </tr>
            )}
            {data.items.map((l) => (
              <tr key={`${l.ordersystemId}-${l.memberId}`}>
                <td className="whitespace-nowrap px-3 py-2">{l.ordercat}</td>
                <td className="px-3 py-2">{l.bso}</td>
                <td className="px-3 py-2">{l.ordersystemId}</td>
                {showOrganisation && <td className="whitespace-nowrap px-3 py-2">{l.orgName}</td>}
                <td className="px-3 py-2">{l.regNr}</td>
                <td className="whitespace-nowrap px-3 py-2">{l.memberName}</td>
                <td className="px-3 py-2">{formatDisplayDate(l.completed)}</td>
                <td className="px-3 py-2">{formatDisplayDate(l.createdAt.slice(0, 10))}</td>
                <td className="px-3 py-2">{formatDisplayDate(l.updatedAt.slice(0, 10))}</td>
                <td className="whitespace-nowrap px-3 py-2">{l.creator}</td>
                <td className="px-3 py-2">{l.status}</td>
                <td className="px-3 py-2">
                  <Link href={formPath(actingOrgId, funkId, l.ordersystemId)} aria-label={t('report.editOrder', { id: l.ordersystemId })} className="font-medium text-brand hover:underline">
                    {t('report.edit')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="flex items-center justify-between text-sm text-gray-700">
          <Button variant="secondary" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1} aria-label={t('previousPage')}>
            ‹
          </Button>
          <span>{t('page', { page, pages })}</span>
          <Button variant="secondary" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pages} aria-label={t('nextPage')}>
            ›
          </Button>
        </div>
      )}
    </div>
  );
}
