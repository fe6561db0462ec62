'use client';

import { useCallback, useEffect, useMemo } from 'react';
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
  type RowData,
  type SortFn,
} from '@tanstack/react-table';
import {
  collator,
  compareValues,
  isEmptyFilter,
  nextSort,
  textOf,
  type DataTableColumn,
  type DataTableSort,
  type DataTableState,
} from '../data-table-types';

/**
 * Client mode of the data table: every row is in the browser; search, column filters, sort and
 * pages are worked out here (TanStack Table). For lists that can outgrow a club use
 * useServerTable, which leaves that work to the API.
 */

export interface UseDataTableOptions<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  pageSize: number;
  getRowId?: (row: Row, index: number) => string;
  initialSort?: { id: string; desc?: boolean };
}

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

export function useDataTable<Row extends RowData>({ columns, rows, pageSize, getRowId, initialSort }: UseDataTableOptions<Row>) {
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
          return option?.test ? option.test(row.original) : true;
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
      return textOf(def, row.original).toLocaleLowerCase('de').includes(String(filterValue).trim().toLocaleLowerCase('de'));
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
  const pageCount = Math.max(1, table.getPageCount());

  // fewer rows than before (deleted, filtered by the owner): don't leave the user on an empty page
  useEffect(() => {
    if (pageIndex > 0 && pageIndex >= pageCount) table.setPageIndex(pageCount - 1);
  }, [pageIndex, pageCount, table]);

  const sorting = table.state.sorting as { id: string; desc: boolean }[];
  const sort: DataTableSort | null = sorting[0] ? { id: sorting[0].id, desc: sorting[0].desc } : null;
  const filters: Record<string, string> = {};
  for (const f of table.state.columnFilters as { id: string; value: unknown }[]) filters[f.id] = String(f.value ?? '');

  const filterOptions = useCallback(
    (def: DataTableColumn<Row>) => {
      if (Array.isArray(def.filter)) return def.filter.map(({ value, label }) => ({ value, label }));
      const values = new Set<string>();
      for (const row of rows) {
        const text = textOf(def, row);
        if (text !== '') values.add(text);
      }
      return [...values].sort(collator.compare).map((v) => ({ value: v, label: v }));
    },
    [rows],
  );

  const state: DataTableState<Row> = {
    rows: table.getRowModel().rows.map((r) => r.original),
    total: table.getFilteredRowModel().rows.length,
    pageIndex,
    pageCount,
    pageSize: currentPageSize,
    setPageIndex: (index) => table.setPageIndex(index),
    setPageSize: (size) => {
      table.setPageSize(size);
      table.setPageIndex(0);
    },
    search: String(table.state.globalFilter ?? ''),
    setSearch: (text) => {
      table.setGlobalFilter(text);
      table.setPageIndex(0);
    },
    sort,
    toggleSort: (id) => {
      const next = nextSort(sort, id);
      table.setSorting([next]);
      table.setPageIndex(0);
    },
    filters,
    setFilter: (id, value) => {
      table.getColumn(id)?.setFilterValue(value);
      table.setPageIndex(0);
    },
    filterOptions,
  };

  /** Filtered and sorted rows of all pages, for the CSV export. */
  const allRows = () => table.getPrePaginatedRowModel().rows.map((r) => r.original);
  return { state, allRows };
}
