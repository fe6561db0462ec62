import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getOrganisation, getOrganisations, type Organisation, type OrganisationListItem } from '@/lib/api/organisations';
import { canCreateOrg, type ActingOrgRef } from '@/lib/domain/organisation-rules';
import { ORG_LEVEL_CLUB } from '@/lib/domain/functions';
import { formPath } from '@/lib/domain/shell';
import type { FormPageProps } from '@/lib/form-page-props';
import { OrganisationsScreen } from './lazy';
import { resolveOrgId } from './resolve-org-id';

/**
 * Forms 50 and 58: the organisation page. Reads on the server — the list the acting
 * organisation may see and the selected record — and hands both to the client screen.
 */
export async function OrganisationsPage({ orgId, funkId, id }: FormPageProps) {
  const t = await getTranslations();

  let list: OrganisationListItem[];
  try {
    list = await getOrganisations(orgId);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // redirects (ended session) pass through
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }

  const own = list.find((o) => o.id === orgId);
  const acting: ActingOrgRef = {
    id: orgId,
    level: own?.orgLevel ?? ORG_LEVEL_CLUB,
    coopPartner: Boolean(own?.params?.coop_partner),
  };
  const ownOnly = acting.level === ORG_LEVEL_CLUB || acting.coopPartner;
  const canCreate = canCreateOrg(acting);
  const resolution = resolveOrgId(
    id,
    list.map((o) => o.id),
    { ownOnly, ownId: orgId, canCreate },
  );
  if (resolution.kind === 'redirect') redirect(formPath(orgId, funkId, resolution.to));

  let selected: Organisation | null = null;
  if (resolution.kind === 'org') {
    try {
      selected = await getOrganisation(resolution.id, orgId);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // gone or no longer visible since the list was read: back to the route without id, unless
      // that is where we are already (own organisation), which would loop
      if (id !== undefined && (error.status === 404 || error.status === 403)) redirect(formPath(orgId, funkId));
      return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
    }
  }

  return (
    <OrganisationsScreen
      actingOrgId={orgId}
      actingLevel={acting.level}
      funkId={funkId}
      list={list}
      selected={selected}
      isNew={resolution.kind === 'new'}
      canCreate={canCreate}
    />
  );
}
