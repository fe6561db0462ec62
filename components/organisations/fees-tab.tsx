'use client';

import { useMemo } from 'react';
import { useTranslations } from 'next-intl';
import type { Fee } from '@/lib/api/organisations';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { FeeStatusTag } from './fee-status-tag';
import { feeStatusTone } from './organisation-view';

/** The fees tab: order number, category, status tag and completion date. */
export function FeesTab({ fees }: { fees: Fee[] }) {
  const t = useTranslations('organisations.fees');
  const columns = useMemo<DataTableColumn<Fee>[]>(
    () => [
      { id: 'orderId', header: t('orderNumber'), accessor: (f) => f.orderId },
      { id: 'ordercat', header: t('orderCategory'), accessor: (f) => f.ordercat, filter: 'select' },
      {
        id: 'status',
        header: t('status'),
        accessor: (f) => f.processing?.status ?? null,
        // what the tag says, so search, filter and export agree with the screen
        text: (f) => (feeStatusTone(f.processing?.status) === 'unknown' ? t('unknown') : String(f.processing?.status)),
        cell: (f) => <FeeStatusTag status={f.processing?.status} />,
        filter: 'select',
      },
      { id: 'completed', header: t('completed'), accessor: (f) => f.completed, type: 'date' },
    ],
    [t],
  );
  return (
    <DataTable
      label={t('label')}
      columns={columns}
      rows={fees}
      emptyText={t('empty')}
      getRowId={(f) => String(f.orderId)}
      csvFileName="beitraege.csv"
    />
  );
}
