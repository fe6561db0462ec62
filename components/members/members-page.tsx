import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError } from '@/lib/api/errors';
import {
  getFunctionGroups,
  getMember,
  getMemberRoles,
  getMembersSummary,
  getTargetOrgs,
  getTrainingDefinitions,
  type MemberDetail as MemberDetailData,
  type MemberRole,
  type MemberTargetOrg,
} from '@/lib/api/members';
import { getCountries, getSystemRoles } from '@/lib/api/user';
import { FEDERATION_ORG_ID, ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { editsMembersAt } from '@/lib/domain/member-permissions';
import { privacyRightsOf } from '@/lib/domain/privacy/rights';
import { formPath } from '@/lib/domain/shell';
import { MemberDetail, MembersScreen } from './lazy';
import type { ActingRights } from './member-detail';
import { parseMemberId } from './member-id';

/** An API read the page can do without (e.g. the country list): its failure leaves it empty. Redirects still pass. */
async function optional<T>(call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) return fallback;
    throw error;
  }
}

/**
 * The member page (forms 51 and 52): left list, profile card with tabs, overview table.
 * Read on the server; the list's search and the table's rows are fetched by the browser.
 */
export async function MembersPage({ orgId, funkId, id, orgLevel = null, all = false }: FormPageProps & { all?: boolean }) {
  const t = await getTranslations('members');
  const target = parseMemberId(id);
  const opened = typeof target === 'number';

  // The page needs the organisation's level and rights only, not the summary's counts over every
  // member: with the level from the system roles it asks for no summary (an upstream that does not
  // send the level is asked as before).
  const [summary, countries, trainingDefinitions, functionGroups] = await Promise.all([
    orgLevel === null ? optional(getMembersSummary(orgId), null) : Promise.resolve(null),
    optional(getCountries(), []),
    opened ? optional(getTrainingDefinitions(orgId), []) : Promise.resolve([]),
    opened ? optional(getFunctionGroups(orgId), []) : Promise.resolve([]),
  ]);

  let member: MemberDetailData | null = null;
  let roles: MemberRole[] = [];
  let loadFailed = target === 'invalid';
  if (opened) {
    try {
      [member, roles] = await Promise.all([getMember(orgId, target), optional(getMemberRoles(orgId, target), null)]).then(
        ([m, r]) => [m, r ?? m.functions.map((f) => ({ ...f, editable: false }))] as const,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      loadFailed = true;
    }
  }

  const level = orgLevel ?? summary?.orgLevel ?? null;
  // The federation chooses the club of a membership and the organisation of a function (clubs and
  // state associations act only in their own organisation, so they get no picker).
  const federation = level === null ? orgId === FEDERATION_ORG_ID : level === ORG_LEVEL_FEDERATION;
  const targetOrgs: MemberTargetOrg[] | null =
    federation && (opened || target === 'new') ? await optional(getTargetOrgs(orgId), null) : null;
  // a person's data rights are the federation's: offered only when acting for it (the system roles
  // are the header's, read once per request)
  const privacy =
    federation && member ? privacyRightsOf(await optional(getSystemRoles(), []).then((r) => (Array.isArray(r) ? r : []))) : null;
  const acting: ActingRights = {
    level,
    // the API decides in the end; this only hides what it would refuse (level 2 reads only)
    canCreate: summary?.access?.canCreate ?? (level === null ? true : editsMembersAt({ id: orgId, level })),
    isClub: level === null ? orgId !== FEDERATION_ORG_ID && !all : level === ORG_LEVEL_CLUB,
  };
  // Read-only organisations (a state association) get no empty form they could not save: like the
  // organisation page, 'new' then leads to the route without id.
  if (target === 'new' && !acting.canCreate) redirect(formPath(orgId, funkId));

  let right;
  if (loadFailed) {
    right = (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t('checkId')}
      </p>
    );
  } else if (member || target === 'new') {
    right = (
      <MemberDetail
        key={member ? member.id : 'new'}
        orgId={orgId}
        funkId={funkId}
        member={member}
        roles={roles}
        countries={countries}
        trainingDefinitions={trainingDefinitions}
        functionGroups={functionGroups}
        acting={acting}
        targetOrgs={targetOrgs}
        privacy={privacy}
      />
    );
  } else {
    right = <p className="rounded-lg border border-dashed border-gray-300 p-6 text-sm text-gray-600">{t('chooseMember')}</p>;
  }

  return (
    <MembersScreen
      orgId={orgId}
      funkId={funkId}
      all={all}
      selectedId={member?.id ?? null}
      canCreate={acting.canCreate}
      // the import goes into a club, by whoever may add its members
      canImport={acting.canCreate && acting.isClub && !all}
      // duplicates are merged by the federation (everyone) and a state association (its clubs' members)
      duplicates={all && federation ? {} : all && level === ORG_LEVEL_STATE ? { org: orgId } : null}
      countries={countries}
    >
      {right}
    </MembersScreen>
  );
}

/** Form 52: the same page with the "all" flag (every member of the federation). */
export function AllMembersPage(props: FormPageProps) {
  return <MembersPage {...props} all />;
}
