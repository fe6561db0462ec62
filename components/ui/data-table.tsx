'use client';

import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { downloadCsv, toCsv } from '@/lib/csv';
import { DataTableFrame } from './data-table-frame';
import { textOf, type DataTableColumn } from './data-table-types';
import { useDataTable } from './hooks/use-data-table';

export type { DataTableColumn } from './data-table-types';

export interface DataTableProps<Row extends RowData> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  /** Rows per page; default 20. */
  pageSize?: number;
  pageSizeOptions?: number[];
  /** File name of the CSV export; default 'export.csv'. */
  csvFileName?: string;
  /** false hides the CSV export button. */
  csvExport?: boolean;
  searchPlaceholder?: string;
  /** Shown when no row is left (spec texts like 'Mitglieder nicht gefunden'); default 'Keine Daten'. */
  emptyText?: string;
  onRowClick?: (row: Row) => void;
  /** Extra classes per row, e.g. for inactive organisations. */
  rowClassName?: (row: Row) => string | undefined;
  /** Stable row id (keeps React keys steady across data refreshes); default the row index. */
  getRowId?: (row: Row, index: number) => string;
  /** Sorted like this until the user clicks a header, e.g. { id: 'nameShort' }. */
  initialSort?: { id: string; desc?: boolean };
  /** More controls placed in the toolbar next to the search box (e.g. an add button). */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
  className?: string;
}

export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/**
 * The shared table with every row in the browser (client mode): search, column filters, sort,
 * pages, CSV export of the filtered rows. Lists that can outgrow a club use ServerDataTable.
 */
export function DataTable<Row extends RowData>({
  columns,
  rows,
  pageSize = DEFAULT_PAGE_SIZE,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  csvFileName = 'export.csv',
  csvExport = true,
  getRowId,
  initialSort,
  ...frame
}: DataTableProps<Row>) {
  const { state, allRows } = useDataTable({ columns, rows, pageSize, getRowId, initialSort });

  function exportCsv() {
    const exported = columns.filter((c) => c.csv !== false);
    downloadCsv(
      csvFileName,
      toCsv(
        allRows(),
        exported.map((c) => ({ header: c.header, value: (row: Row) => textOf(c, row) })),
      ),
    );
  }

  return (
    <DataTableFrame
      {...frame}
      columns={columns}
      state={state}
      pageSizeOptions={pageSizeOptions}
      rowKey={(row, index) => (getRowId ? getRowId(row, index) : String(state.pageIndex * state.pageSize + index))}
      onExport={csvExport ? exportCsv : undefined}
    />
  );
}
