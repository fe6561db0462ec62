'use client';

import { useTranslations } from 'next-intl';
import { cn } from './cn';
import { tableControlClass } from './data-table-pager';
import type { DataTableColumn } from './data-table-types';

export interface DataTableFilterRowProps<Row> {
  columns: DataTableColumn<Row>[];
  filters: Record<string, string>;
  onFilter: (id: string, value: string) => void;
  options: (column: DataTableColumn<Row>) => { value: string; label: string }[];
  /** Classes of the first cell (sticky first column). */
  firstClassName?: string;
}

/** The header row under the column titles with each column's filter (text box or choice list). */
export function DataTableFilterRow<Row>({ columns, filters, onFilter, options, firstClassName }: DataTableFilterRowProps<Row>) {
  const t = useTranslations('table');
  return (
    <tr>
      {columns.map((def, i) => {
        const value = filters[def.id] ?? '';
        const name = t('filterColumn', { column: def.header });
        return (
          // cells, not headers: the column titles are the row above; a column without a filter has an empty cell
          <td key={def.id} className={cn('bg-gray-50 px-3 pb-2 font-normal', i === 0 && firstClassName, def.className)}>
            {def.filter === 'text' && (
              <input
                type="text"
                aria-label={name}
                placeholder={t('filter')}
                value={value}
                onChange={(e) => onFilter(def.id, e.target.value)}
                className={cn(tableControlClass, 'w-full min-w-24')}
              />
            )}
            {(def.filter === 'select' || Array.isArray(def.filter)) && (
              <select
                aria-label={name}
                value={value}
                onChange={(e) => onFilter(def.id, e.target.value)}
                className={cn(tableControlClass, 'w-full min-w-24')}
              >
                <option value="">{t('all')}</option>
                {options(def).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </td>
        );
      })}
    </tr>
  );
}
