'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toast';
import type { TwoFactorStatus } from '@/lib/schemas/two-factor';
import { removeAuthenticator, removePasskey, renamePasskey, renewRecoveryCodes } from './two-factor-actions';
import { Enrolment } from '@/components/shared/two-factor/enrolment';
import { RecoveryCodes } from '@/components/shared/two-factor/recovery-codes';

/**
 * The profile's two-factor card: passkeys with their last use (rename, remove), the authenticator
 * app, the recovery codes left (and new ones, shown once), and adding a factor.
 */
export function TwoFactorSection({ status }: { status: TwoFactorStatus }) {
  const t = useTranslations('twoFactor');
  const format = useFormatter();
  const router = useRouter();
  const [dialog, confirm] = useConfirm();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);

  const refresh = () => router.refresh();
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : t('neverUsed'));

  async function remove(id: string) {
    if (!(await confirm(t('removeConfirm'), { tone: 'danger' }))) return;
    const result = await removePasskey({ id });
    if (result.ok) refresh();
    else notify.error(result.message);
  }

  async function saveName() {
    if (!editing) return;
    const result = await renamePasskey(editing);
    if (result.ok) {
      setEditing(null);
      refresh();
    } else notify.error(result.message);
  }

  async function dropAuthenticator() {
    if (!(await confirm(t('removeConfirm'), { tone: 'danger' }))) return;
    const result = await removeAuthenticator({});
    if (result.ok) refresh();
    else notify.error(result.message);
  }

  async function renew() {
    if (!(await confirm(t('regenerateConfirm')))) return;
    const result = await renewRecoveryCodes({});
    if (result.ok) setCodes(result.data);
    else notify.error(result.message);
  }

  const hasFactor = status.totp || status.passkeys.length > 0;

  return (
    <Card title={t('title')}>
      {dialog}
      {status.required && <p className="mb-3 text-sm text-gray-700">{t('required')}</p>}
      <h3 className="mb-2 text-sm font-semibold text-gray-900">{t('passkeys')}</h3>
      <ul className="mb-4 divide-y divide-gray-100" aria-label={t('passkeys')}>
        {status.passkeys.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            {editing?.id === p.id ? (
              <>
                <Input
                  label={t('passkeyName')}
                  value={editing.name}
                  maxLength={60}
                  onChange={(e) => setEditing({ id: p.id, name: e.target.value })}
                />
                <Button size="sm" onClick={saveName} disabled={editing.name.trim() === ''}>
                  {t('confirm')}
                </Button>
              </>
            ) : (
              <>
                <span className="font-medium">{p.name}</span>
                <span className="text-gray-600">
                  {t('lastUsed')}: {when(p.lastUsedAt)}
                </span>
                <Button size="sm" variant="ghost" onClick={() => setEditing({ id: p.id, name: p.name })}>
                  {t('rename')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => remove(p.id)}>
                  {t('remove')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      <h3 className="mb-2 text-sm font-semibold text-gray-900">{t('authenticatorApp')}</h3>
      <p className="mb-4 flex items-center gap-2 text-sm text-gray-700">
        {status.totp ? t('enabled') : t('notEnabled')}
        {status.totp && (
          <Button size="sm" variant="ghost" onClick={dropAuthenticator}>
            {t('remove')}
          </Button>
        )}
      </p>
      {hasFactor && (
        <div className="mb-4 space-y-2">
          <h3 className="text-sm font-semibold text-gray-900">{t('recoveryCodes')}</h3>
          <p className="text-sm text-gray-700">{t('codesLeft', { count: status.recoveryCodesLeft })}</p>
          {codes ? (
            <RecoveryCodes codes={codes} />
          ) : (
            <Button size="sm" variant="secondary" onClick={renew}>
              {t('regenerate')}
            </Button>
          )}
        </div>
      )}
      <Enrolment allowAuthenticator={!status.totp} onDone={refresh} />
    </Card>
  );
}
