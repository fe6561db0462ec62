'use client';

import { useEffect, useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/components/ui/toast';
import type { Member } from '@/lib/api/member-types';
import type { Country } from '@/lib/api/types';
import { AGE_CLASSES } from '@/lib/domain/members';
import { proxiedImageSrc } from '@/lib/domain/shell';
import { fetchMembersUpTo } from './fetch-members';
import { useDebouncedValue } from './use-debounced-value';

/** Overview table: 20 rows per page (core §9). */
export const OVERVIEW_PAGE_SIZE = 20;
/**
 * How many members the table holds at once. A club fits whole; for a state association or the
 * whole federation the database search above the table narrows the set first.
 */
export const OVERVIEW_LIMIT = 1000;

export interface MembersOverviewProps {
  orgId: number;
  all: boolean;
  countries: Country[];
  onEdit: (member: Member) => void;
}

type Loaded = { key: string; status: 'ok'; items: Member[]; total: number } | { key: string; status: 'error' };

/** Every column the specification lists, with CSV export (BOM, ';') from the shared DataTable. */
export function MembersOverview({ orgId, all, countries, onEdit }: MembersOverviewProps) {
  const t = useTranslations('members');
  const te = useTranslations('errors');
  const locale = useLocale();
  const [q, setQ] = useState('');
  const debouncedQ = useDebouncedValue(q, 300);
  const query = q.trim() === '' ? '' : debouncedQ.trim();
  const requestKey = JSON.stringify([orgId, all, query]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const current = loaded?.key === requestKey ? loaded : null;

  useEffect(() => {
    const controller = new AbortController();
    fetchMembersUpTo({ orgId, all, q: query }, OVERVIEW_LIMIT, controller.signal).then(
      (page) => setLoaded({ key: requestKey, status: 'ok', items: page.items, total: page.total }),
      () => {
        if (controller.signal.aborted) return;
        setLoaded({ key: requestKey, status: 'error' });
        notify.error(te('generic'));
      },
    );
    return () => controller.abort();
  }, [orgId, all, query, requestKey, te]);

  const columns = useMemo<DataTableColumn<Member>[]>(() => {
    const countryName = new Map(countries.map((c) => [c.id, locale === 'en' ? c.nameEn : c.nameDe]));
    const o = (key: string) => t(`overview.${key}`);
    const activeOrgs = (m: Member) => m.organizations.filter((x) => x.active).map((x) => x.orgName).join(', ');
    return [
      {
        id: 'picture',
        header: o('picture'),
        accessor: () => null,
        cell: (m) => <Avatar src={proxiedImageSrc(m.imageLink)} name={`${m.firstName} ${m.surname}`} size={32} />,
        sortable: false,
        searchable: false,
        csv: false,
      },
      { id: 'regNr', header: o('regNr'), accessor: (m) => m.regNr },
      { id: 'organisations', header: o('organisations'), accessor: activeOrgs, filter: 'text' },
      { id: 'surname', header: o('surname'), accessor: (m) => m.surname, filter: 'text' },
      { id: 'firstName', header: o('firstName'), accessor: (m) => m.firstName },
      { id: 'birthDate', header: o('birthDate'), accessor: (m) => m.birthDate, type: 'date' },
      {
        id: 'ageClass',
        header: o('ageClass'),
        // sorted in class order, not alphabetically
        accessor: (m) => AGE_CLASSES.indexOf(m.ageClass),
        text: (m) => m.ageClass,
        filter: AGE_CLASSES.map((c) => ({ value: c, label: c, test: (m: Member) => m.ageClass === c })),
      },
      {
        id: 'gender',
        header: o('gender'),
        accessor: (m) => t(`genders.${m.gender}`),
        filter: 'select',
      },
      { id: 'licenseOrg', header: o('licenseOrgs'), accessor: (m) => m.licenseOrg, filter: 'select' },
      { id: 'nationality', header: o('nationality'), accessor: (m) => (m.nationality ? (countryName.get(m.nationality) ?? null) : null) },
      { id: 'street', header: o('street'), accessor: (m) => m.street },
      { id: 'houseNumber', header: o('houseNumber'), accessor: (m) => m.houseNumber },
      { id: 'doorNumber', header: o('doorNumber'), accessor: (m) => m.doorNumber },
      { id: 'zip', header: o('zip'), accessor: (m) => m.zip },
      { id: 'city', header: o('city'), accessor: (m) => m.city, filter: 'text' },
      { id: 'phone', header: o('phone'), accessor: (m) => m.phoneMobile },
      { id: 'email', header: o('email'), accessor: (m) => m.email },
      {
        id: 'functions',
        header: o('functions'),
        accessor: (m) =>
          [...new Set(m.functions.filter((f) => f.active).map((f) => f.funcName))].join(', ') || null,
      },
      {
        id: 'certificates',
        header: o('certificates'),
        accessor: (m) => [...new Set(m.certificates.map((c) => c.certName))].join(', ') || null,
      },
      {
        id: 'edit',
        header: o('edit'),
        accessor: () => null,
        cell: (m) => (
          <Button variant="ghost" size="sm" aria-label={t('overview.editMember', { name: `${m.firstName} ${m.surname}` })} onClick={() => onEdit(m)}>
            {o('edit')}
          </Button>
        ),
        sortable: false,
        searchable: false,
        csv: false,
      },
    ];
  }, [countries, locale, t, onEdit]);

  const limited = current?.status === 'ok' && current.total > current.items.length;

  return (
    <section aria-label={t('overview.label')} className="space-y-3">
      {(limited || query !== '' || q !== '') && (
        <input
          type="search"
          aria-label={t('overview.dbSearch')}
          placeholder={t('overview.dbSearch')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="w-full max-w-md rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
      )}
      {limited && current?.status === 'ok' && (
        <p role="status" className="text-sm text-amber-800">
          {t('overview.limited', { shown: current.items.length, total: current.total })}
        </p>
      )}
      {current === null && (
        <div className="flex justify-center py-10 text-brand">
          <Spinner size={28} label={t('overview.label')} />
        </div>
      )}
      {current?.status === 'error' && <p className="py-10 text-center text-sm font-medium text-red-600">{t('connectionError')}</p>}
      {current?.status === 'ok' && (
        <DataTable
          columns={columns}
          rows={current.items}
          pageSize={OVERVIEW_PAGE_SIZE}
          csvFileName={t('overview.csvFile')}
          emptyText={t('notFound')}
          getRowId={(m) => String(m.id)}
          initialSort={{ id: 'surname' }}
          label={t('overview.label')}
        />
      )}
    </section>
  );
}
