'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { DataTableFrame } from './data-table-frame';
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE_OPTIONS } from './data-table';
import type { DataTableColumn, DataTableSort } from './data-table-types';
import { Spinner } from './spinner';
import { useServerTable, type ServerPage, type ServerTableQuery } from './hooks/use-server-table';

export type { ServerTableQuery } from './hooks/use-server-table';

export interface ServerDataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  /** One page from the API for the table's state. */
  fetchPage: (query: ServerTableQuery, signal: AbortSignal) => Promise<ServerPage<Row>>;
  defaultSort: DataTableSort;
  pageSize?: number;
  pageSizeOptions?: number[];
  /** Address of the CSV export with the same search, filters and order (streamed by the API). */
  exportHref?: (query: ServerTableQuery) => string;
  getRowId: (row: Row) => string;
  searchPlaceholder?: string;
  emptyText?: string;
  /** Shown when a page cannot be loaded. */
  failedText: string;
  toolbar?: ReactNode;
  label?: string;
  className?: string;
}

/** The shared table in server mode: search, filters, sort and pages in the database, state in the address. */
export function ServerDataTable<Row>({
  columns,
  fetchPage,
  defaultSort,
  pageSize = DEFAULT_PAGE_SIZE,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  exportHref,
  getRowId,
  failedText,
  ...frame
}: ServerDataTableProps<Row>) {
  const t = useTranslations('dataTable');
  const { state, query } = useServerTable({ columns, fetchPage, defaultSort, defaultPageSize: pageSize, pageSizeOptions });
  const firstLoad = state.loading && state.rows.length === 0;

  let placeholder: ReactNode = null;
  if (state.failed)
    placeholder = (
      <span role="alert" className="font-medium text-red-700">
        {failedText}
      </span>
    );
  else if (firstLoad) placeholder = <Spinner size={24} label={t('loading')} />;

  return (
    <DataTableFrame
      {...frame}
      columns={columns}
      state={state}
      pageSizeOptions={pageSizeOptions}
      rowKey={(row) => getRowId(row)}
      placeholder={placeholder}
      exportHref={exportHref?.(query)}
    />
  );
}
