'use client';

import { useTranslations } from 'next-intl';
import { Select } from '@/components/ui/select';
import { useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';
import { orgPath, type ShellOrganisation } from '@/lib/domain/shell';

/** The header's organisation selector: choosing one opens /form/O{orgId}. */
export function OrgSelect({ organisations, selectedOrgId }: { organisations: ShellOrganisation[]; selectedOrgId?: number }) {
  const t = useTranslations('shell');
  const router = useGuardedRouter();
  // The wrapper sets the width: the Select itself fills its container.
  return (
    <div className="w-full sm:w-80">
      <Select
        aria-label={t('chooseOrganisation')}
        placeholder={t('chooseOrganisation')}
        value={selectedOrgId ? String(selectedOrgId) : ''}
        options={organisations.map((o) => ({ value: String(o.orgId), label: o.orgName }))}
        disabled={organisations.length === 0}
        wrap
        onValueChange={(value) => void router.push(orgPath(Number(value)))}
      />
    </div>
  );
}
