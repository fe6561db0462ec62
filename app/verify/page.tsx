import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthScreen } from '@/components/auth/auth-screen';
import { LicenceCheck } from '@/components/verify/licence-check';
import { apiCall } from '@/lib/api/client';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('verify'))('title') };
}

/**
 * /admin/verify#<card>: checks a licence card's QR code in the browser, with the federation's
 * public key that comes with the page. The card's data stays after '#', so it never reaches a
 * server; once loaded, the page needs no network to check further cards.
 */
export default async function VerifyPage() {
  const t = await getTranslations('verify');
  let publicKey: string | null = null;
  try {
    publicKey = (await apiCall<{ publicKey: string }>('api/v1/licence-key', { onUnauthorized: 'throw' })).publicKey;
  } catch {
    publicKey = null;
  }
  return <AuthScreen>{publicKey ? <LicenceCheck publicKey={publicKey} /> : <p role="alert">{t('noKey')}</p>}</AuthScreen>;
}
