'use client';

import { applyActionResult } from '@/components/ui/apply-action-result';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { MemberTargetOrg } from '@/lib/api/member-types';
import { connectMemberAction } from './actions';
import { OrgPicker } from './org-picker';

export interface MembershipDialogProps {
  memberId: number;
  /** The clubs to choose from (the member's current clubs already left out). */
  clubs: MemberTargetOrg[];
  onClose: () => void;
  onAdded: () => void;
}

/** The federation adds a membership (function 32, from today, no end) in a club it chooses. */
export function MembershipDialog({ memberId, clubs, onClose, onAdded }: MembershipDialogProps) {
  const t = useTranslations('members');
  const [clubId, setClubId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  async function add() {
    if (clubId === null) return;
    setSaving(true);
    const result = await connectMemberAction({ orgId: clubId, memberId });
    setSaving(false);
    if (!applyActionResult(result)) return;
    onAdded();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={t('functions.addMembership')}
      description={t('functions.addMembershipHint')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void add()} disabled={clubId === null} loading={saving}>
            {t('functions.addMembership')}
          </Button>
        </>
      }
    >
      <OrgPicker
        label={`${t('orgPicker.club')} *`}
        placeholder={t('orgPicker.chooseClub')}
        orgs={clubs}
        value={clubId}
        onChange={setClubId}
      />
    </Dialog>
  );
}
