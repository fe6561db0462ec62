'use client';

import { useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { RoleGroup } from '@/lib/schemas/member-responses';
import type { RoleMember, RoleOrganisation } from '@/lib/schemas/role-members';
import { formatDisplayDate, isOpenEnded } from '@/lib/domain/dates';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ListSearch } from '@/components/ui/list-search';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { SimplePager } from '@/components/ui/simple-pager';
import { notify } from '@/components/ui/toast';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { loadRoleMembers } from './actions';
import { AssignDialog } from './assign-dialog';
import { ROLE_MEMBERS_PAGE_SIZE, ROLE_SCREEN_GROUPS, ROLE_SEARCH_MIN } from './role-view';

type Mode = 'existing' | 'add';
type Picked = { id: number; name: string };

/**
 * The chosen organisation: a mode switch between its members (a tab per role group and "Alle";
 * a group tab lists the holders of that group's roles) and adding members (a name search above 2
 * characters); members are picked across pages and searches, then given roles in the dialog.
 */
export function RoleMembersPanel({ actingOrgId, org, groups }: { actingOrgId: number; org: RoleOrganisation; groups: RoleGroup[] }) {
  const t = useTranslations('roles');
  const tc = useTranslations('common');
  const [mode, setMode] = useState<Mode>('existing');
  const [group, setGroup] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [reload, setReload] = useState(0);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);

  const tabs = useMemo(() => ROLE_SCREEN_GROUPS.flatMap((id) => groups.filter((g) => g.id === id)), [groups]);
  const searching = mode === 'add';
  const text = query.trim();
  const tooShort = searching && text.length < ROLE_SEARCH_MIN;

  // rows of an earlier tab or search are never shown under new criteria: only `list.data`
  const list = usePagedQuery({
    query: { mode, group, q: text },
    typed: query,
    pageSize: ROLE_MEMBERS_PAGE_SIZE,
    enabled: !tooShort,
    reloadKey: reload,
    load: ({ q, group: tab }, page) =>
      loadRoleMembers({
        orgId: org.id,
        q: q || undefined,
        group: searching ? undefined : (tab ?? undefined),
        candidates: searching || undefined,
        page,
      }),
  });
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isPicked = (id: number) => picked.some((p) => p.id === id);
  const nameOf = (m: RoleMember) => `${m.firstName} ${m.surname}`;

  function toggle(m: RoleMember) {
    if (isPicked(m.id)) unpick(m.id);
    else setPicked((list) => [...list, { id: m.id, name: nameOf(m) }]);
  }
  function unpick(id: number) {
    const gone = picked.find((p) => p.id === id);
    setPicked((list) => list.filter((p) => p.id !== id));
    if (gone) notify.warning(t('unpicked', { name: gone.name }));
  }
  const allOnPage = rows.length > 0 && rows.every((m) => isPicked(m.id));
  function togglePage() {
    if (allOnPage) setPicked((list) => list.filter((p) => !rows.some((m) => m.id === p.id)));
    else
      setPicked((list) => [...list, ...rows.filter((m) => !list.some((p) => p.id === m.id)).map((m) => ({ id: m.id, name: nameOf(m) }))]);
  }

  function switchMode(next: Mode) {
    setMode(next);
    setQuery('');
  }

  return (
    <section aria-label={org.name} className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">{org.name}</h2>
        <SegmentedControl
          label={t('modeLabel')}
          value={mode}
          options={(['existing', 'add'] as const).map((m) => ({ value: m, label: t(`mode.${m}`) }))}
          onChange={switchMode}
        />
      </div>

      {mode === 'existing' && (
        <div role="tablist" aria-label={t('groupTabs')} className="flex gap-1 overflow-x-auto border-b border-gray-200">
          {[{ id: null as number | null, group: t('allTab') }, ...tabs].map((g) => (
            <button
              key={g.id ?? 'all'}
              type="button"
              role="tab"
              aria-selected={group === g.id}
              onClick={() => setGroup(g.id)}
              className={cn(
                '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
                group === g.id ? 'border-brand text-brand' : 'border-transparent text-gray-600 hover:text-brand',
              )}
            >
              {g.group}
            </button>
          ))}
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <ListSearch label={searching ? t('addSearch') : t('memberSearch')} value={query} onSearch={setQuery} className="max-w-sm" />
        <span className="text-sm text-gray-600" aria-live="polite">
          {tooShort ? t('searchHint', { min: ROLE_SEARCH_MIN }) : t('count', { count: total })}
        </span>
      </div>

      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" aria-busy={list.loading}>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th className="w-10 px-2 py-2">
                <input type="checkbox" aria-label={t('pickPage')} checked={allOnPage} onChange={togglePage} disabled={rows.length === 0} />
              </th>
              <th className="px-2 py-2">{t('col.name')}</th>
              <th className="px-2 py-2">{t('col.birthDate')}</th>
              <th className="px-2 py-2">{t('col.functions')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-2 py-6 text-center text-gray-500">
                  {tooShort ? (
                    t('searchHint', { min: ROLE_SEARCH_MIN })
                  ) : list.failed ? (
                    <span role="alert" className="font-medium text-red-700">
                      {tc('connectionError')}
                    </span>
                  ) : list.loading ? (
                    t('loading')
                  ) : (
                    t('membersNotFound')
                  )}
                </td>
              </tr>
            ) : (
              rows.map((m) => (
                <tr key={m.id} className={cn(isPicked(m.id) && 'bg-brand-light/40')}>
                  <td className="px-2 py-2">
                    <input
                      type="checkbox"
                      aria-label={t('pick', { name: nameOf(m) })}
                      checked={isPicked(m.id)}
                      onChange={() => toggle(m)}
                    />
                  </td>
                  <td className="px-2 py-2 font-medium text-gray-900">
                    {m.surname} {m.firstName}
                  </td>
                  <td className="px-2 py-2 text-gray-700">{formatDisplayDate(m.birthDate)}</td>
                  <td className="px-2 py-2 text-gray-700">
                    {m.functions.length === 0
                      ? '–'
                      : m.functions.map((f) => (
                          <span key={f.funkMgId} className="mr-2 inline-block">
                            {f.funcName} ({formatDisplayDate(f.dateFrom)} – {isOpenEnded(f.dateTo) ? t('now') : formatDisplayDate(f.dateTo)}
                            )
                          </span>
                        ))}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <SimplePager page={list.page} pages={list.pages} onPage={list.setPage} className="justify-end gap-2" />

      <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 pt-3">
        <span className="text-sm font-medium text-gray-700">{t('picked', { count: picked.length })}</span>
        <ul aria-label={t('pickedLabel')} className="flex flex-wrap gap-1">
          {picked.map((p) => (
            <li key={p.id} className="inline-flex items-center gap-1 rounded-full bg-brand-light px-2 py-0.5 text-sm text-brand-dark">
              {p.name}
              <button
                type="button"
                aria-label={t('unpick', { name: p.name })}
                onClick={() => unpick(p.id)}
                className="rounded px-1 hover:bg-white/60"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <Button className="ml-auto" onClick={() => setDialogOpen(true)} disabled={picked.length === 0}>
          {t('assignButton')}
        </Button>
      </div>

      {dialogOpen && (
        <AssignDialog
          open
          onOpenChange={setDialogOpen}
          actingOrgId={actingOrgId}
          org={org}
          groups={groups}
          members={picked}
          onSaved={() => setReload((n) => n + 1)}
        />
      )}
    </section>
  );
}
