'use client';

import { useTranslations } from 'next-intl';
import { Select } from '@/components/ui/select';
import { IMPORT_FIELDS, type ImportField } from '@/lib/domain/member-import';
import type { ImportDryRunSchema } from '@/lib/schemas/member-import';
import type { z } from 'zod';

/** The select's value for a column left out (Radix reserves ''). */
const LEFT_OUT = '-';

/**
 * The file's sheet (a workbook with several) and, per column, the member field it fills or
 * 'nicht übernehmen'. Each change runs the dry run again.
 */
export function MappingStep({
  plan,
  disabled,
  onSheet,
  onMap,
}: {
  plan: z.infer<typeof ImportDryRunSchema>;
  disabled: boolean;
  onSheet: (sheet: string) => void;
  onMap: (header: string, field: ImportField | null) => void;
}) {
  const t = useTranslations('memberImport.screen');
  const tm = useTranslations('members.fields');
  const fieldOptions = [{ value: LEFT_OUT, label: t('leaveOut') }, ...IMPORT_FIELDS.map((f) => ({ value: f, label: tm(f) }))];
  return (
    <div className="space-y-3">
      {plan.sheets.length > 1 && (
        <Select
          label={t('sheet')}
          value={plan.sheet ?? ''}
          onValueChange={onSheet}
          options={plan.sheets.map((s) => ({ value: s, label: s }))}
          disabled={disabled}
          className="max-w-xs"
        />
      )}
      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">{t('mapping')}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {plan.columns.map((c) => (
            <Select
              key={`${c.index}-${c.header}`}
              label={c.header || t('column', { index: c.index + 1 })}
              value={c.field ?? LEFT_OUT}
              onValueChange={(v) => onMap(c.header, v === LEFT_OUT ? null : (v as ImportField))}
              options={fieldOptions}
              disabled={disabled}
            />
          ))}
        </div>
      </fieldset>
      {plan.missingFields.length > 0 && (
        <p role="alert" className="text-sm text-amber-800">
          {t('missingFields', { fields: plan.missingFields.map((f) => tm(f)).join(', ') })}
        </p>
      )}
    </div>
  );
}
