'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  confirmAuthenticator,
  finishPasskeyRegistration,
  startAuthenticatorEnrolment,
  startPasskeyRegistration,
} from './enrolment-actions';
import { RecoveryCodes } from './recovery-codes';
import { askAuthenticator } from './webauthn';

type Done = { recoveryCodes: string[] | null; signedIn: boolean };

/**
 * Adding a second factor: a passkey (named) or an authenticator app (QR code, confirmed by its
 * first code). Used on the profile and, when the policy demands it, at sign-in. `onDone` runs
 * after the enrolment (and after the recovery codes, if any, were shown and acknowledged).
 */
export function Enrolment({ onDone, allowAuthenticator = true }: { onDone: (done: Done) => void; allowAuthenticator?: boolean }) {
  const t = useTranslations('twoFactor');
  const [name, setName] = useState('Passkey');
  const [secret, setSecret] = useState<{ secret: string; uri: string; qrCode: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done | null>(null);

  async function run(work: () => Promise<Done | string>) {
    setBusy(true);
    setError(null);
    try {
      const outcome = await work();
      if (typeof outcome === 'string') setError(outcome);
      else if (outcome.recoveryCodes) setDone(outcome);
      else onDone(outcome);
    } finally {
      setBusy(false);
    }
  }

  const addPasskey = () =>
    run(async () => {
      const options = await startPasskeyRegistration({});
      if (!options.ok) return options.message;
      const response = await askAuthenticator('create', options.data.options);
      if (!response) return t('invalidPasskey');
      const result = await finishPasskeyRegistration({ challengeId: options.data.challengeId, name, response: response as never });
      return result.ok ? { recoveryCodes: result.data.recoveryCodes, signedIn: result.data.signedIn } : result.message;
    });

  async function startAuthenticator() {
    setBusy(true);
    setError(null);
    const result = await startAuthenticatorEnrolment({});
    setBusy(false);
    if (result.ok) setSecret(result.data);
    else setError(result.message);
  }

  const confirm = () =>
    run(async () => {
      const result = await confirmAuthenticator({ code });
      return result.ok ? result.data : (result.fieldErrors?.code ?? result.message);
    });

  if (done?.recoveryCodes) {
    return (
      <div className="space-y-3">
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button onClick={() => onDone(done)}>{t('continue')}</Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <Input label={t('passkeyName')} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        <Button onClick={addPasskey} loading={busy} disabled={name.trim() === ''}>
          {t('addPasskey')}
        </Button>
      </div>
      {allowAuthenticator &&
        (secret ? (
          <form
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              void confirm();
            }}
          >
            <p className="text-sm text-gray-700">{t('scanQr')}</p>
            {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made by the API */}
            <img src={secret.qrCode} alt={t('qrAlt')} width={200} height={200} />
            <p className="font-mono text-xs break-all text-gray-600">{secret.secret}</p>
            <Input
              label={t('codeLabel')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
            <Button type="submit" loading={busy} disabled={code.trim() === ''}>
              {t('confirm')}
            </Button>
          </form>
        ) : (
          <Button variant="secondary" onClick={startAuthenticator} loading={busy}>
            {t('addAuthenticator')}
          </Button>
        ))}
    </div>
  );
}
