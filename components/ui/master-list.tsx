'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { cn } from './cn';
import { ListSearch } from './list-search';
import { SimplePager, type SimplePagerProps } from './simple-pager';

export interface MasterListProps<Row> {
  /** The landmark's name; `as` is its element (a navigation by default). */
  label?: string;
  as?: 'nav' | 'section' | 'div';
  search?: { label: string; value: string; onSearch: (text: string) => void };
  /** Beside the search: the add button, a reload button. */
  actions?: ReactNode;
  /** Below the search: filter checkboxes. */
  filters?: ReactNode;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  renderRow: (row: Row) => ReactNode;
  /** The list's own name (a `ul` label), when it has one. */
  listLabel?: string;
  /** No rows: 'Keine Einträge' (or `loadingText` while they load). */
  emptyText: string;
  loadingText?: ReactNode;
  loading?: boolean;
  /** The load failed: 'Verbindungsfehler !!!' instead of the rows. */
  failed?: boolean;
  pager?: SimplePagerProps;
  /** The paged list shown (usePagedQuery, useLocalPages): its pager and, where it loads, its loading and failure. */
  query?: PagedList;
  /** Below the pager, e.g. 'x Einträge'. */
  footer?: ReactNode;
  className?: string;
  listClassName?: string;
}

export interface PagedList {
  page: number;
  pages: number;
  setPage: (page: number) => void;
  loading?: boolean;
  failed?: boolean;
}

/** The left list of a master–detail screen: search and add, filters, the rows, the pager. */
export function MasterList<Row>({
  label,
  as: Element = 'nav',
  search,
  actions,
  filters,
  rows,
  rowKey,
  renderRow,
  listLabel,
  emptyText,
  loadingText,
  query,
  loading = query?.loading ?? false,
  failed = query?.failed ?? false,
  pager = query && { page: query.page, pages: query.pages, onPage: query.setPage },
  footer,
  className,
  listClassName,
}: MasterListProps<Row>) {
  const tc = useTranslations('common');
  return (
    <Element
      aria-label={label}
      aria-busy={loading || undefined}
      className={cn('rounded-lg border border-gray-200 bg-white p-3 shadow-sm', className)}
    >
      {(search || actions) && (
        <div className="mb-3 flex items-center gap-2">
          {search && <ListSearch label={search.label} value={search.value} onSearch={search.onSearch} />}
          {actions}
        </div>
      )}
      {filters}
      {failed ? (
        <p role="alert" className="px-2 py-6 text-center text-sm font-medium text-red-700">
          {tc('connectionError')}
        </p>
      ) : rows.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-gray-500">{loading && loadingText ? loadingText : emptyText}</p>
      ) : (
        <ul className={cn('divide-y divide-gray-100', listClassName)} aria-label={listLabel}>
          {rows.map((row) => (
            <li key={rowKey(row)}>{renderRow(row)}</li>
          ))}
        </ul>
      )}
      {pager && <SimplePager {...pager} />}
      {footer}
    </Element>
  );
}

/** A row's look in a master list: the chosen one highlighted. */
export function masterRowClass(active: boolean, extra?: string): string {
  return cn(
    'block w-full rounded px-2 py-2 text-left text-sm hover:bg-brand-light/60',
    active && 'bg-brand-light font-semibold text-brand-dark',
    extra,
  );
}
