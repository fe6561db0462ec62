import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthScreen } from '@/components/auth/auth-screen';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('resetPassword'))('title') };
}

/** /admin/repair-password/{token}: the link from the reset mail. */
export default async function RepairPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <AuthScreen>
      <ResetPasswordForm token={token} />
    </AuthScreen>
  );
}
