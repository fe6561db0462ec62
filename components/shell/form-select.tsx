'use client';

import { useTranslations } from 'next-intl';
import { Select } from '@/components/ui/select';
import { useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';
import { formPath, type ShellForm } from '@/lib/domain/shell';

/**
 * The header's form selector: the forms of the chosen organisation, already sorted by funkId;
 * choosing one opens /form/O{orgId}/F{funkId}. Disabled until an organisation is chosen.
 */
export function FormSelect({ orgId, forms, selectedFunkId }: { orgId?: number; forms: ShellForm[]; selectedFunkId?: number }) {
  const t = useTranslations('shell');
  const router = useGuardedRouter();
  // The wrapper sets the width: the Select itself fills its container.
  return (
    <div className="w-full sm:w-64">
      <Select
        aria-label={t('chooseForm')}
        placeholder={t('chooseForm')}
        value={selectedFunkId ? String(selectedFunkId) : ''}
        options={forms.map((f) => ({ value: String(f.funkId), label: f.functionName }))}
        disabled={!orgId || forms.length === 0}
        onValueChange={(value) => {
          if (orgId) void router.push(formPath(orgId, Number(value)));
        }}
      />
    </div>
  );
}
