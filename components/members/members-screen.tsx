'use client';

import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'next/navigation';
import dynamic from 'next/dynamic';
import { Button } from '@/components/ui/button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useTranslations } from 'next-intl';
import { confirmLeaving, useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';
import { useIsClient } from '@/components/ui/hooks/use-is-client';
import type { Member } from '@/lib/api/member-types';
import type { Country } from '@/lib/api/types';
import { formPath } from '@/lib/domain/shell';
import { DUPLICATES_PARAM, parsePairParam } from './duplicates/pair-link';
import { MemberList } from './member-list';

// the table view and its table library load when the table is chosen, not with the list or a new member
const MembersOverview = dynamic(() => import('./members-overview').then((m) => m.MembersOverview));
// the import view loads when it is opened
const MemberImport = dynamic(() => import('./import/member-import').then((m) => m.MemberImport));
// the duplicates view loads when it is opened
const DuplicatesView = dynamic(() => import('./duplicates/duplicates-view').then((m) => m.DuplicatesView));

export interface MembersScreenProps {
  orgId: number;
  funkId: number;
  all: boolean;
  selectedId: number | null;
  canCreate: boolean;
  /** May import members into this organisation (a club, by whoever may add its members). */
  canImport?: boolean;
  /**
   * The 'Duplikate' view (form 52, acting for the federation or a state association): `org` is the
   * state association's own organisation, none for the federation (everyone). Absent: no view.
   */
  duplicates?: { org?: number } | null;
  countries: Country[];
  /** The right side of the list view: the member, a new one, or a hint. */
  children: ReactNode;
}

type View = 'list' | 'table';

/** `?view=table` in the address opens the overview table (a reload or shared link keeps it). */
export const VIEW_PARAM = 'view';
/** `?edit=1` asks the member page to open the member in edit mode (the table's 'Bearbeiten'). */
export const EDIT_PARAM = 'edit';

/** The router's parameters when there is a router (during a navigation the window may still show the old address). */
function addressParams(params: URLSearchParams | null): URLSearchParams | null {
  return params ?? (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search));
}

function initialView(params: URLSearchParams | null): View {
  const value = addressParams(params)?.get(VIEW_PARAM);
  return value === 'table' ? 'table' : 'list';
}

/** The member page's two modes: list with the member beside it, or the overview table; and the import and duplicates views. */
export function MembersScreen({
  orgId,
  funkId,
  all,
  selectedId,
  canCreate,
  canImport = false,
  duplicates = null,
  countries,
  children,
}: MembersScreenProps) {
  const t = useTranslations('members');
  const ti = useTranslations('memberImport.screen');
  const td = useTranslations('merge.screen');
  const [importing, setImporting] = useState(false);
  // the views open in the browser only: their buttons wait for the page to be ready, so an early click is never lost
  const hydrated = useIsClient();
  const router = useGuardedRouter();
  const searchParams = useSearchParams();
  // '?duplicates=12,34' (the create dialog's link): the duplicates view opens on that pair
  const [openedPair] = useState(() => (duplicates ? parsePairParam(addressParams(searchParams)?.get(DUPLICATES_PARAM)) : null));
  const [deduplicating, setDeduplicating] = useState(openedPair !== null);
  const [view, setViewState] = useState<View>(() => initialView(searchParams));

  const setView = useCallback((next: View) => {
    setViewState(next);
    // the table's own parameters (sort, page ...) go with the table view
    const search = next === 'table' ? new URLSearchParams(window.location.search) : new URLSearchParams();
    if (next === 'table') search.set(VIEW_PARAM, 'table');
    const query = search.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }, []);

  const openMember = useCallback(
    (m: Member) => {
      // the member opens beside the list (the screen stays mounted across the navigation)
      setViewState('list');
      void router.push(`${formPath(orgId, funkId, m.id)}?${EDIT_PARAM}=1`);
    },
    [router, orgId, funkId],
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">{all ? t('allListTitle') : t('listTitle')}</h1>
        {!importing && !deduplicating && (
          <div className="flex flex-wrap items-center gap-3">
            {canImport && (
              // the open member is left for the import view: unsaved changes ask first
              <Button
                variant="secondary"
                disabled={!hydrated}
                onClick={() => void confirmLeaving().then((leave) => leave && setImporting(true))}
              >
                {ti('open')}
              </Button>
            )}
            {duplicates && (
              // the open member is left for the duplicates view: unsaved changes ask first
              <Button
                variant="secondary"
                disabled={!hydrated}
                onClick={() => void confirmLeaving().then((leave) => leave && setDeduplicating(true))}
              >
                {td('open')}
              </Button>
            )}
            <SegmentedControl
              label={t('view')}
              value={view}
              options={[
                { value: 'list', label: t('viewList') },
                { value: 'table', label: t('viewTable') },
              ]}
              // the table drops the open member: unsaved changes ask first
              onChange={(value) => void confirmLeaving().then((leave) => leave && setView(value))}
            />
          </div>
        )}
      </div>
      {importing ? (
        <MemberImport orgId={orgId} onClose={() => setImporting(false)} />
      ) : deduplicating && duplicates ? (
        <DuplicatesView org={duplicates.org} pair={openedPair} onClose={() => setDeduplicating(false)} />
      ) : view === 'list' ? (
        <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
          <MemberList orgId={orgId} funkId={funkId} all={all} selectedId={selectedId} canCreate={canCreate} />
          <div className="min-w-0">{children}</div>
        </div>
      ) : (
        <MembersOverview orgId={orgId} all={all} countries={countries} onEdit={openMember} />
      )}
    </div>
  );
}
