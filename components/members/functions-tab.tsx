'use client';

import { applyActionResult } from '@/components/ui/apply-action-result';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { MemberRole, MemberTargetOrg, RoleGroup } from '@/lib/api/member-types';
import { formatDisplayDate, isOpenEnded, todayIso } from '@/lib/domain/dates';
import { periodState } from '@/lib/domain/members';
import { FUNCTION_MEMBERSHIP, ORG_LEVEL_CLUB } from '@/lib/domain/functions';
import { connectMemberAction } from './actions';
import { EndMembershipDialog } from './end-membership-dialog';
import { FunctionDialog } from './function-dialog';
import { MembershipDialog } from './membership-dialog';

export interface FunctionsTabProps {
  memberId: number;
  memberName: string;
  /** The acting organisation. */
  orgId: number;
  /** Every assignment of the member (licences, memberships, functions), with `editable` per row. */
  roles: MemberRole[];
  /** Roles the caller may assign in the acting organisation (already filtered by editWhitelist and org lists). */
  functionGroups: RoleGroup[];
  /** Clubs in which the caller may end this member's membership. */
  canEndMembershipIn: number[];
  /** Edit mode and the right to edit this member. */
  canEdit: boolean;
  /** A membership can be added here (the acting organisation is a club). */
  canAddMembership: boolean;
  /**
   * The federation's organisation picker (GET members/{orgId}/organisations): memberships go into a
   * chosen club, new functions into a chosen organisation. Absent or null: both go into `orgId`.
   */
  targetOrgs?: MemberTargetOrg[] | null;
}

type Dialog = { kind: 'add' } | { kind: 'membership' } | { kind: 'edit'; role: MemberRole } | { kind: 'end'; role: MemberRole } | null;

/** Functions and licences of the member: open-ended shown 'unbefristet'. */
export function FunctionsTab({
  memberId,
  memberName,
  orgId,
  roles,
  functionGroups,
  canEndMembershipIn,
  canEdit,
  canAddMembership,
  targetOrgs = null,
}: FunctionsTabProps) {
  const t = useTranslations('members');
  const router = useRouter();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [adding, setAdding] = useState(false);
  const today = todayIso();
  const rows = [...roles].sort(
    (a, b) => Number(b.active) - Number(a.active) || b.dateFrom.localeCompare(a.dateFrom) || a.funcName.localeCompare(b.funcName, 'de'),
  );
  const hasMembershipHere = roles.some((r) => r.funcId === FUNCTION_MEMBERSHIP && r.orgId === orgId && r.active);
  const choosing = Boolean(targetOrgs && targetOrgs.length > 0);
  // the federation may pick another organisation, whose roles the dialog asks for
  const assignable = choosing || functionGroups.some((g) => g.roles.length > 0);
  const memberOf = new Set(roles.filter((r) => r.funcId === FUNCTION_MEMBERSHIP && r.active).map((r) => r.orgId));
  const joinableClubs = (targetOrgs ?? []).filter((o) => o.level === ORG_LEVEL_CLUB && !memberOf.has(o.id));
  const membershipButton = choosing ? joinableClubs.length > 0 : canAddMembership && !hasMembershipHere;

  async function addMembership() {
    setAdding(true);
    const result = await connectMemberAction({ orgId, memberId });
    setAdding(false);
    if (!applyActionResult(result)) return;
    router.refresh();
  }

  const done = () => {
    setDialog(null);
    router.refresh();
  };

  return (
    <div className="space-y-4">
      {canEdit && (assignable || membershipButton) && (
        <div className="flex flex-wrap gap-2">
          {assignable && (
            <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'add' })}>
              + {t('functions.add')}
            </Button>
          )}
          {membershipButton && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => (choosing ? setDialog({ kind: 'membership' }) : void addMembership())}
              loading={adding}
            >
              + {t('functions.addMembership')}
            </Button>
          )}
        </div>
      )}
      <BriefTable
        label={t('functions.label')}
        columns={[
          { key: 'function', header: t('functions.function') },
          { key: 'group', header: t('functions.group') },
          { key: 'organisation', header: t('functions.organisation') },
          { key: 'from', header: t('functions.from') },
          { key: 'to', header: t('functions.to') },
          { key: 'status', header: t('functions.status') },
          ...(canEdit ? [{ key: 'actions', header: t('functions.actions'), srOnly: true }] : []),
        ]}
        emptyText={t('functions.empty')}
        isEmpty={rows.length === 0}
      >
        {rows.map((r) => {
          const canEnd = canEdit && r.funcId === FUNCTION_MEMBERSHIP && r.active && canEndMembershipIn.includes(r.orgId);
          return (
            <tr key={r.funkMgId} className={cn(!r.active && 'text-gray-600')}>
              <BriefCell>{r.funcName}</BriefCell>
              <BriefCell>{r.funcGroup}</BriefCell>
              <BriefCell>{r.orgName}</BriefCell>
              <BriefCell>{formatDisplayDate(r.dateFrom)}</BriefCell>
              <BriefCell>{isOpenEnded(r.dateTo) ? t('unlimited') : formatDisplayDate(r.dateTo)}</BriefCell>
              <BriefCell>{t(`functions.${periodState(r.dateFrom, r.dateTo, today)}`)}</BriefCell>
              {canEdit && (
                <BriefCell className="space-x-1 whitespace-nowrap text-right">
                  {canEnd && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('functions.endMembershipButton', { org: r.orgName })}
                      onClick={() => setDialog({ kind: 'end', role: r })}
                    >
                      {t('functions.endMembership')}
                    </Button>
                  )}
                  {r.editable && r.funcId !== FUNCTION_MEMBERSHIP && (
                    <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'edit', role: r })}>
                      {t('functions.editDates')}
                    </Button>
                  )}
                </BriefCell>
              )}
            </tr>
          );
        })}
      </BriefTable>

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <FunctionDialog
          memberId={memberId}
          orgId={orgId}
          groups={functionGroups}
          orgs={targetOrgs}
          role={dialog.kind === 'edit' ? dialog.role : null}
          onClose={() => setDialog(null)}
          onSaved={done}
        />
      )}
      {dialog?.kind === 'membership' && (
        <MembershipDialog memberId={memberId} clubs={joinableClubs} onClose={() => setDialog(null)} onAdded={done} />
      )}
      {dialog?.kind === 'end' && (
        <EndMembershipDialog
          memberId={memberId}
          memberName={memberName}
          membership={dialog.role}
          onClose={() => setDialog(null)}
          onEnded={done}
        />
      )}
    </div>
  );
}
