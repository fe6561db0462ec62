'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { formatDisplayDate } from '@/lib/domain/dates';
import { BASE_PATH, formPath } from '@/lib/domain/shell';
import { ListSearch } from '@/components/ui/list-search';
import { SimplePager } from '@/components/ui/simple-pager';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { loadReport } from './actions';
import { DownloadLink } from '@/components/ui/download-link';

/** Report lines per page. */
export const REPORT_PAGE_SIZE = 20;

/**
 * The report of ordered persons across the orders the acting organisation oversees: searched and
 * paged by the API, 20 per page; the organisation column only above level 3; CSV of all lines.
 * The last column opens the line's order in the order form.
 */
export function OrderReportTable({
  actingOrgId,
  funkId,
  showOrganisation,
}: {
  actingOrgId: number;
  funkId: number;
  showOrganisation: boolean;
}) {
  const t = useTranslations('orderAdmin');
  const tc = useTranslations('common');
  const [query, setQuery] = useState('');
  const list = usePagedQuery({
    query: { q: query.trim() },
    typed: query,
    pageSize: REPORT_PAGE_SIZE,
    load: ({ q }, page) => loadReport({ actingOrgId, q: q || undefined, page }),
  });
  const data = list.shown ?? { items: [], total: list.failed ? 0 : (list.latest?.total ?? 0) };
  const pending = list.loading;
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
        <ListSearch label={t('report.search')} value={query} onSearch={setQuery} className="min-w-0 w-auto flex-1" />
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
                  {list.failed ? (
                    <span role="alert" className="font-medium text-red-700">
                      {tc('connectionError')}
                    </span>
                  ) : pending ? (
                    t('loading')
                  ) : (
                    t('report.empty')
                  )}
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
                  <Link
                    href={formPath(actingOrgId, funkId, l.ordersystemId)}
                    aria-label={t('report.editOrder', { id: l.ordersystemId })}
                    className="font-medium text-brand hover:underline"
                  >
                    {t('report.edit')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SimplePager page={list.page} pages={list.pages} onPage={list.setPage} className="mt-0" />
    </div>
  );
}
