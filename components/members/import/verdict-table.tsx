'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';
import { cn } from '@/components/ui/cn';
import { IMPORT_VERDICTS, type ImportVerdict } from '@/lib/domain/member-import';
import type { ImportCountsSchema, ImportRowSchema } from '@/lib/schemas/member-import';
import type { z } from 'zod';

type ImportRow = z.infer<typeof ImportRowSchema>;
type ImportCounts = z.infer<typeof ImportCountsSchema>;

/** Rows per page of the verdict table (a file may have thousands). */
const VERDICT_PAGE_SIZE = 50;

const verdictTone: Record<ImportVerdict, string> = {
  create: 'bg-green-100 text-green-800',
  connect: 'bg-blue-100 text-blue-800',
  update: 'bg-amber-100 text-amber-800',
  unchanged: 'bg-gray-100 text-gray-700',
  refused: 'bg-red-100 text-red-800',
};

/**
 * The dry run's verdict per row: the counts as filter chips (one chosen at a time, again for all),
 * rows with line, name, verdict and what the API says about them, paged in the browser.
 */
export function VerdictTable({ rows, counts }: { rows: ImportRow[]; counts: ImportCounts }) {
  const t = useTranslations('memberImport.screen');
  // the verdict's word is the one the API's CSV download uses too
  const tv = useTranslations('memberImport.verdicts');
  const [filter, setFilter] = useState<ImportVerdict | null>(null);
  const shown = filter ? rows.filter((r) => r.verdict === filter) : rows;
  return (
    <div className="space-y-3">
      <div role="group" aria-label={t('filter')} className="flex flex-wrap gap-2">
        <Chip pressed={filter === null} onClick={() => setFilter(null)} label={t('all')} count={counts.total} />
        {IMPORT_VERDICTS.map((v) => (
          <Chip key={v} pressed={filter === v} onClick={() => setFilter(filter === v ? null : v)} label={tv(v)} count={counts[v]} />
        ))}
      </div>
      <BriefTable
        // a new filter starts on its first page
        key={filter ?? 'all'}
        label={t('tableLabel')}
        columns={[
          { key: 'line', header: t('line') },
          { key: 'name', header: t('name') },
          { key: 'verdict', header: t('verdict') },
          { key: 'details', header: t('details') },
        ]}
        emptyText={t('noRows')}
        isEmpty={shown.length === 0}
        pageSize={VERDICT_PAGE_SIZE}
      >
        {shown.map((row) => (
          <tr key={row.line}>
            <BriefCell className="tabular-nums">{row.line}</BriefCell>
            <BriefCell>{row.name}</BriefCell>
            <BriefCell>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', verdictTone[row.verdict])}>{tv(row.verdict)}</span>
            </BriefCell>
            <BriefCell>
              <RowDetails row={row} />
            </BriefCell>
          </tr>
        ))}
      </BriefTable>
    </div>
  );
}

function Chip({ pressed, onClick, label, count }: { pressed: boolean; onClick: () => void; label: string; count: number }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand',
        pressed ? 'border-brand bg-brand text-white' : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
      )}
    >
      {label} ({count})
    </button>
  );
}

/** The field errors and warnings (already in the UI's language), the duplicate reasons, the changed fields. */
function RowDetails({ row }: { row: ImportRow }) {
  const t = useTranslations('memberImport.screen');
  const tm = useTranslations('members');
  const lines: { key: string; text: string; error?: boolean }[] = [];
  for (const e of row.errors ?? []) lines.push({ key: `e-${e.field}-${e.rule}`, text: fieldText(tm, e.field, e.message), error: true });
  for (const w of row.warnings ?? []) lines.push({ key: `w-${w.field}-${w.rule}`, text: fieldText(tm, w.field, w.message) });
  if (row.duplicateOf) lines.push({ key: 'dup', text: t('sameAsLine', { line: row.duplicateOf }) });
  if (row.reasons?.length) {
    const reasons = row.reasons.map((r) => (tm.has(`duplicates.reasons.${r}`) ? tm(`duplicates.reasons.${r}`) : r)).join(', ');
    lines.push({ key: 'reasons', text: t('reasons', { reasons }) });
  }
  const changed = Object.keys(row.changes ?? {});
  if (changed.length) lines.push({ key: 'changes', text: t('changes', { fields: changed.map((f) => fieldLabel(tm, f)).join(', ') }) });
  if (lines.length === 0) return null;
  return (
    <ul className="space-y-0.5">
      {lines.map((l) => (
        <li key={l.key} className={l.error ? 'text-red-700' : 'text-gray-700'}>
          {l.text}
        </li>
      ))}
    </ul>
  );
}

type Translator = ReturnType<typeof useTranslations<'members'>>;

function fieldLabel(tm: Translator, field: string): string {
  return tm.has(`fields.${field}`) ? tm(`fields.${field}` as 'fields.firstName') : field;
}

/** A field's message after the field's name; a message about the whole row ('row') stands alone. */
function fieldText(tm: Translator, field: string, message: string): string {
  return tm.has(`fields.${field}`) ? `${fieldLabel(tm, field)}: ${message}` : message;
}
