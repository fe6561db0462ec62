import type { Member, Page } from '@/lib/api/member-types';
import { BASE_PATH } from '@/lib/domain/shell';
import { browserFetch } from '@/components/ui/session-ended';

/**
 * The browser's own member-list fetches (search-as-you-type, paging, the overview table) go
 * through the app's /admin/api proxy, which adds the token. Paging, search, filters and sort
 * happen in the database.
 */

/** Filters of the member lists and their CSV export (the API's query parameters). */
export interface MemberListFilters {
  gender?: 'm' | 'w' | 'd';
  ageClass?: string;
  licence?: 'active' | 'none';
  /** Place of residence contains this text. */
  city?: string;
}

export interface MemberListParams extends MemberListFilters {
  orgId: number;
  /** Form 52: every member of the federation (GET /admin/members), not those of the organisation. */
  all: boolean;
  page: number;
  pageSize: number;
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
}

/** Search, order and filters as query parameters; empty ones left out. */
function listSearch(
  params: MemberListFilters & { q?: string; sort?: string; dir?: 'asc' | 'desc' },
  search: URLSearchParams,
): URLSearchParams {
  const text = params.q?.trim();
  if (text) search.set('q', text);
  if (params.sort) search.set('sort', params.sort);
  if (params.dir) search.set('dir', params.dir);
  for (const key of ['gender', 'ageClass', 'licence', 'city'] as const) {
    const value = params[key]?.trim();
    if (value) search.set(key, value);
  }
  return search;
}

export function memberListUrl({ orgId, all, page, pageSize, ...rest }: MemberListParams): string {
  const search = listSearch(rest, new URLSearchParams({ page: String(page), pageSize: String(pageSize) }));
  const path = all ? 'api/v1/admin/members' : `api/v1/admin/members/${orgId}`;
  return `${BASE_PATH}/${path}?${search.toString()}`;
}

/** The CSV export of the organisation's members with the same search, filters and order (streamed by the API). */
export function memberExportUrl({
  orgId,
  lang,
  ...rest
}: MemberListFilters & { orgId: number; q?: string; sort?: string; dir?: 'asc' | 'desc'; lang: 'de' | 'en' }): string {
  const search = listSearch(rest, new URLSearchParams());
  search.set('lang', lang);
  return `${BASE_PATH}/api/v1/admin/members/${orgId}/export.csv?${search.toString()}`;
}

/** One page of members; a failed answer (or no answer) rejects with FetchFailed. */
export async function fetchMemberPage(params: MemberListParams, signal?: AbortSignal): Promise<Page<Member>> {
  const response = await browserFetch(memberListUrl(params), { signal, headers: { accept: 'application/json' }, cache: 'no-store' });
  return (await response.json()) as Page<Member>;
}
