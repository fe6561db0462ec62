'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { cn } from './cn';
import type { DataTableDensity } from './data-table-toolbar';
import { textOf, type DataTableColumn, type DataTableSort } from './data-table-types';

export interface DataTableBodyProps<Row> {
  /** The visible columns, in order. */
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  sort: DataTableSort | null;
  onSort: (id: string) => void;
  /** The filter row, when any column has a filter. */
  filterRow?: ReactNode;
  density: DataTableDensity;
  emptyText?: string;
  /** Shown instead of the rows (loading, connection error). */
  placeholder?: ReactNode;
  busy?: boolean;
  onRowClick?: (row: Row) => void;
  rowClassName?: (row: Row) => string | undefined;
  label?: string;
}

/**
 * The sticky first column: it stays in view when the table scrolls sideways. Cells need their own
 * background so the scrolled columns don't shine through.
 */
export const STICKY_FIRST = 'sticky left-0 z-10';
const STICKY_HEAD = 'sticky top-0 z-20';

/** The table itself: a sticky header with sort buttons, the filter row, and the rows of one page. */
export function DataTableBody<Row>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  filterRow,
  density,
  emptyText,
  placeholder,
  busy,
  onRowClick,
  rowClassName,
  label,
}: DataTableBodyProps<Row>) {
  const t = useTranslations('table');
  const cellPad = density === 'compact' ? 'px-2 py-1' : 'px-3 py-2';

  return (
    <div className="max-h-[70vh] overflow-auto rounded-lg border border-gray-200 bg-white">
      <table className="min-w-full border-separate border-spacing-0 text-sm" aria-label={label} aria-busy={busy || undefined}>
        <thead className={cn(STICKY_HEAD, 'bg-gray-50')}>
          <tr>
            {columns.map((def, i) => {
              const sorted = sort?.id === def.id ? (sort.desc ? 'desc' : 'asc') : false;
              const canSort = def.sortable !== false;
              return (
                <th
                  key={def.id}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                  className={cn(
                    'bg-gray-50 text-left font-semibold whitespace-nowrap text-gray-700',
                    cellPad,
                    i === 0 && STICKY_FIRST,
                    def.className,
                  )}
                >
                  {canSort ? (
                    <button
                      type="button"
                      onClick={() => onSort(def.id)}
                      title={sorted === 'asc' ? t('sortAsc') : sorted === 'desc' ? t('sortDesc') : undefined}
                      className="inline-flex items-center gap-1 rounded hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      {def.header}
                      <SortIcon direction={sorted} />
                    </button>
                  ) : (
                    def.header
                  )}
                </th>
              );
            })}
          </tr>
          {filterRow}
        </thead>
        <tbody>
          {placeholder ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-gray-600">
                {placeholder}
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-gray-600">
                {emptyText ?? t('empty')}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={rowKey(row, index)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={
                  onRowClick
                    ? (e) => {
                        if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick(row);
                      }
                    : undefined
                }
                tabIndex={onRowClick ? 0 : undefined}
                className={cn(
                  'group bg-white hover:bg-brand-light/60',
                  onRowClick && 'cursor-pointer focus-visible:bg-brand-light focus-visible:outline-none',
                  rowClassName?.(row),
                )}
              >
                {columns.map((def, i) => (
                  <td
                    key={def.id}
                    className={cn(
                      'border-t border-gray-100 align-top text-gray-800',
                      cellPad,
                      // the sticky cell repaints the row's background (hover, focus) over the scrolled cells
                      i === 0 && cn(STICKY_FIRST, 'bg-inherit'),
                      def.className,
                    )}
                  >
                    {def.cell ? def.cell(row) : textOf(def, row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
      className={direction ? 'text-brand' : 'text-gray-300'}
    >
      {direction === 'desc' ? (
        <path d="m6 9 6 6 6-6" />
      ) : direction === 'asc' ? (
        <path d="m6 15 6-6 6 6" />
      ) : (
        <path d="m8 9 4-4 4 4M8 15l4 4 4-4" />
      )}
    </svg>
  );
}
