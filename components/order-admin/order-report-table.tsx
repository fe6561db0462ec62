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
import { BriefCell, BriefTable } from '@/components/ui/brief-table';

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
      <BriefTable
        label={t('report.label')}
        columns={headers.map((h) => ({ key: h, header: h }))}
        emptyText={
          list.failed ? (
            <span role="alert" className="font-medium text-red-700">
              {tc('connectionError')}
            </span>
          ) : pending ? (
            t('loading')
          ) : (
            t('report.empty')
          )
        }
        isEmpty={data.items.length === 0}
        pageSize={null}
      >
        {data.items.map((l) => (
          <tr key={`${l.ordersystemId}-${l.memberId}`}>
            <BriefCell className="whitespace-nowrap">{l.ordercat}</BriefCell>
            <BriefCell>{l.bso}</BriefCell>
            <BriefCell>{l.ordersystemId}</BriefCell>
            {showOrganisation && <BriefCell className="whitespace-nowrap">{l.orgName}</BriefCell>}
            <BriefCell>{l.regNr}</BriefCell>
            <BriefCell className="whitespace-nowrap">{l.memberName}</BriefCell>
            <BriefCell>{formatDisplayDate(l.completed)}</BriefCell>
            <BriefCell>{formatDisplayDate(l.createdAt.slice(0, 10))}</BriefCell>
            <BriefCell>{formatDisplayDate(l.updatedAt.slice(0, 10))}</BriefCell>
            <BriefCell className="whitespace-nowrap">{l.creator}</BriefCell>
            <BriefCell>{l.status}</BriefCell>
            <BriefCell>
              <Link
                href={formPath(actingOrgId, funkId, l.ordersystemId)}
                aria-label={t('report.editOrder', { id: l.ordersystemId })}
                className="font-medium text-brand hover:underline"
              >
                {t('report.edit')}
              </Link>
            </BriefCell>
          </tr>
        ))}
      </BriefTable>
      <SimplePager page={list.page} pages={list.pages} onPage={list.setPage} className="mt-0" />
    </div>
  );
}
