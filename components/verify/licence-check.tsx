'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { formatDisplayDate } from '@/lib/domain/dates';
import { fromBase64Url, parseLicenceCardText, splitCardToken, type LicenceCardData } from '@/lib/domain/licence-card';

type Verdict = { kind: 'checking' } | { kind: 'none' } | { kind: 'invalid' } | { kind: 'valid'; data: LicenceCardData };

/** Verifies the signed licence data after '#' with WebCrypto's Ed25519, without a network call. */
async function check(hash: string, publicKey: string): Promise<Verdict> {
  const token = hash.replace(/^#/, '');
  if (!token) return { kind: 'none' };
  const parts = splitCardToken(token);
  const data = parts ? parseLicenceCardText(parts.text) : null;
  const keyBytes = fromBase64Url(publicKey);
  if (!parts || !data || !keyBytes) return { kind: 'invalid' };
  try {
    const key = await crypto.subtle.importKey('raw', keyBytes as BufferSource, { name: 'Ed25519' }, false, ['verify']);
    const ok = await crypto.subtle.verify({ name: 'Ed25519' }, key, parts.signature as BufferSource, parts.bytes as BufferSource);
    return ok ? { kind: 'valid', data } : { kind: 'invalid' };
  } catch {
    return { kind: 'invalid' };
  }
}

export function LicenceCheck({ publicKey }: { publicKey: string }) {
  const t = useTranslations('verify');
  const [verdict, setVerdict] = useState<Verdict>({ kind: 'checking' });

  useEffect(() => {
    const run = () => void check(window.location.hash, publicKey).then(setVerdict);
    run();
    window.addEventListener('hashchange', run);
    return () => window.removeEventListener('hashchange', run);
  }, [publicKey]);

  const year = new Date().getFullYear();
  return (
    <section aria-labelledby="verify-title" className="w-full space-y-3 text-center">
      <h1 id="verify-title" className="text-lg font-semibold text-gray-900">
        {t('title')}
      </h1>
      <div role="status" aria-live="polite">
        {verdict.kind === 'checking' && <p className="text-gray-700">{t('checking')}</p>}
        {verdict.kind === 'none' && <p className="text-gray-700">{t('none')}</p>}
        {verdict.kind === 'invalid' && <p className="rounded-md bg-red-50 p-3 font-semibold text-red-800">{t('invalid')}</p>}
        {verdict.kind === 'valid' && (
          <div className="space-y-2">
            <p className={verdict.data.year >= year ? 'rounded-md bg-green-50 p-3 font-semibold text-green-800' : 'rounded-md bg-amber-50 p-3 font-semibold text-amber-900'}>
              {verdict.data.year >= year ? t('valid', { year: verdict.data.year }) : t('expired', { year: verdict.data.year })}
            </p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-left text-sm">
              <dt className="text-gray-600">{t('name')}</dt>
              <dd>{`${verdict.data.firstName} ${verdict.data.surname}`}</dd>
              <dt className="text-gray-600">{t('birthDate')}</dt>
              <dd>{formatDisplayDate(verdict.data.birthDate)}</dd>
              <dt className="text-gray-600">{t('club')}</dt>
              <dd>{verdict.data.club}</dd>
              <dt className="text-gray-600">{t('regNr')}</dt>
              <dd>{verdict.data.regNr}</dd>
            </dl>
          </div>
        )}
      </div>
    </section>
  );
}
