'use client';

import { useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { RoleGroup } from '@/lib/schemas/member-responses';
import type { RoleMember, RoleMemberPage, RoleOrganisation } from '@/lib/schemas/role-members';
import { formatDisplayDate, isOpenEnded } from '@/lib/domain/dates';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { SimplePager } from '@/components/ui/simple-pager';
import { cn } from '@/components/ui/cn';
import { notify } from '@/components/ui/toast';
import { loadRoleMembers } from './actions';
import { AssignDialog } from './assign-dialog';
import { ROLE_MEMBERS_PAGE_SIZE, ROLE_SCREEN_GROUPS, ROLE_SEARCH_MIN } from './role-view';

type Mode = 'existing' | 'add';
type Picked = { id: number; name: string };

const EMPTY: RoleMemberPage = { items: [], total: 0 };

/**
 * The chosen organisation: a mode switch between its members (a tab per role group and "Alle";
 * a group tab lists the holders of that group's roles) and adding members (a name search above 2
 * characters); members are picked across pages and searches, then given roles in the dialog.
 */
export function RoleMembersPanel({ actingOrgId, org, groups }: { actingOrgId: number; org: RoleOrganisation; groups: RoleGroup[] }) {
  const t = useTranslations('roles');
  const [mode, setMode] = useState<Mode>('existing');
  const [group, setGroup] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  // The answer with the list it belongs to: rows of an earlier tab or search are never shown under new criteria.
  const [data, setData] = useState<{ key: string; page: RoleMemberPage }>({ key: '', page: EMPTY });
  const [reload, setReload] = useState(0);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pending, startTransition] = useTransition();

  const tabs = useMemo(() => ROLE_SCREEN_GROUPS.flatMap((id) => groups.filter((g) => g.id === id)), [groups]);
  const searching = mode === 'add';
  const text = query.trim();
  const tooShort = searching && text.length < ROLE_SEARCH_MIN;

  const key = JSON.stringify([mode, group, text, page]);
  useEffect(() => {
    if (tooShort) return;
    const handle = setTimeout(() => {
      startTransition(async () => {
        const result = await settleAction(loadRoleMembers({ orgId: org.id, q: text || undefined, group: searching ? undefined : (group ?? undefined), candidates: searching || undefined, page }));
        if (applyActionResult(result, null, { success: false })) setData({ key, page: result.data });
      });
    }, 200);
    return () => clearTimeout(handle);
  }, [org.id, key, text, group, searching, page, reload, tooShort]);

  const current = !tooShort && data.key === key ? data.page : EMPTY;
  const rows = current.items;
  const total = current.total;
  const pages = Math.max(1, Math.ceil(total / ROLE_MEMBERS_PAGE_SIZE));
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
    else setPicked((list) => [...list, ...rows.filter((m) => !list.some((p) => p.id === m.id)).map((m) => ({ id: m.id, name: nameOf(m) }))]);
  }

  function switchMode(next: Mode) {
    setMode(next);
    setQuery('');
    setPage(1);
  }

  return (
    <section aria-label={org.name} className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">{org.name}</h2>
        <div role="group" aria-label={t('modeLabel')} className="inline-flex overflow-hidden rounded-md border border-gray-300">
          {(['existing', 'add'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => switchMode(m)}
              className={cn('px-3 py-1.5 text-sm font-medium', mode === m ? 'bg-brand text-white' : 'bg-white text-gray-700 hover:bg-gray-50')}
            >
              {t(`mode.${m}`)}
            </button>
          ))}
        </div>
      </div>

      {mode === 'existing' && (
        <div role="tablist" aria-label={t('groupTabs')} className="flex gap-1 overflow-x-auto border-b border-gray-200">
          {[{ id: null as number | null, group: t('allTab') }, ...tabs].map((g) => (
            <button
              key={g.id ?? 'all'}
              type="button"
              role="tab"
              aria-selected={group === g.id}
              onClick={() => {
                setGroup(g.id);
                setPage(1);
              }}
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
        <input
          type="search"
          aria-label={searching ? t('addSearch') : t('memberSearch')}
          placeholder={searching ? t('addSearch') : t('memberSearch')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }}
          className="w-full max-w-sm rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        <span className="text-sm text-gray-600" aria-live="polite">
          {tooShort ? t('searchHint', { min: ROLE_SEARCH_MIN }) : t('count', { count: total })}
        </span>
      </div>

      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" aria-busy={pending}>
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
                  {tooShort ? t('searchHint', { min: ROLE_SEARCH_MIN }) : pending || (!tooShort && data.key !== key) ? t('loading') : t('membersNotFound')}
                </td>
              </tr>
            ) : (
              rows.map((m) => (
                <tr key={m.id} className={cn(isPicked(m.id) && 'bg-brand-light/40')}>
                  <td className="px-2 py-2">
                    <input type="checkbox" aria-label={t('pick', { name: nameOf(m) })} checked={isPicked(m.id)} onChange={() => toggle(m)} />
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
                            {f.funcName} ({formatDisplayDate(f.dateFrom)} – {isOpenEnded(f.dateTo) ? t('now') : formatDisplayDate(f.dateTo)})
                          </span>
                        ))}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <SimplePager page={page} pages={pages} onPage={setPage} previousLabel={t('previousPage')} nextLabel={t('nextPage')} text={t('page', { page: page, pages })} className="justify-end gap-2" />

      <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 pt-3">
        <span className="text-sm font-medium text-gray-700">{t('picked', { count: picked.length })}</span>
        <ul aria-label={t('pickedLabel')} className="flex flex-wrap gap-1">
          {picked.map((p) => (
            <li key={p.id} className="inline-flex items-center gap-1 rounded-full bg-brand-light px-2 py-0.5 text-sm text-brand-dark">
              {p.name}
              <button type="button" aria-label={t('unpick', { name: p.name })} onClick={() => unpick(p.id)} className="rounded px-1 hover:bg-white/60">
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
