'use client';

import { useMemo } from 'react';
import { useTranslations } from 'next-intl';
import type { OrganisationListItem } from '@/lib/api/organisations';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { hasOpenFees, isInactive } from './organisation-view';

type Row = OrganisationListItem;

/**
 * The table view: every column, sortable and filterable, 20 per page, quick jump, CSV
 * export (semicolon and byte-order mark, lib/csv) and the filter 'Offene Beiträge >=2'.
 */
export function OrganisationTable({ rows, onOpen }: { rows: Row[]; onOpen: (id: number) => void }) {
  const t = useTranslations('organisations');

  const columns = useMemo<DataTableColumn<Row>[]>(() => {
    const shortName = new Map(rows.map((r) => [r.id, r.nameShort]));
    const parentName = (r: Row) => (r.orgMotherId === null ? null : (shortName.get(r.orgMotherId) ?? r.orgMotherName ?? null));
    const yesNo = (v: boolean | undefined) => (v ? t('yes') : t('no'));
    const text = (id: keyof Row & string, filter: 'text' | 'select' = 'text'): DataTableColumn<Row> => ({
      id,
      header: t(`fields.${id}`),
      accessor: (r) => (r[id] as string | null) ?? null,
      filter,
    });
    const date = (id: 'orgStartDate' | 'orgEndDate' | 'inoperativeSince'): DataTableColumn<Row> => ({
      id,
      header: t(`fields.${id}`),
      accessor: (r) => r[id],
      type: 'date',
      filter: 'text',
    });
    return [
      { id: 'id', header: t('fields.id'), accessor: (r) => r.id, filter: 'text', className: 'w-16' },
      { ...text('nameShort'), cell: (r) => <span className="font-medium">{r.nameShort}</span> },
      text('name'),
      {
        id: 'status',
        header: t('fields.status'),
        accessor: (r) => (isInactive(r) ? t('inactive') : t('active')),
        filter: 'select',
      },
      { id: 'orgLevel', header: t('fields.orgLevel'), accessor: (r) => t(`levels.${r.orgLevel}`), filter: 'select' },
      { id: 'orgMotherId', header: t('fields.orgMotherId'), accessor: parentName, filter: 'select' },
      {
        id: 'federalState',
        header: t('fields.federalState'),
        accessor: (r) => r.params?.federalState ?? null,
        filter: 'select',
      },
      {
        id: 'association',
        header: t('fields.association'),
        accessor: (r) => r.params?.association ?? null,
        filter: 'select',
      },
      text('street'),
      text('zip'),
      text('city'),
      text('address'),
      text('street2'),
      text('zip2'),
      text('city2'),
      text('email'),
      text('homepage'),
      text('phoneOffice'),
      text('faxOffice'),
      text('bso'),
      text('zvr'),
      text('dvr'),
      { id: 'iban', header: t('fields.iban'), accessor: (r) => r.params?.iban ?? null, filter: 'text' },
      date('orgStartDate'),
      date('orgEndDate'),
      date('inoperativeSince'),
      { id: 'section', header: t('fields.section'), accessor: (r) => yesNo(r.params?.section), filter: 'select' },
      { id: 'coopPartner', header: t('fields.coopPartner'), accessor: (r) => yesNo(r.params?.coop_partner), filter: 'select' },
      { id: 'members', header: t('fields.members'), accessor: (r) => r.members ?? null, className: 'text-right' },
      { id: 'licenses', header: t('fields.licenses'), accessor: (r) => r.licenses ?? null, className: 'text-right' },
      {
        id: 'openFees',
        header: t('fields.openFees'),
        accessor: (r) => r.openFees ?? 0,
        className: 'text-right',
        filter: [{ value: 'open2', label: t('openFeesFilter'), test: hasOpenFees }],
      },
    ];
  }, [t, rows]);

  return (
    <DataTable
      label={t('title')}
      columns={columns}
      rows={rows}
      pageSize={20}
      csvFileName={t('csvFileName')}
      emptyText={t('empty')}
      getRowId={(r) => String(r.id)}
      initialSort={{ id: 'nameShort' }}
      onRowClick={(r) => onOpen(r.id)}
      rowClassName={(r) => (isInactive(r) ? 'text-gray-600 [&_td]:text-gray-600' : undefined)}
    />
  );
}
