'use client';

import { Children, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { BRIEF_TABLE_PAGE_SIZE } from '@/lib/domain/page-sizes';
import { SimplePager } from './simple-pager';
import { cn } from './cn';

export interface BriefColumn {
  key: string;
  header: string;
  /** Header read to screen readers only (e.g. an actions column). */
  srOnly?: boolean;
  /** Amounts are right-aligned, header and cells alike. */
  align?: 'right';
}

export interface BriefTableProps {
  label: string;
  columns: BriefColumn[];
  /** Shown in one full-width row when there are no rows (a loading or error text too). */
  emptyText: ReactNode;
  isEmpty: boolean;
  /** The body rows: `<tr>` elements with one `<BriefCell>` per column. */
  children: ReactNode;
  /** Rows per page (default BRIEF_TABLE_PAGE_SIZE); null when the caller pages the rows itself. */
  pageSize?: number | null;
  /** A `<tfoot>` row such as a total. */
  footer?: ReactNode;
}

/**
 * A short table inside a form tab (trainings, functions and licences, documents): the frame,
 * header row, empty state and a simple pager at BRIEF_TABLE_PAGE_SIZE rows; also the frame of the
 * order tables that page themselves (pageSize null). Long lists use DataTable instead.
 */
export function BriefTable({ label, columns, emptyText, isEmpty, children, pageSize = BRIEF_TABLE_PAGE_SIZE, footer }: BriefTableProps) {
  const t = useTranslations('common');
  const rows = Children.toArray(children);
  const pages = pageSize ? Math.max(1, Math.ceil(rows.length / pageSize)) : 1;
  const [wanted, setPage] = useState(1);
  // rows removed (e.g. a function deleted on the last page): stay on the last page there is
  const page = Math.min(wanted, pages);
  const shown = pageSize ? rows.slice((page - 1) * pageSize, page * pageSize) : rows;
  return (
    <div>
      <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label={label}>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={c.align === 'right' ? 'px-3 py-2 text-right font-semibold' : 'px-3 py-2 font-semibold'}
                >
                  {c.srOnly ? <span className="sr-only">{c.header}</span> : c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {isEmpty ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-gray-500">
                  {emptyText}
                </td>
              </tr>
            ) : (
              shown
            )}
          </tbody>
          {footer && <tfoot className="bg-gray-50">{footer}</tfoot>}
        </table>
      </div>
      {!isEmpty && pageSize !== null && (
        <SimplePager
          page={page}
          pages={pages}
          onPage={setPage}
          previousLabel={t('previousPage')}
          nextLabel={t('nextPage')}
          text={t('page', { page, pages })}
        />
      )}
    </div>
  );
}

/** A body cell with the table's padding; `align="right"` for amounts. */
export function BriefCell({
  children,
  className,
  align,
  colSpan,
  testId,
}: {
  children?: ReactNode;
  className?: string;
  align?: 'right';
  colSpan?: number;
  testId?: string;
}) {
  return (
    <td className={cn('px-3 py-2', align === 'right' && 'text-right tabular-nums', className)} colSpan={colSpan} data-testid={testId}>
      {children}
    </td>
  );
}

/** A footer row's label cell ('Summe'), spanning the columns before the amount. */
export function BriefFooterLabel({ children, colSpan }: { children: ReactNode; colSpan: number }) {
  return (
    <th scope="row" className="px-3 py-2 text-left font-semibold" colSpan={colSpan}>
      {children}
    </th>
  );
}
