import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getTournaments, getTournamentTypes } from '@/lib/api/tournaments';
import { ApprovalScreen } from './lazy';
import { TOURNAMENT_PAGE_SIZE } from './tournament-view';

/** Form 1001: every tournament, one compared with its first submission, approved, cancelled, paid. */
export async function ApprovalPage({ orgId, id }: FormPageProps) {
  const t = await getTranslations();
  let data;
  try {
    data = await Promise.all([getTournaments(orgId, { page: 1, size: TOURNAMENT_PAGE_SIZE }), getTournamentTypes()]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  const selectedId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  return <ApprovalScreen orgId={orgId} list={data[0]} types={data[1]} initialId={selectedId} />;
}
