import type { ReactNode } from 'react';
import { formatDisplayDate } from '@/lib/domain/dates';

/** A filter choice with its own rule, e.g. the spec's 'Offene Beiträge >=2'. */
export interface DataTableFilterOption<Row> {
  value: string;
  label: string;
  /** Client mode: which rows the choice keeps. Server mode leaves it out (the API filters). */
  test?: (row: Row) => boolean;
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
  /** Click-to-sort header; default true. In server mode only columns the API sorts on. */
  sortable?: boolean;
  /** Part of the search box; default true (client mode). */
  searchable?: boolean;
  /** Per-column filter: free text, a list of the column's values (client mode), or fixed choices. */
  filter?: 'text' | 'select' | DataTableFilterOption<Row>[];
  /** false leaves the column out of the CSV export (e.g. an edit-button column). */
  csv?: false;
  /** false keeps the column out of the column chooser (always shown). */
  hideable?: false;
  /** Extra classes for the column's header and cells (e.g. 'text-right', 'w-24'). */
  className?: string;
}

/** The sort of a table: a column id and its direction. */
export type DataTableSort = { id: string; desc: boolean };

/**
 * A header click: another column sorts ascending first (numbers too, like text), the sorted
 * column flips its direction.
 */
export function nextSort(current: DataTableSort | null, id: string): DataTableSort {
  return current?.id === id ? { id, desc: !current.desc } : { id, desc: false };
}

/** What the table's parts show and change, whether rows are sorted in the browser or by the API. */
export interface DataTableState<Row> {
  /** The rows of the current page, in order. */
  rows: Row[];
  /** Rows after search and filters, all pages. */
  total: number;
  /** Zero-based. */
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  setPageIndex: (index: number) => void;
  setPageSize: (size: number) => void;
  search: string;
  setSearch: (text: string) => void;
  sort: DataTableSort | null;
  toggleSort: (id: string) => void;
  filters: Record<string, string>;
  setFilter: (id: string, value: string) => void;
  /** The choices of a 'select' or option filter. */
  filterOptions: (column: DataTableColumn<Row>) => { value: string; label: string }[];
  /** Server mode: a page is being fetched / the last fetch failed. */
  loading?: boolean;
  failed?: boolean;
}

export const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function textOf<Row>(column: DataTableColumn<Row>, row: Row): string {
  if (column.text) return column.text(row);
  const value = column.accessor(row);
  if (value === null || value === undefined) return '';
  if (column.type === 'date') return formatDisplayDate(String(value));
  return String(value);
}

export const isEmptyFilter = (value: unknown) => value === undefined || value === null || value === '';
