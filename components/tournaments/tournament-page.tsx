import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getRefereeCandidates, getTournaments, getTournamentTuple, getTournamentTypes } from '@/lib/api/tournaments';
import { formPath } from '@/lib/domain/shell';
import { TournamentScreen } from './lazy';
import { TOURNAMENT_PAGE_SIZE } from './tournament-view';

/** Form 1000: the organisation's tournaments on the left, one (or a new one) in four steps on the right. */
export async function TournamentPage({ orgId, funkId, id }: FormPageProps) {
  const t = await getTranslations();
  const tournamentId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (id !== undefined && id !== 'new' && tournamentId === null) redirect(formPath(orgId, funkId));
  let data;
  try {
    data = await Promise.all([
      getTournaments(orgId, { page: 1, size: TOURNAMENT_PAGE_SIZE }),
      getTournamentTypes(),
      getRefereeCandidates(),
      tournamentId === null
        ? null
        : getTournamentTuple(tournamentId).catch((e) =>
            e instanceof ApiError && (e.status === 403 || e.status === 404) ? null : Promise.reject(e),
          ),
    ]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  const [list, types, referees, tuple] = data;
  if (tournamentId !== null && (!tuple || tuple.current.orgId !== orgId)) redirect(formPath(orgId, funkId));
  return (
    <TournamentScreen
      orgId={orgId}
      funkId={funkId}
      list={list}
      types={types}
      referees={referees}
      selected={tuple?.current ?? null}
      isNew={id === 'new'}
    />
  );
}
