'use client';

import { useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { RoleGroup } from '@/lib/schemas/member-responses';
import type { PersonPage, PersonRow } from '@/lib/schemas/persons';
import { formatDisplayDate, isOpenEnded } from '@/lib/domain/dates';
import { personSearchRuns } from '@/lib/domain/person-search';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ListSearch } from '@/components/ui/list-search';
import { SimplePager } from '@/components/ui/simple-pager';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { loadPersons, rejoin } from './actions';
import { PERSON_PAGE_SIZE } from './person-view';

const EMPTY: PersonPage = { items: [], total: 0 };

export interface PersonSearchScreenProps {
  orgId: number;
  /** The role groups offered, all chosen at the start. */
  groups: RoleGroup[];
  /** The acting organisation is a club: former members can be taken back. */
  canRejoin: boolean;
}

/**
 * Form 46: search text, 'Ehemalige', the role groups, 'Anzahl' and the result (20 per page, a
 * page number to jump to). The search runs for text longer than 2 characters, fewer than 3 chosen
 * groups, or former members; otherwise the result is empty.
 */
export function PersonSearchScreen({ orgId, groups, canRejoin }: PersonSearchScreenProps) {
  const t = useTranslations('persons');
  const tc = useTranslations('common');
  const [query, setQuery] = useState('');
  const [former, setFormer] = useState(false);
  const [chosen, setChosen] = useState<number[]>(() => groups.map((g) => g.id));
  const [jump, setJump] = useState('');
  const [reload, setReload] = useState(0);
  const [pending, startTransition] = useTransition();
  const [rejoined, setRejoined] = useState<number[]>([]);

  const runs = personSearchRuns(query, chosen, former);
  // Former members are found by name alone: the functions they held there do not narrow them.
  const groupsSent = former ? [] : chosen;
  // rows of an earlier search are never shown (or acted on) under new criteria: only `list.data`
  const list = usePagedQuery({
    query: { q: query.trim(), groups: groupsSent, former },
    typed: query,
    pageSize: PERSON_PAGE_SIZE,
    enabled: runs,
    reloadKey: reload,
    load: ({ q, groups: sent, former: old }, page) => loadPersons({ org: orgId, q: q || undefined, groups: sent, former: old, page }),
  });
  const shown = list.data ?? EMPTY;
  const { page, pages, setPage } = list;
  const busy = pending || list.pending;

  function toggleGroup(id: number) {
    setChosen((ids) => (ids.includes(id) ? ids.filter((g) => g !== id) : [...ids, id]));
  }

  function takeBack(p: PersonRow) {
    startTransition(async () => {
      const result = await rejoin({ memberId: p.id, orgId });
      if (applyActionResult(result, null, { success: t('rejoined') })) {
        setRejoined((ids) => [...ids, p.id]);
        setReload((n) => n + 1);
      }
    });
  }

  const columns = [
    t('col.name'),
    t('col.regNr'),
    t('col.licenseOrg'),
    t('col.federalState'),
    t('col.ageClass'),
    t('col.email'),
    t('col.phone'),
    t('col.functions'),
  ];

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
      <section aria-label={t('filters')} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-center gap-4">
          <ListSearch label={t('search')} value={query} onSearch={setQuery} className="max-w-sm" />
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" checked={former} onChange={(e) => setFormer(e.target.checked)} />
            {t('former')}
          </label>
          <span className="text-sm font-medium text-gray-700" aria-live="polite">
            {t('count', { count: shown.total })}
          </span>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('groups')}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {groups.map((g) => (
              <label
                key={g.id}
                className={cn(
                  'flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm',
                  chosen.includes(g.id) ? 'border-brand bg-brand-light text-brand-dark' : 'border-gray-300 text-gray-700',
                )}
              >
                <input type="checkbox" checked={chosen.includes(g.id)} onChange={() => toggleGroup(g.id)} />
                {g.group}
              </label>
            ))}
          </div>
        </fieldset>
        {!runs && <p className="text-sm text-gray-600">{t('ruleHint')}</p>}
      </section>

      <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
        <table className="min-w-full text-sm" aria-label={t('resultLabel')} aria-busy={busy}>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              {columns.map((c) => (
                <th key={c} className="px-3 py-2 font-semibold">
                  {c}
                </th>
              ))}
              {former && canRejoin && <th className="px-3 py-2 font-semibold">{t('col.action')}</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {shown.items.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="px-3 py-6 text-center text-gray-500">
                  {list.failed ? (
                    <span role="alert" className="font-medium text-red-700">
                      {tc('connectionError')}
                    </span>
                  ) : list.loading ? (
                    t('loading')
                  ) : (
                    t('notFound')
                  )}
                </td>
              </tr>
            ) : (
              shown.items.map((p) => (
                <tr key={p.id}>
                  <td className="px-3 py-2 font-medium text-gray-900">
                    {p.surname} {p.firstName}
                  </td>
                  <td className="px-3 py-2">{p.regNr ?? '–'}</td>
                  <td className="px-3 py-2">{p.licenseOrg ?? '–'}</td>
                  <td className="px-3 py-2">{p.federalState ?? '–'}</td>
                  <td className="px-3 py-2">{p.ageClass}</td>
                  <td className="px-3 py-2">{p.email ?? '–'}</td>
                  <td className="px-3 py-2">{p.phoneMobile ?? '–'}</td>
                  <td className="px-3 py-2">
                    {p.functions.map((f, i) => (
                      <span key={i} className="block">
                        {f.funcName} · {f.orgName} ({formatDisplayDate(f.dateFrom)} –{' '}
                        {isOpenEnded(f.dateTo) ? t('now') : formatDisplayDate(f.dateTo)})
                      </span>
                    ))}
                  </td>
                  {former && canRejoin && (
                    <td className="px-3 py-2">
                      {rejoined.includes(p.id) ? (
                        <span className="text-green-800">{t('rejoinedShort')}</span>
                      ) : (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => takeBack(p)}
                          disabled={busy}
                          aria-label={t('rejoinFor', { name: `${p.firstName} ${p.surname}` })}
                        >
                          {t('rejoin')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <SimplePager page={page} pages={pages} onPage={setPage} className="mt-0 justify-end">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(jump);
            if (Number.isInteger(n) && n >= 1 && n <= pages) setPage(n);
            setJump('');
          }}
          className="flex items-center gap-1"
        >
          <label htmlFor="person-jump">{t('jumpTo')}</label>
          <input
            id="person-jump"
            inputMode="numeric"
            value={jump}
            onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
            className="w-16 rounded-md border border-gray-300 px-2 py-1"
          />
        </form>
      </SimplePager>
    </div>
  );
}
