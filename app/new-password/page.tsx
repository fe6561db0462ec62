import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthScreen } from '@/components/auth/auth-screen';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('forgotPassword'))('title') };
}

/** /admin/new-password: request a reset link by e-mail. */
export default function NewPasswordPage() {
  return (
    <AuthScreen>
      <ForgotPasswordForm />
    </AuthScreen>
  );
}
