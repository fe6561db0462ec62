import type { RoleGroup } from '@/lib/schemas/member-responses';
import { PERSON_SEARCH_DEFAULT_FUNCTIONS } from '@/lib/domain/person-search';

/** Persons per page of the result table. */
export const PERSON_PAGE_SIZE = 20;

/** The role groups the person search offers, in the order of their default function ids. */
export function personSearchGroups(groups: readonly RoleGroup[]): RoleGroup[] {
  return PERSON_SEARCH_DEFAULT_FUNCTIONS.flatMap((id) => groups.filter((g) => g.id === id));
}
