'use client';

import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type FilterFn,
  type Row as TableRow,
  type RowData,
  type SortFn,
} from '@tanstack/react-table';
import { formatDisplayDate } from '@/lib/domain/dates';
import { downloadCsv, toCsv } from '@/lib/csv';
import { Button } from './button';
import { cn } from './cn';
import { DataTablePager, tableControlClass } from './data-table-pager';

/** A filter choice with its own rule, e.g. the spec's 'Offene Beiträge >=2'. */
export interface DataTableFilterOption<Row> {
  value: string;
  label: string;
  test: (row: Row) => boolean;
}

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** The value sorted on (numbers numerically, text alphabetically in German order; null last). */
  accessor: (row: Row) => string | number | null;
  /** What the cell shows; defaults to the text below. */
  cell?: (row: Row) => ReactNode;
  /** Text searched, filtered on and exported; defaults to the accessor value (as DD.MM.YYYY for type 'date'). */
  text?: (row: Row) => string;
  /** 'date': the accessor gives YYYY-MM-DD; shown, searched and exported as DD.MM.YYYY. */
  type?: 'text' | 'date';
  /** Click-to-sort header; default true. */
  sortable?: boolean;
  /** Part of the search box; default true. */
  searchable?: boolean;
  /** Per-column filter: free text, a list of the column's values, or custom choices. */
  filter?: 'text' | 'select' | DataTableFilterOption<Row>[];
  /** false leaves the column out of the CSV export (e.g. an edit-button column). */
  csv?: false;
  /** Extra classes for the column's header and cells (e.g. 'text-right', 'w-24'). */
  className?: string;
}

export interface DataTableProps<Row extends RowData> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  /** Rows per page; default 20 (core §9). */
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

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});
type Features = typeof features;

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

function textOf<Row>(column: DataTableColumn<Row>, row: Row): string {
  if (column.text) return column.text(row);
  const value = column.accessor(row);
  if (value === null || value === undefined) return '';
  if (column.type === 'date') return formatDisplayDate(String(value));
  return String(value);
}

const isEmptyFilter = (value: unknown) => value === undefined || value === null || value === '';

