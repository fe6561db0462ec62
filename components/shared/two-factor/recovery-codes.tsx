'use client';

import { useTranslations } from 'next-intl';

/** Recovery codes as handed out: shown this once, to be kept safe. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useTranslations('twoFactor');
  return (
    <section aria-label={t('recoveryCodes')} className="rounded-md border border-amber-300 bg-amber-50 p-3">
      <h3 className="mb-1 text-sm font-semibold text-gray-900">{t('recoveryCodes')}</h3>
      <p className="mb-2 text-sm text-gray-700">{t('recoveryCodesShownOnce')}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
