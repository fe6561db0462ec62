import { AuthScreen } from '@/components/auth/auth-screen';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

/** /admin/repair-password/{token}: the link from the reset mail. */
export default async function RepairPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <AuthScreen>
      <ResetPasswordForm token={token} />
    </AuthScreen>
  );
}
