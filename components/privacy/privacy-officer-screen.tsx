'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { ListSearch } from '@/components/ui/list-search';
import { SimplePager } from '@/components/ui/simple-pager';
import { PrivacyTab } from '@/components/shared/privacy/privacy-tab';
import type { OfficerPerson, OfficerPersons } from '@/lib/api/privacy';
import { PRIVACY_OFFICER_PAGE_SIZE } from '@/lib/domain/page-sizes';
import type { PrivacyRights } from '@/lib/domain/privacy/rights';
import { formPath } from '@/lib/domain/shell';
import { findPersonsAction } from './actions';

/** What the officer's screen offers on a person: the trail of reads, nothing that changes. */
const OFFICER_RIGHTS: PrivacyRights = { exportAndErase: false, readTrail: true, resetSecondFactor: false };

export interface PrivacyOfficerScreenProps {
  orgId: number;
  funkId: number;
  /** The person opened (/form/O1/F1007/{id}), or none. */
  person: OfficerPerson | null;
  /** The text shown instead when the address names no (longer existing) person. */
  failedText: string | null;
}

const nameOf = (p: OfficerPerson) => `${p.firstName} ${p.surname}`;

/** Left: the search over every person of the federation; right: the person opened and their 'Datenschutz' tab. */
export function PrivacyOfficerScreen({ orgId, funkId, person, failedText }: PrivacyOfficerScreenProps) {
  const t = useTranslations('privacyOfficer');
  const tc = useTranslations('common');
  const [query, setQuery] = useState('');
  const list = usePagedQuery<OfficerPersons, { q: string }>({
    query: { q: query.trim() },
    typed: query,
    pageSize: PRIVACY_OFFICER_PAGE_SIZE,
    load: ({ q }, page) => findPersonsAction({ q, page }),
  });
  const shown = list.data;
  const facts = (p: OfficerPerson) =>
    [t('birthYear', { year: p.birthYear }), p.regNr ? t('regNr', { regNr: p.regNr }) : null].filter(Boolean).join(' · ');

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(16rem,22rem)_1fr]">
      <Card title={t('title')}>
        <p className="mb-3 text-sm text-gray-700">{t('hint')}</p>
        <ListSearch label={t('search')} value={query} onSearch={setQuery} />
        <div className="mt-3" aria-busy={list.pending}>
          {!shown ? (
            list.failed ? (
              <p role="alert" className="text-sm text-red-800">
                {t('loadFailed')}
              </p>
            ) : (
              <p className="text-sm text-gray-600">{tc('loading')}</p>
            )
          ) : shown.items.length === 0 ? (
            <p className="text-sm text-gray-600">{t('empty')}</p>
          ) : (
            <ul aria-label={t('results')} className="divide-y divide-gray-100">
              {shown.items.map((p) => (
                <li key={p.id}>
                  <Link
                    href={formPath(orgId, funkId, p.id)}
                    aria-current={person?.id === p.id ? 'page' : undefined}
                    className={cn('block rounded px-2 py-2 text-sm hover:bg-gray-50', person?.id === p.id && 'bg-brand/10')}
                  >
                    <span className="font-medium text-gray-900">{nameOf(p)}</span>
                    <span className="block text-xs text-gray-600">{facts(p)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {shown && shown.total > 0 && <SimplePager page={list.page} pages={list.pages} onPage={list.setPage} />}
        </div>
      </Card>
      <div className="space-y-4">
        {failedText ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {failedText}
          </p>
        ) : person ? (
          <>
            <Card title={nameOf(person)}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-gray-600">{t('birthYearLabel')}</dt>
                <dd>{person.birthYear}</dd>
                <dt className="text-gray-600">{t('regNrLabel')}</dt>
                <dd>{person.regNr ?? '–'}</dd>
                <dt className="text-gray-600">{t('organisations')}</dt>
                <dd>{person.organisations.length > 0 ? person.organisations.join(', ') : t('noOrganisations')}</dd>
              </dl>
            </Card>
            <PrivacyTab memberId={person.id} memberName={nameOf(person)} orgId={orgId} funkId={funkId} rights={OFFICER_RIGHTS} />
          </>
        ) : (
          <p className="rounded-lg border border-dashed border-gray-300 p-6 text-sm text-gray-600">{t('choose')}</p>
        )}
      </div>
    </div>
  );
}
