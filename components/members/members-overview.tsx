'use client';

import { useCallback, useMemo } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { ServerDataTable, type ServerTableQuery } from '@/components/ui/server-data-table';
import type { Member } from '@/lib/api/member-types';
import type { Country } from '@/lib/api/types';
import {
  MEMBER_OVERVIEW_COLUMNS,
  MEMBER_OVERVIEW_HEADER,
  memberOverviewText,
  type MemberOverviewColumn,
} from '@/lib/domain/member-overview';
import { AGE_CLASSES } from '@/lib/domain/members';
import { proxiedImageSrc } from '@/lib/domain/shell';
import { GENDERS } from '@/lib/domain/members';
import { fetchMemberPage, memberExportUrl, type MemberListFilters } from './fetch-members';

/** Overview table: 20 rows per page. */
export const OVERVIEW_PAGE_SIZE = 20;

export interface MembersOverviewProps {
  orgId: number;
  all: boolean;
  countries: Country[];
  onEdit: (member: Member) => void;
}

/** Columns the API sorts on (lib/schemas/members.ts MEMBER_SORTS). */
const SORTABLE = new Set<MemberOverviewColumn>([
  'regNr',
  'surname',
  'firstName',
  'birthDate',
  'ageClass',
  'gender',
  'zip',
  'city',
  'email',
]);

/** Column filter → query parameter of the member list and its CSV export. */
function listFilters(query: ServerTableQuery): MemberListFilters {
  const f = query.filters;
  return {
    gender: f.gender as MemberListFilters['gender'],
    ageClass: f.ageClass,
    licence: f.licenseOrg as MemberListFilters['licence'],
    city: f.city,
  };
}

/**
 * Every member of the organisation (or, form 52, of the federation), searched, filtered, sorted
 * and paged in the database; the CSV export streams all matches from the API with the same
 * search, filters and order.
 */
export function MembersOverview({ orgId, all, countries, onEdit }: MembersOverviewProps) {
  const t = useTranslations('members');
  const tt = useTranslations('membersTable');
  const locale = useLocale();

  const columns = useMemo<DataTableColumn<Member>[]>(() => {
    const countryName = new Map(countries.map((c) => [c.id, locale === 'en' ? c.nameEn : c.nameDe]));
    const text = { gender: (g: Member['gender']) => t(`genders.${g}`), country: (id: number) => countryName.get(id) ?? null };
    const o = (key: string) => t(`overview.${key}`);
    const filters: Partial<Record<MemberOverviewColumn, DataTableColumn<Member>['filter']>> = {
      ageClass: AGE_CLASSES.map((c) => ({ value: c, label: c })),
      gender: GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) })),
      licenseOrg: [
        { value: 'active', label: tt('licenceActive') },
        { value: 'none', label: tt('licenceNone') },
      ],
      city: 'text',
    };
    const data = MEMBER_OVERVIEW_COLUMNS.map<DataTableColumn<Member>>((id) => ({
      id,
      header: o(MEMBER_OVERVIEW_HEADER[id] ?? id),
      accessor: (m) => memberOverviewText(m, id, text),
      sortable: SORTABLE.has(id),
      filter: filters[id],
    }));
    return [
      {
        id: 'picture',
        header: o('picture'),
        accessor: () => null,
        cell: (m) => <Avatar src={proxiedImageSrc(m.imageLink)} name={`${m.firstName} ${m.surname}`} size={32} />,
        sortable: false,
        csv: false,
      },
      ...data,
      {
        id: 'edit',
        header: o('edit'),
        accessor: () => null,
        cell: (m) => (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('overview.editMember', { name: `${m.firstName} ${m.surname}` })}
            onClick={() => onEdit(m)}
          >
            {o('edit')}
          </Button>
        ),
        sortable: false,
        csv: false,
        hideable: false,
      },
    ];
  }, [countries, locale, t, tt, onEdit]);

  const fetchPage = useCallback(
    (query: ServerTableQuery, signal: AbortSignal) =>
      fetchMemberPage(
        {
          orgId,
          all,
          page: query.page,
          pageSize: query.pageSize,
          q: query.q,
          sort: query.sort.id,
          dir: query.sort.desc ? 'desc' : 'asc',
          ...listFilters(query),
        },
        signal,
      ),
    [orgId, all],
  );

  const exportHref = useCallback(
    (query: ServerTableQuery) =>
      memberExportUrl({
        orgId,
        q: query.q,
        sort: query.sort.id,
        dir: query.sort.desc ? 'desc' : 'asc',
        lang: locale === 'en' ? 'en' : 'de',
        ...listFilters(query),
      }),
    [orgId, locale],
  );

  return (
    <section aria-label={t('overview.label')} className="space-y-3">
      <ServerDataTable
        columns={columns}
        fetchPage={fetchPage}
        defaultSort={DEFAULT_SORT}
        pageSize={OVERVIEW_PAGE_SIZE}
        exportHref={exportHref}
        getRowId={(m) => String(m.id)}
        emptyText={t('notFound')}
        failedText={t('connectionError')}
        label={t('overview.label')}
      />
    </section>
  );
}

const DEFAULT_SORT = { id: 'surname', desc: false };
