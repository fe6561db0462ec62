'use client';

import { useTransition } from 'react';
import { useTranslations } from 'next-intl';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { resetSecondFactorAction } from './privacy-actions';

/**
 * 'Zweiten Faktor zurücksetzen' on the member card (the federation only): after a Ja the person's
 * passkeys, authenticator app and recovery codes go, they are signed out everywhere and told by mail.
 */
export function SecondFactorReset({ memberId, memberName, disabled }: { memberId: number; memberName: string; disabled?: boolean }) {
  const t = useTranslations('privacy.twoFactorReset');
  const tf = useTranslations('twoFactor');
  const [busy, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();

  async function reset() {
    if (!(await confirm(t('confirm', { name: memberName }), { tone: 'danger' }))) return;
    startTransition(async () => {
      applyActionResult(await settleAction(resetSecondFactorAction({ memberId, name: memberName })));
    });
  }

  return (
    <>
      {confirmElement}
      <Button variant="secondary" onClick={() => void reset()} loading={busy} disabled={disabled}>
        {tf('reset')}
      </Button>
    </>
  );
}
