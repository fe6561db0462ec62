'use client';

import { ListSearch } from './list-search';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Button, buttonVariants } from './button';
import { cn } from './cn';
import { tableControlClass } from './data-table-pager';
import type { DataTableColumn } from './data-table-types';
import { DownloadLink } from './download-link';

export type DataTableDensity = 'normal' | 'compact';

export interface DataTableToolbarProps<Row> {
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder?: string;
  columns: DataTableColumn<Row>[];
  hidden: ReadonlySet<string>;
  onToggleColumn: (id: string) => void;
  density: DataTableDensity;
  onDensity: (density: DataTableDensity) => void;
  /** The CSV export: a download link (server mode) or a click handler (client mode). */
  exportHref?: string;
  onExport?: () => void;
  exportDisabled?: boolean;
  /** More controls next to the export (e.g. an add button). */
  extra?: ReactNode;
}

/** Search box, column chooser, density toggle and CSV export above a data table. */
export function DataTableToolbar<Row>({
  search,
  onSearch,
  searchPlaceholder,
  columns,
  hidden,
  onToggleColumn,
  density,
  onDensity,
  exportHref,
  onExport,
  exportDisabled,
  extra,
}: DataTableToolbarProps<Row>) {
  const t = useTranslations('table');
  const tt = useTranslations('dataTable');
  const hideable = columns.filter((c) => c.hideable !== false);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <ListSearch
        label={t('search')}
        placeholder={searchPlaceholder}
        value={search}
        onSearch={onSearch}
        className={cn(tableControlClass, 'w-full max-w-xs px-3 py-2')}
      />
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {extra}
        {hideable.length > 1 && (
          <details className="relative">
            <summary className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'cursor-pointer list-none' })}>
              {tt('columns')}
            </summary>
            <fieldset className="absolute right-0 z-30 mt-1 max-h-80 w-60 overflow-y-auto rounded-md border border-gray-200 bg-white p-2 shadow-lg">
              <legend className="sr-only">{tt('columnsLegend')}</legend>
              {hideable.map((c) => (
                <label key={c.id} className="flex items-center gap-2 rounded px-2 py-1 text-sm text-gray-800 hover:bg-gray-50">
                  <input type="checkbox" checked={!hidden.has(c.id)} onChange={() => onToggleColumn(c.id)} className="accent-brand" />
                  {c.header}
                </label>
              ))}
            </fieldset>
          </details>
        )}
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={density === 'compact'}
          onClick={() => onDensity(density === 'compact' ? 'normal' : 'compact')}
        >
          {tt('compact')}
        </Button>
        {exportHref !== undefined &&
          (exportDisabled ? (
            <Button variant="secondary" size="sm" disabled>
              {t('export')}
            </Button>
          ) : (
            <Button asChild variant="secondary" size="sm">
              <DownloadLink href={exportHref}>{t('export')}</DownloadLink>
            </Button>
          ))}
        {onExport && (
          <Button variant="secondary" size="sm" onClick={onExport} disabled={exportDisabled}>
            {t('export')}
          </Button>
        )}
      </div>
    </div>
  );
}
