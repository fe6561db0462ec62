'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { RefereeCandidate, TournamentType } from '@/lib/api/tournaments';
import type { Tournament, TournamentPage } from '@/lib/schemas/tournaments';
import { BASE_PATH, formPath } from '@/lib/domain/shell';
import { CommentsPanel } from './comments-panel';
import { TournamentForm } from './tournament-form';
import { TournamentList } from './tournament-list';
import { TournamentTable } from './lazy-table';
import { ViewToggle } from './tournament-view-toggle';

export interface TournamentScreenProps {
  orgId: number;
  funkId: number;
  list: TournamentPage;
  types: TournamentType[];
  referees: RefereeCandidate[];
  selected: Tournament | null;
  isNew: boolean;
}

/** Form 1000: list left; the chosen tournament's form and its comments right. */
export function TournamentScreen({ orgId, funkId, list, types, referees, selected, isNew }: TournamentScreenProps) {
  const t = useTranslations('tournaments');
  const [current, setCurrent] = useState(selected);
  const [lastProp, setLastProp] = useState(selected);
  if (selected !== lastProp) {
    setLastProp(selected);
    setCurrent(selected);
  }
  const [view, setView] = useState<'list' | 'table'>('list');
  const typeFilters = [...new Set(types.map((x) => x.param.filter))];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <a className="text-sm font-medium text-brand hover:underline" href={`${BASE_PATH}/api/v1/public/tournaments.ics`}>
            {t('calendarLink')}
          </a>
          <ViewToggle view={view} onChange={setView} />
        </div>
      </div>
      {view === 'table' ? (
        <TournamentTable orgId={orgId} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[320px_1fr]">
          <TournamentList
            orgId={orgId}
            initial={list}
            selectedId={isNew ? 'new' : (current?.id ?? null)}
            hrefFor={(id) => formPath(orgId, funkId, id)}
            filters={[...typeFilters, 'erstellt']}
            canAdd
            reloadKey={current?.updatedAt}
          />
          {current || isNew ? (
            <div className="space-y-4">
              <TournamentForm
                key={current?.id ?? 'new'}
                orgId={orgId}
                funkId={funkId}
                tournament={current}
                types={types}
                referees={referees}
                onChanged={setCurrent}
              />
              {current && <CommentsPanel orgId={orgId} tournament={current} onChanged={setCurrent} />}
            </div>
          ) : (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
          )}
        </div>
      )}
    </div>
  );
}
