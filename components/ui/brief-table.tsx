import type { ReactNode } from 'react';

export interface BriefColumn {
  key: string;
  header: string;
  /** Header read to screen readers only (e.g. an actions column). */
  srOnly?: boolean;
}

export interface BriefTableProps {
  label: string;
  columns: BriefColumn[];
  /** Shown in one full-width row when there are no rows. */
  emptyText: string;
  isEmpty: boolean;
  /** The body rows: `<tr>` elements with one `<BriefCell>` per column. */
  children: ReactNode;
}

/**
 * A short, unpaged table inside a form tab (trainings, functions and licences, documents): the
 * frame, header row and empty state. Long lists use DataTable instead.
 */
export function BriefTable({ label, columns, emptyText, isEmpty, children }: BriefTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label={label}>
        <thead className="bg-gray-50 text-left text-gray-700">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-3 py-2 font-semibold">
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
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A body cell with the table's padding. */
export function BriefCell({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={className ? `px-3 py-2 ${className}` : 'px-3 py-2'}>{children}</td>;
}
