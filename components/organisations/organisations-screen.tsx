'use client';

import dynamic from 'next/dynamic';
import { usePathname, useSearchParams } from 'next/navigation';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useTranslations } from 'next-intl';
import type { Organisation, OrganisationListItem } from '@/lib/api/organisations';
import { formPath } from '@/lib/domain/shell';
import { useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';
import { OrganisationDetail } from './organisation-detail';
import { OrganisationList } from './organisation-list';

/** The table view (and its table library) loads when it is chosen. */
const OrganisationTable = dynamic(() => import('./organisation-table').then((m) => m.OrganisationTable));

export interface OrganisationsScreenProps {
  actingOrgId: number;
  actingLevel: number;
  funkId: number;
  list: OrganisationListItem[];
  selected: Organisation | null;
  isNew: boolean;
  canCreate: boolean;
}

/**
 * The organisation page: a list view (left list, right the form) and a table view with all
 * columns. The view is kept in the address (?view=table) so reloads and row clicks keep it sensible.
 */
export function OrganisationsScreen({ actingOrgId, actingLevel, funkId, list, selected, isNew, canCreate }: OrganisationsScreenProps) {
  const t = useTranslations('organisations');
  const router = useGuardedRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const view = search.get('view') === 'table' ? 'table' : 'list';
  const hrefFor = (id: number | 'new') => formPath(actingOrgId, funkId, id);

  function setView(next: 'list' | 'table') {
    void router.replace(next === 'table' ? `${pathname}?view=table` : pathname);
  }

  const selectedId = isNew ? 'new' : (selected?.id ?? null);

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-xl font-semibold text-gray-900">{t('title')}</h1>
        <SegmentedControl
          label={t('viewLabel')}
          value={view}
          options={[
            { value: 'list', label: t('viewList') },
            { value: 'table', label: t('viewTable') },
          ]}
          onChange={(v) => (v === 'list' ? setView('list') : setView('table'))}
        />
      </div>

      {view === 'table' ? (
        <OrganisationTable rows={list} onOpen={(id) => void router.push(hrefFor(id))} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[300px_1fr]">
          <OrganisationList items={list} selectedId={selectedId} hrefFor={hrefFor} canCreate={canCreate} />
          {selected || isNew ? (
            <OrganisationDetail
              key={selected ? selected.id : 'new'}
              actingOrgId={actingOrgId}
              actingLevel={actingLevel}
              funkId={funkId}
              organisation={selected}
              list={list}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
          )}
        </div>
      )}
    </div>
  );
}
