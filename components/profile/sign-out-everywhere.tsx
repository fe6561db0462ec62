'use client';

import { useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { BASE_PATH } from '@/lib/domain/shell';
import { signOutEverywhere } from './actions';

/** Ends every session of the user (all browsers and devices, this one too), after a Ja/Nein. */
export function SignOutEverywhere() {
  const t = useTranslations('profile.signOutEverywhere');
  const [asking, setAsking] = useState(false);
  const [pending, startTransition] = useTransition();

  function confirm() {
    setAsking(false);
    startTransition(async () => {
      const result = await signOutEverywhere();
      if (result.ok) hardNavigate(BASE_PATH);
      else notify.error(result.message);
    });
  }

  return (
    <Card title={t('title')}>
      <p className="mb-4 text-sm text-gray-700">{t('hint')}</p>
      <Button variant="secondary" onClick={() => setAsking(true)} loading={pending}>
        {t('button')}
      </Button>
      <ConfirmDialog open={asking} message={t('confirm')} tone="danger" onConfirm={confirm} onCancel={() => setAsking(false)} />
    </Card>
  );
}
