'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { passkeySignIn, passkeySignInOptions } from './second-factor-actions';
import { askAuthenticator } from '@/components/shared/two-factor/webauthn';

/** Sign-in with a passkey alone: no address, no password; the browser offers the accounts it holds a passkey for. */
export function PasskeySignIn({ onSignedIn, onRefused }: { onSignedIn: () => void; onRefused: (message: string) => void }) {
  const t = useTranslations('twoFactor');
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      const options = await passkeySignInOptions({});
      if (!options.ok) return onRefused(options.message);
      const response = await askAuthenticator('get', options.data.options);
      if (!response) return onRefused(t('invalidPasskey'));
      const result = await passkeySignIn({ challengeId: options.data.challengeId, response: response as never });
      if (result.ok) onSignedIn();
      else onRefused(result.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="secondary" className="mt-3 w-full" onClick={start} loading={busy}>
      {t('signInWithPasskey')}
    </Button>
  );
}
