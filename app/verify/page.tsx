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
 * public key that comes with the page. The card's data stays after '#', so loading the page sends
 * it nowhere, and once loaded the page checks further cards without a network. Where the network
 * allows, it then asks the federation's API whether a genuine card was revoked (sending the card
 * to that API only) and shows that answer beside the offline one, or says it could not ask.
 */
export default async function VerifyPage() {
  const t = await getTranslations('verify');
  let publicKey: string | null = null;
  try {
    publicKey = (await apiCall((api) => api.api.v1['licence-key'].$get(), { onUnauthorized: 'throw' })).publicKey;
  } catch {
    publicKey = null;
  }
  return <AuthScreen>{publicKey ? <LicenceCheck publicKey={publicKey} /> : <p role="alert">{t('noKey')}</p>}</AuthScreen>;
}
