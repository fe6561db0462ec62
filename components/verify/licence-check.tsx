'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { formatDisplayDate } from '@/lib/domain/dates';
import { BASE_PATH } from '@/lib/domain/shell';
import {
  fromBase64Url,
  LICENCE_CARD_STATUSES,
  parseLicenceCardText,
  splitCardToken,
  type LicenceCardData,
  type LicenceCardStatus,
} from '@/lib/domain/licence-card';

type Verdict = { kind: 'checking' } | { kind: 'none' } | { kind: 'invalid' } | { kind: 'valid'; data: LicenceCardData; token: string };

/** The online step: the federation's answer for the card, or why there is none. */
type Online =
  { kind: 'checking' } | { kind: 'answered'; status: LicenceCardStatus } | { kind: 'failed'; reason: 'offline' | 'busy' | 'error' };

/** How long the online step may take before the page says it could not be done. */
const ONLINE_TIMEOUT_MS = 8000;

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
    return ok ? { kind: 'valid', data, token } : { kind: 'invalid' };
  } catch {
    return { kind: 'invalid' };
  }
}

/**
 * Asks the federation whether a genuine card still stands (valid / revoked / unknown). The card's
 * signed text goes to the federation's own API, nowhere else; the answer carries no personal data.
 */
async function checkOnline(token: string): Promise<Online> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'failed', reason: 'offline' };
  try {
    const res = await fetch(`${BASE_PATH}/api/v1/public/licence-status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: token }),
      cache: 'no-store',
      signal: AbortSignal.timeout(ONLINE_TIMEOUT_MS),
    });
    if (res.status === 429) return { kind: 'failed', reason: 'busy' };
    if (!res.ok) return { kind: 'failed', reason: 'error' };
    const body = (await res.json()) as { status?: unknown };
    const status = LICENCE_CARD_STATUSES.find((s) => s === body.status);
    return status ? { kind: 'answered', status } : { kind: 'failed', reason: 'error' };
  } catch {
    return { kind: 'failed', reason: 'offline' };
  }
}

const ONLINE_STYLE: Record<LicenceCardStatus, string> = {
  valid: 'rounded-md bg-green-50 p-3 font-semibold text-green-800',
  revoked: 'rounded-md bg-red-50 p-3 font-semibold text-red-800',
  unknown: 'rounded-md bg-red-50 p-3 font-semibold text-red-800',
};

export function LicenceCheck({ publicKey }: { publicKey: string }) {
  const t = useTranslations('verify');
  const [verdict, setVerdict] = useState<Verdict>({ kind: 'checking' });
  const [online, setOnline] = useState<Online | null>(null);

  useEffect(() => {
    // Each check belongs to the card in the address when it started: a later card's answer wins.
    let current = 0;
    const run = () => {
      const mine = ++current;
      setOnline(null);
      void check(window.location.hash, publicKey).then((v) => {
        if (mine !== current) return;
        setVerdict(v);
        if (v.kind !== 'valid') return;
        setOnline({ kind: 'checking' });
        void checkOnline(v.token).then((o) => {
          if (mine === current) setOnline(o);
        });
      });
    };
    run();
    window.addEventListener('hashchange', run);
    return () => {
      current = -1;
      window.removeEventListener('hashchange', run);
    };
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
            <p
              className={
                verdict.data.year >= year
                  ? 'rounded-md bg-green-50 p-3 font-semibold text-green-800'
                  : 'rounded-md bg-amber-50 p-3 font-semibold text-amber-900'
              }
            >
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
      {verdict.kind === 'valid' && online && (
        <section aria-labelledby="verify-online" className="space-y-1 border-t border-gray-200 pt-3">
          <h2 id="verify-online" className="text-sm font-semibold text-gray-900">
            {t('online.label')}
          </h2>
          <div role="status" aria-live="polite">
            {online.kind === 'checking' && <p className="text-gray-700">{t('online.checking')}</p>}
            {online.kind === 'answered' && <p className={ONLINE_STYLE[online.status]}>{t(`online.${online.status}`)}</p>}
            {online.kind === 'failed' && <p className="rounded-md bg-amber-50 p-3 text-amber-900">{t(`online.failed.${online.reason}`)}</p>}
          </div>
        </section>
      )}
    </section>
  );
}
