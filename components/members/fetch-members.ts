import type { Member, Page } from '@/lib/api/member-types';
import { BASE_PATH } from '@/lib/domain/shell';

/**
 * The browser's own member-list fetches (search-as-you-type, paging, the overview table) go through
 * the app's /admin/api proxy, which adds the token. Paging, search and sort happen in
 * the database.
 */

export interface MemberListParams {
  orgId: number;
  /** Form 52: every member of the federation (GET /admin/members), not those of the organisation. */
  all: boolean;
  page: number;
  pageSize: number;
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
}

export class MembersFetchError extends Error {
  constructor(readonly status: number) {
    super(`member list answered ${status}`);
    this.name = 'MembersFetchError';
  }
}

export function memberListUrl({ orgId, all, page, pageSize, q, sort, dir }: MemberListParams): string {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  const text = q?.trim();
  if (text) search.set('q', text);
  if (sort) search.set('sort', sort);
  if (dir) search.set('dir', dir);
  const path = all ? 'api/v1/admin/members' : `api/v1/admin/members/${orgId}`;
  return `${BASE_PATH}/${path}?${search.toString()}`;
}

/** One page of members; a failed answer (or no answer) becomes MembersFetchError. */
export async function fetchMemberPage(params: MemberListParams, signal?: AbortSignal): Promise<Page<Member>> {
  let response: Response;
  try {
    response = await fetch(memberListUrl(params), { signal, headers: { accept: 'application/json' }, cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new MembersFetchError(0);
  }
  if (!response.ok) throw new MembersFetchError(response.status);
  return (await response.json()) as Page<Member>;
}

/** Largest page the API serves (lib/schemas/members.ts MAX_PAGE_SIZE). */
export const FETCH_PAGE_SIZE = 100;

/**
 * Up to `limit` members for the overview table, fetched page by page (the first answer tells how
 * many pages there are; the rest are fetched together).
 */
export async function fetchMembersUpTo(
  params: Omit<MemberListParams, 'page' | 'pageSize'>,
  limit: number,
  signal?: AbortSignal,
): Promise<Page<Member>> {
  const first = await fetchMemberPage({ ...params, page: 1, pageSize: FETCH_PAGE_SIZE }, signal);
  const wanted = Math.min(first.total, limit);
  const pages = Math.ceil(wanted / FETCH_PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      fetchMemberPage({ ...params, page: i + 2, pageSize: FETCH_PAGE_SIZE }, signal),
    ),
  );
  const items = [first, ...rest].flatMap((p) => p.items).slice(0, limit);
  return { items, total: first.total };
}
