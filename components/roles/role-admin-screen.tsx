'use client';

import { useTranslations } from 'next-intl';
import type { RoleGroup } from '@/lib/schemas/member-responses';
import type { RoleOrganisation } from '@/lib/schemas/role-members';
import { formPath } from '@/lib/domain/shell';
import { RoleMembersPanel } from './role-members-panel';
import { RoleOrgList } from './role-org-list';

export interface RoleAdminScreenProps {
  actingOrgId: number;
  funkId: number;
  organisations: RoleOrganisation[];
  groups: RoleGroup[];
  selected: RoleOrganisation | null;
}

/** Form 66: organisations on the left, the chosen organisation's members and the role assignment on the right. */
export function RoleAdminScreen({ actingOrgId, funkId, organisations, groups, selected }: RoleAdminScreenProps) {
  const t = useTranslations('roles');
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[300px_1fr]">
        <RoleOrgList items={organisations} selectedId={selected?.id ?? null} hrefFor={(id) => formPath(actingOrgId, funkId, id)} />
        {selected ? (
          <RoleMembersPanel key={selected.id} actingOrgId={actingOrgId} org={selected} groups={groups} />
        ) : (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
        )}
      </div>
    </div>
  );
}