export function DataTable<Row extends RowData>({
  columns,
  rows,
  pageSize = DEFAULT_PAGE_SIZE,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  csvFileName = 'export.csv',
  csvExport = true,
  searchPlaceholder,
  emptyText,
  onRowClick,
  rowClassName,
  getRowId,
  initialSort,
  toolbar,
  label,
  className,
}: DataTableProps<Row>) {
  const t = useTranslations('table');

  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<Features, Row>();
    return columns.map((def) => {
      const sortFn: SortFn<Features, Row> = (a, b, id) => compareValues(a.getValue(id), b.getValue(id));
      const filterFn: FilterFn<Features, Row> = (row, _id, filterValue) => {
        if (isEmptyFilter(filterValue)) return true;
        const wanted = String(filterValue);
        if (Array.isArray(def.filter)) {
          const option = def.filter.find((o) => o.value === wanted);
          return option ? option.test(row.original) : true;
        }
        const text = textOf(def, row.original);
        if (def.filter === 'select') return text === wanted;
        return text.toLocaleLowerCase('de').includes(wanted.toLocaleLowerCase('de'));
      };
      filterFn.autoRemove = isEmptyFilter;
      // null becomes undefined so sortUndefined can keep empty values at the end in both directions
      const accessor = (row: Row): unknown => def.accessor(row) ?? undefined;
      return helper.accessor(accessor, {
        id: def.id,
        header: def.header,
        cell: (ctx) => (def.cell ? def.cell(ctx.row.original) : textOf(def, ctx.row.original)),
        enableSorting: def.sortable !== false,
        sortUndefined: 'last',
        sortFn,
        enableColumnFilter: def.filter !== undefined,
        filterFn,
        enableGlobalFilter: def.searchable !== false,
      });
    });
  }, [columns]);

  const globalFilterFn = useMemo(() => {
    const fn: FilterFn<Features, Row> = (row, columnId, filterValue) => {
      const def = byId.get(columnId);
      if (!def || isEmptyFilter(filterValue)) return true;
      return textOf(def, row.original)
        .toLocaleLowerCase('de')
        .includes(String(filterValue).trim().toLocaleLowerCase('de'));
    };
    return fn;
  }, [byId]);

  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId,
    globalFilterFn,
    // the default looks at the first row's value type and would skip a column whose first value is null
    getColumnCanGlobalFilter: (column) => byId.get(column.id)?.searchable !== false,
    // page resets are done by hand (search, filter, sort): a data refresh after a save keeps the page
    autoResetPageIndex: false,
    initialState: {
      pagination: { pageIndex: 0, pageSize },
      sorting: initialSort ? [{ id: initialSort.id, desc: initialSort.desc ?? false }] : [],
    },
  });

  const { pageIndex, pageSize: currentPageSize } = table.state.pagination;
  const filteredCount = table.getFilteredRowModel().rows.length;
  const pageCount = Math.max(1, table.getPageCount());
  const visibleRows = table.getRowModel().rows;
  const hasFilters = columns.some((c) => c.filter !== undefined);

  // fewer rows than before (deleted, filtered by the owner): don't leave the user on an empty page
  useEffect(() => {
    if (pageIndex > 0 && pageIndex >= pageCount) table.setPageIndex(pageCount - 1);
  }, [pageIndex, pageCount, table]);

  function exportCsv() {
    const exported = columns.filter((c) => c.csv !== false);
    // pre-paginated = filtered and sorted, all pages
    const data = table.getPrePaginatedRowModel().rows.map((r) => r.original);
    downloadCsv(
      csvFileName,
      toCsv(
        data,
        exported.map((c) => ({ header: c.header, value: (row: Row) => textOf(c, row) })),
      ),
    );
  }

  function selectOptions(def: DataTableColumn<Row>): { value: string; label: string }[] {
    if (Array.isArray(def.filter)) return def.filter.map(({ value, label: l }) => ({ value, label: l }));
    const values = new Set<string>();
    for (const row of rows) {
      const text = textOf(def, row);
      if (text !== '') values.add(text);
    }
    return [...values].sort(collator.compare).map((v) => ({ value: v, label: v }));
  }

  return (
    <div className={cn('flex w-full flex-col gap-3', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label={t('search')}
          placeholder={searchPlaceholder ?? t('search')}
          value={String(table.state.globalFilter ?? '')}
          onChange={(e) => {
            table.setGlobalFilter(e.target.value);
            table.setPageIndex(0);
          }}
          className={cn(tableControlClass, 'w-full max-w-xs px-3 py-2')}
        />
        <div className="ml-auto flex items-center gap-2">
          {toolbar}
          {csvExport && (
            <Button variant="secondary" size="sm" onClick={exportCsv} disabled={filteredCount === 0}>
              {t('export')}
            </Button>
          )}
        </div>
      </div>

      <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label={label}>
          <thead className="bg-gray-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const def = byId.get(header.column.id);
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                      className={cn('px-3 py-2 text-left font-semibold text-gray-700', def?.className)}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={(e) => {
                            header.column.getToggleSortingHandler()?.(e);
                            table.setPageIndex(0);
                          }}
                          title={sorted === 'asc' ? t('sortAsc') : sorted === 'desc' ? t('sortDesc') : undefined}
                          className="inline-flex items-center gap-1 rounded hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
                        >
                          <table.FlexRender header={header} />
                          <SortIcon direction={sorted} />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
            {hasFilters && (
              <tr>
                {columns.map((def) => {
                  const column = table.getColumn(def.id);
                  const value = String(column?.getFilterValue() ?? '');
                  const setValue = (v: string) => {
                    column?.setFilterValue(v);
                    table.setPageIndex(0);
                  };
                  const name = t('filterColumn', { column: def.header });
                  return (
                    <th key={def.id} scope="col" className={cn('px-3 pb-2 font-normal', def.className)}>
                      {def.filter === 'text' && (
                        <input
                          type="text"
                          aria-label={name}
                          placeholder={t('filter')}
                          value={value}
                          onChange={(e) => setValue(e.target.value)}
                          className={cn(tableControlClass, 'w-full min-w-24')}
                        />
                      )}
                      {(def.filter === 'select' || Array.isArray(def.filter)) && (
                        <select
                          aria-label={name}
                          value={value}
                          onChange={(e) => setValue(e.target.value)}
                          className={cn(tableControlClass, 'w-full min-w-24')}
                        >
                          <option value="">{t('all')}</option>
                          {selectOptions(def).map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                      )}
                    </th>
                  );
                })}
              </tr>
            )}
          </thead>
          <tbody className="divide-y divide-gray-100">
            {visibleRows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-gray-500">
                  {emptyText ?? t('empty')}
                </td>
              </tr>
            ) : (
              visibleRows.map((row: TableRow<Features, Row>) => (
                <tr
                  key={row.id}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  onKeyDown={
                    onRowClick
                      ? (e) => {
                          if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick(row.original);
                        }
                      : undefined
                  }
                  tabIndex={onRowClick ? 0 : undefined}
                  className={cn(
                    'hover:bg-brand-light/60',
                    onRowClick && 'cursor-pointer focus-visible:bg-brand-light focus-visible:outline-none',
                    rowClassName?.(row.original),
                  )}
                >
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={cn('px-3 py-2 align-top text-gray-800', byId.get(cell.column.id)?.className)}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <DataTablePager
        total={filteredCount}
        pageIndex={pageIndex}
        pageCount={pageCount}
        pageSize={currentPageSize}
        pageSizeOptions={pageSizeOptions}
        onPageSize={(size) => {
          table.setPageSize(size);
          table.setPageIndex(0);
        }}
        onPage={(index) => table.setPageIndex(index)}
      />
    </div>
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true"
      className={direction ? 'text-brand' : 'text-gray-300'}>
      {direction === 'desc' ? <path d="m6 9 6 6 6-6" /> : direction === 'asc' ? <path d="m6 15 6-6 6 6" /> : <path d="m8 9 4-4 4 4M8 15l4 4 4-4" />}
    </svg>
  );
}
