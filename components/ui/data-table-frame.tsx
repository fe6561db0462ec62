'use client';

import { useMemo, useState, type ReactNode } from 'react';
import { cn } from './cn';
import { DataTableBody, STICKY_FIRST } from './data-table-body';
import { DataTableFilterRow } from './data-table-filter-row';
import { DataTablePager } from './data-table-pager';
import { DataTableToolbar, type DataTableDensity } from './data-table-toolbar';
import type { DataTableColumn, DataTableState } from './data-table-types';

export interface DataTableFrameProps<Row> {
  columns: DataTableColumn<Row>[];
  state: DataTableState<Row>;
  pageSizeOptions: number[];
  rowKey: (row: Row, index: number) => string;
  searchPlaceholder?: string;
  emptyText?: string;
  placeholder?: ReactNode;
  onRowClick?: (row: Row) => void;
  rowClassName?: (row: Row) => string | undefined;
  toolbar?: ReactNode;
  exportHref?: string;
  onExport?: () => void;
  label?: string;
  className?: string;
}

/**
 * Toolbar, table and pager around a table state, whichever mode computed it. Which columns are
 * shown and the row density are the viewer's choice on this screen, so they stay local.
 */
export function DataTableFrame<Row>({
  columns,
  state,
  pageSizeOptions,
  rowKey,
  searchPlaceholder,
  emptyText,
  placeholder,
  onRowClick,
  rowClassName,
  toolbar,
  exportHref,
  onExport,
  label,
  className,
}: DataTableFrameProps<Row>) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [density, setDensity] = useState<DataTableDensity>('normal');
  const visible = useMemo(() => columns.filter((c) => !hidden.has(c.id)), [columns, hidden]);
  const hasFilters = visible.some((c) => c.filter !== undefined);

  function toggleColumn(id: string) {
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      // at least one column stays
      else if (columns.length - next.size > 1) next.add(id);
      return next;
    });
  }

  return (
    <div className={cn('flex w-full flex-col gap-3', className)}>
      <DataTableToolbar
        search={state.search}
        onSearch={state.setSearch}
        searchPlaceholder={searchPlaceholder}
        columns={columns}
        hidden={hidden}
        onToggleColumn={toggleColumn}
        density={density}
        onDensity={setDensity}
        exportHref={exportHref}
        onExport={onExport}
        exportDisabled={state.total === 0}
        extra={toolbar}
      />
      <DataTableBody
        columns={visible}
        rows={state.rows}
        rowKey={rowKey}
        sort={state.sort}
        onSort={state.toggleSort}
        filterRow={
          hasFilters ? (
            <DataTableFilterRow
              columns={visible}
              filters={state.filters}
              onFilter={state.setFilter}
              options={state.filterOptions}
              firstClassName={STICKY_FIRST}
            />
          ) : undefined
        }
        density={density}
        emptyText={emptyText}
        placeholder={placeholder}
        busy={state.loading}
        onRowClick={onRowClick}
        rowClassName={rowClassName}
        label={label}
      />
      <DataTablePager
        total={state.total}
        pageIndex={state.pageIndex}
        pageCount={state.pageCount}
        pageSize={state.pageSize}
        pageSizeOptions={pageSizeOptions}
        onPageSize={state.setPageSize}
        onPage={state.setPageIndex}
      />
    </div>
  );
}
