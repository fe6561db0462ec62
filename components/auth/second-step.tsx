'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { SecondFactorMethod } from '@/lib/domain/two-factor';
import { secondStepPasskeyOptions, signInWithCode, signInWithPasskeyAnswer, signInWithRecoveryCode } from './second-factor-actions';
import { askAuthenticator } from '@/components/shared/two-factor/webauthn';

type Mode = 'passkey' | 'totp' | 'recovery';

/**
 * The second step of a sign-in: the passkey first where one is enrolled, 'Code eingeben'
 * otherwise, 'Wiederherstellungscode' as the last way. `onSignedIn` runs once the session exists.
 */
export function SecondStep({ methods, onSignedIn }: { methods: SecondFactorMethod[]; onSignedIn: () => void }) {
  const t = useTranslations('twoFactor');
  const [mode, setMode] = useState<Mode>(methods.includes('passkey') ? 'passkey' : methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    try {
      const refusal = await work();
      if (refusal === null) onSignedIn();
      else setError(refusal);
    } finally {
      setBusy(false);
    }
  }

  const withPasskey = () =>
    run(async () => {
      const options = await secondStepPasskeyOptions({});
      if (!options.ok) return options.message;
      const response = await askAuthenticator('get', options.data.options);
      if (!response) return t('invalidPasskey');
      const result = await signInWithPasskeyAnswer({ challengeId: options.data.challengeId, response: response as never });
      return result.ok ? null : result.message;
    });

  const withCode = () =>
    run(async () => {
      const result = mode === 'totp' ? await signInWithCode({ code }) : await signInWithRecoveryCode({ code });
      return result.ok ? null : (result.fieldErrors?.code ?? result.message);
    });

  const switchTo = (next: Mode) => {
    setMode(next);
    setCode('');
    setError(null);
  };

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">{t('title')}</h2>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {mode === 'passkey' ? (
        <Button className="w-full" onClick={withPasskey} loading={busy}>
          {t('usePasskey')}
        </Button>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void withCode();
          }}
        >
          <Input
            label={mode === 'totp' ? t('codeLabel') : t('recoveryCode')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoFocus
          />
          <Button type="submit" className="w-full" loading={busy} disabled={code.trim() === ''}>
            {t('confirm')}
          </Button>
        </form>
      )}
      <div className="flex flex-col items-start gap-1 text-sm">
        {mode !== 'passkey' && methods.includes('passkey') && (
          <button type="button" className="text-blue-700 underline" onClick={() => switchTo('passkey')}>
            {t('usePasskey')}
          </button>
        )}
        {mode !== 'totp' && methods.includes('totp') && (
          <button type="button" className="text-blue-700 underline" onClick={() => switchTo('totp')}>
            {t('enterCode')}
          </button>
        )}
        {mode !== 'recovery' && (
          <button type="button" className="text-blue-700 underline" onClick={() => switchTo('recovery')}>
            {t('recoveryCode')}
          </button>
        )}
      </div>
    </div>
  );
}
