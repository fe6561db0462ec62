import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { organisationLevel } from '@/lib/api/organisations';
import { getRoleGroups } from '@/lib/api/roles';
import { ORG_LEVEL_CLUB } from '@/lib/domain/functions';
import { PersonSearchScreen } from './lazy';
import { personSearchGroups } from './person-view';

/** Form 46: person search by name and role group, former members included, and taking one back into the club. */
export async function PersonSearchPage({ orgId }: FormPageProps) {
  const t = await getTranslations();
  let data;
  try {
    data = await Promise.all([getRoleGroups(), organisationLevel(orgId)]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  const [groups, level] = data;
  return <PersonSearchScreen orgId={orgId} groups={personSearchGroups(groups)} canRejoin={level === ORG_LEVEL_CLUB} />;
}
