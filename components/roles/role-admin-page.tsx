import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getRoleGroups, getRoleOrganisations } from '@/lib/api/roles';
import { formPath } from '@/lib/domain/shell';
import { RoleAdminScreen } from './lazy';

/**
 * Form 66: role administration. The organisations where the caller may assign roles on the left
 * (a club: itself), the chosen one's members on the right; with one organisation it is chosen at once.
 */
export async function RoleAdminPage({ orgId, funkId, id }: FormPageProps) {
  const t = await getTranslations();
  let data;
  try {
    data = await Promise.all([getRoleOrganisations(orgId), getRoleGroups()]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  const [organisations, groups] = data;
  const chosenId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : organisations.length === 1 ? organisations[0].id : null;
  const selected = chosenId === null ? null : (organisations.find((o) => o.id === chosenId) ?? null);
  if (id !== undefined && !selected) redirect(formPath(orgId, funkId));
  return <RoleAdminScreen actingOrgId={orgId} funkId={funkId} organisations={organisations} groups={groups} selected={selected} />;
}
