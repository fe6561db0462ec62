'use client';

import { applyActionResult } from '@/components/ui/apply-action-result';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import type { MemberRole } from '@/lib/api/member-types';
import { formatDisplayDate, todayIso } from '@/lib/domain/dates';
import { membershipEndDateRange } from '@/lib/domain/members';
import { endMembershipAction } from './actions';

export interface EndMembershipDialogProps {
  memberId: number;
  memberName: string;
  membership: MemberRole;
  onClose: () => void;
  onEnded: () => void;
}

/** Ends a membership as of a date from today up to 364 days ahead, after a Ja/Nein confirmation. */
export function EndMembershipDialog({ memberId, memberName, membership, onClose, onEnded }: EndMembershipDialogProps) {
  const t = useTranslations('members');
  const [confirmElement, confirm] = useConfirm();
  const [range] = useState(() => membershipEndDateRange(todayIso()));
  const [date, setDate] = useState<string | null>(range.min);
  // false while the field refuses the typed text (`date` then still holds the previous date)
  const [dateAccepted, setDateAccepted] = useState(true);
  const [saving, setSaving] = useState(false);

  async function end() {
    if (!date || !dateAccepted) return;
    const question = t('functions.endConfirm', { org: membership.orgName, date: formatDisplayDate(date) });
    if (!(await confirm(question, { title: memberName, tone: 'danger' }))) return;
    setSaving(true);
    const result = await endMembershipAction({ clubId: membership.orgId, memberId, date });
    setSaving(false);
    if (!applyActionResult(result)) return;
    onEnded();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={t('functions.endMembershipIn', { org: membership.orgName })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={() => void end()} disabled={!date || !dateAccepted} loading={saving}>
            {t('functions.endMembership')}
          </Button>
        </>
      }
    >
      {confirmElement}
      <DateField
        label={`${t('functions.endDate')} *`}
        value={date}
        min={range.min}
        max={range.max}
        onChange={setDate}
        onValidityChange={setDateAccepted}
      />
    </Dialog>
  );
}
